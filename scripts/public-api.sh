#!/usr/bin/env bash
# Counts the public declarations of the libraries: CollectionKit (the engine), CollectionKitSDL
# (the backend), CollectionKitDesktop (the desktop services) and CollectionKitTesting (the headless
# driver and script format).
#
# How: each library is built (debug, incremental), then swift-symbolgraph-extract reads its
# compiled module and writes the symbol graph of everything `public` or `open` (the same graph
# DocC documents). A declaration is one symbol: a type, a case, a property, a method, an
# initialiser, an operator. Members a type only inherits from a protocol extension (the graph
# marks them SYNTHESIZED) are not counted; extensions a library declares on another module's
# types (CollectionKit@Swift, CollectionKitTesting@CollectionKit) are.
#
#   scripts/public-api.sh            prints the counts, and the recorded ones (scripts/public-api.txt)
#   scripts/public-api.sh --check    also fails when a library has more than its recorded count
#   scripts/public-api.sh --record   writes today's counts to scripts/public-api.txt
#   scripts/public-api.sh --list MODULE   prints MODULE's public declarations, one a line
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
mode=print module=""
case "${1:-}" in
    "") ;;
    --check) mode=check ;;
    --record) mode=record ;;
    --list) mode=list; module="${2:?usage: scripts/public-api.sh --list MODULE}" ;;
    *) echo "usage: scripts/public-api.sh [--check | --record | --list MODULE]" >&2; exit 2 ;;
esac

modules=(CollectionKit CollectionKitSDL CollectionKitDesktop CollectionKitTesting)
record=scripts/public-api.txt
out=.build/public-api
rm -rf "$out"; mkdir -p "$out"

# The backend imports C modules: their module maps, and the header folders Package.swift takes
# from pkg-config for them (SDL's headers are reached as <SDL2/...> from /usr/include).
includes=()
for d in Sources/C*/; do [ -f "$d/module.modulemap" ] && includes+=(-I "$d"); done
# shellcheck disable=SC2207
includes+=($(pkg-config --cflags-only-I freetype2 fontconfig icu-uc glib-2.0))

for m in "${modules[@]}"; do
    swift build --target "$m" >"$out/build-$m.log" 2>&1 || { cat "$out/build-$m.log" >&2; exit 1; }
    swift-symbolgraph-extract -module-name "$m" -target "$(uname -m)-unknown-linux-gnu" \
        -I .build/debug/Modules "${includes[@]}" -minimum-access-level public -output-dir "$out" \
        >"$out/extract-$m.log" 2>&1 || { cat "$out/extract-$m.log" >&2; exit 1; }
done

python3 - "$out" "$mode" "$record" "$module" "${modules[@]}" <<'EOF'
import glob, json, os, sys
out, mode, record, listed, modules = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]

def declarations(m):
    found = []
    for f in glob.glob(f"{out}/{m}.symbols.json") + glob.glob(f"{out}/{m}@*.symbols.json"):
        for s in json.load(open(f))["symbols"]:
            if "::SYNTHESIZED::" in s["identifier"]["precise"]:
                continue
            found.append((s["kind"]["identifier"].removeprefix("swift."), ".".join(s["pathComponents"])))
    return sorted(found, key=lambda d: (d[1], d[0]))

type_kinds = {"struct", "enum", "class", "protocol", "typealias"}
counts = {}
for m in modules:
    decls = declarations(m)
    counts[m] = (len(decls), sum(1 for k, _ in decls if k in type_kinds))
    if mode == "list" and m == listed:
        for kind, path in decls:
            print(f"{kind:16} {path}")
if mode == "list":
    sys.exit(0)

recorded = {}
if os.path.exists(record):
    for line in open(record):
        parts = line.split()
        if len(parts) >= 2 and not line.startswith("#"):
            recorded[parts[0]] = int(parts[1])

print(f"{'library':22} {'public':>7} {'types':>6} {'recorded':>9}")
grew = []
for m in modules:
    n, t = counts[m]
    was = recorded.get(m)
    note = "" if was is None else f"{was:9}" + ("" if n == was else f"  ({n - was:+d})")
    print(f"{m:22} {n:7} {t:6} {note}")
    if was is not None and n > was:
        grew.append(m)

if mode == "record":
    with open(record, "w") as f:
        f.write("# Public declarations per library, as scripts/public-api.sh counts them (symbol graphs).\n")
        f.write("# Update with scripts/public-api.sh --record when an API is added on purpose.\n")
        for m in modules:
            f.write(f"{m} {counts[m][0]}\n")
    print(f"recorded in {record}")
if mode == "check" and grew:
    print(f"more public declarations than recorded in {record}: {', '.join(grew)}", file=sys.stderr)
    sys.exit(1)
EOF
