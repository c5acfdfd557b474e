#!/usr/bin/env bash
# What a program that depends on this package gets: a fresh package in a temporary folder names a
# clone of this repository by URL (file://, as a remote would be), builds a small program against
# CollectionKit and CollectionKitSDL, and reports what was fetched and any warning the build printed.
#   scripts/consumer-check.sh        exit 1 on a 'prohibited flag' warning, a fetched demo-only package or a failed build
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q --no-local "$PWD" "$work/engine" || exit 1
mkdir -p "$work/app/Sources/app"
cat >"$work/app/Package.swift" <<PKG
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "app",
    // traits: [] leaves out what only the demo and benchmark programs need.
    dependencies: [.package(url: "file://$work/engine", branch: "$(git rev-parse --abbrev-ref HEAD)", traits: [])],
    targets: [.executableTarget(name: "app", dependencies: [
        .product(name: "CollectionKit", package: "engine"),
        .product(name: "CollectionKitSDL", package: "engine"),
    ])]
)
PKG
cat >"$work/app/Sources/app/main.swift" <<'SWIFT'
import CollectionKit
import CollectionKitSDL
let grid = CollectionView(name: "grid", layout: GridLayout(minimumCrossSize: 100))
let root = Composition([CollectionController(view: grid)])
print("parts: \(root.parts.count), backend: \(String(describing: WindowLoop<ComposedRootStub>.self))")
final class ComposedRootStub: ComposedRoot {
    var size = Size(width: 100, height: 100)
    let composition = Composition([])
    func layOut(for size: Size) { self.size = size }
}
SWIFT
cd "$work/app"
swift build >"$work/build.log" 2>&1; code=$?
fetched=$(ls .build/checkouts | tr '\n' ' ')
echo "fetched: $fetched"
extra=$(ls .build/checkouts | grep -v '^engine$' | tr '\n' ' ')
warnings=$(grep -c "warning: prohibited flag" "$work/build.log")
echo "prohibited-flag warnings: $warnings"
[ $code -eq 0 ] || { tail -20 "$work/build.log"; echo "consumer build FAILED"; exit 1; }
./.build/debug/app
[ "$warnings" -eq 0 ] || exit 1
if [ -n "$extra" ]; then echo "consumer fetched packages only the demo or the docs need: $extra"; exit 1; fi
echo "consumer build passed"
