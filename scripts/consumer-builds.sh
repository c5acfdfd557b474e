#!/usr/bin/env bash
# A program that depends on this package, built the ways its developer builds it: a fresh package
# in a temporary folder names a clone of this repository by git URL (file://, as a remote would be)
# with `traits: []`, and is built N times (default 20), alternating `swift build --product app`,
# `swift build --build-tests` and a plain `swift build`, each after touching one of its files.
# Every build must pass, and its log must show nothing compiled but the libraries it uses (the
# engine, the SDL backend, the testing library, the system modules) and the app's own targets:
# never the demo, the benchmarks, the examples or ArgumentParser.
#   scripts/consumer-builds.sh [N]     exit 1 on a failed build or a program compiled
# Slow (the first build compiles the libraries: minutes on a loaded 2-core machine; the rest are
# incremental); not part of scripts/test.sh. Prints the time each build took and the total.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
rounds=${1:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q --no-local "$PWD" "$work/engine" || exit 1
mkdir -p "$work/app/Sources/app" "$work/app/Sources/AppModel" "$work/app/Tests/AppModelTests"
cat >"$work/app/Package.swift" <<PKG
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "app",
    products: [.executable(name: "app", targets: ["app"])],
    // traits: [] leaves out what only the demo and benchmark programs need.
    dependencies: [.package(url: "file://$work/engine", branch: "$(git rev-parse --abbrev-ref HEAD)", traits: [])],
    targets: [
        .target(name: "AppModel", dependencies: [.product(name: "CollectionKit", package: "engine")]),
        .executableTarget(name: "app", dependencies: ["AppModel", .product(name: "CollectionKitSDL", package: "engine")]),
        .testTarget(name: "AppModelTests", dependencies: ["AppModel", .product(name: "CollectionKitTesting", package: "engine")]),
    ]
)
PKG
cat >"$work/app/Sources/AppModel/Model.swift" <<'SWIFT'
import CollectionKit
public func makeGrid() -> CollectionView { CollectionView(name: "grid", layout: GridLayout(minimumCrossSize: 100)) }
SWIFT
cat >"$work/app/Sources/app/main.swift" <<'SWIFT'
import AppModel
import CollectionKit
import CollectionKitSDL
let root = Composition([CollectionController(view: makeGrid())])
print("parts: \(root.parts.count), quit: \(QuitSignals.isRequested)")
SWIFT
cat >"$work/app/Tests/AppModelTests/ModelTests.swift" <<'SWIFT'
import AppModel
import CollectionKitTesting
import XCTest
final class ModelTests: XCTestCase { func testGrid() { XCTAssertEqual(makeGrid().name, "grid") } }
SWIFT
# What the libraries and the app may compile; anything else compiled is a program of the engine's.
allowed='^(CollectionKit|CollectionKitSDL|CollectionKitTesting|AppModel|app|AppModelTests|appPackageTests|appPackageDiscoveredTests|C[A-Za-z0-9]+)$'
cd "$work/app"
failures=0; total_start=$(date +%s.%N)
for i in $(seq 1 "$rounds"); do
    case $((i % 3)) in
        1) args=(--product app); touch Sources/app/main.swift ;;
        2) args=(--build-tests); touch Tests/AppModelTests/ModelTests.swift ;;
        0) args=(); touch Sources/AppModel/Model.swift ;;
    esac
    start=$(date +%s.%N)
    swift build "${args[@]}" >"$work/build-$i.log" 2>&1; code=$?
    took=$(echo "$(date +%s.%N) - $start" | bc)
    compiled=$(grep -oE '(Compiling|Emitting module) [A-Za-z0-9_-]+' "$work/build-$i.log" | awk '{print $NF}' | sort -u | tr '\n' ' ')
    programs=$(printf '%s\n' $compiled | grep -vE "$allowed" | tr '\n' ' ')
    printf 'build %2d: swift build %-14s exit %d, %6.1f s, compiled: %s\n' "$i" "${args[*]:-}" "$code" "$took" "${compiled:-nothing}"
    if [ "$code" -ne 0 ]; then failures=$((failures + 1)); tail -15 "$work/build-$i.log"; fi
    if [ -n "${programs// /}" ]; then failures=$((failures + 1)); echo "   compiled what only the engine's programs need: $programs"; fi
done
fetched=$(ls .build/checkouts | tr '\n' ' ')
echo "fetched: $fetched"
[ "$(ls .build/checkouts | grep -vc '^engine$')" -eq 0 ] || { echo "fetched packages only the programs need"; failures=$((failures + 1)); }
echo "consumer builds: $rounds builds, $failures failures, $(printf '%.0f' "$(echo "$(date +%s.%N) - $total_start" | bc)") s in all"
[ "$failures" -eq 0 ]
