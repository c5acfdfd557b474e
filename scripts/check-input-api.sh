#!/usr/bin/env bash
# The engine has one door for input: every public function named handle*, pointer* or wheel* in
# CollectionKit answers an EventDisposition (or returns nothing, as a root's handle does). Lists
# them with their return types and fails on one that answers a Bool (a side door: a caller that
# forgets to ask a Composition, and keys offered twice). It also fails when the demo routes input
# around its compositions again: a Bool handler wrapped as a part (inputPart), a focus stop made of
# closures (SceneFocusStop), or input captured by hand (PointerCapture).
#   scripts/check-input-api.sh [--self-test]
set -uo pipefail
cd "$(dirname "$0")/.."
list() {
    grep -rnE "public (mutating |static )?func (handle|pointer|wheel)[A-Za-z]*\(" "$@" --include=*.swift \
        | sed -E 's/\{.*//; s/[[:space:]]+$//'
}
check() {
    local found; found=$(list "$@")
    echo "$found" | sed -E 's#^([^:]*):([0-9]+):[[:space:]]*#  \1:\2  #'
    local bad; bad=$(echo "$found" | grep -E -- "-> *Bool\b" || true)
    if [ -n "$bad" ]; then
        echo "public input entry points answering Bool (make them internal, or answer EventDisposition):"
        echo "$bad"
        return 1
    fi
    echo "$(echo "$found" | grep -c .) public input entry points, none answering Bool"
}
# side_doors DIR: uses of the demo's retired input helpers in DIR's Swift files.
side_doors() {
    local found; found=$(grep -rnwE "inputPart|SceneFocusStop|PointerCapture" "$1" --include=*.swift || true)
    [ -z "$found" ] && { echo "the demo routes no input around its compositions"; return 0; }
    echo "input routed around a composition (make it a part or a focus stop of its own type):"
    echo "$found"
    return 1
}
if [ "${1:-}" = --self-test ]; then
    dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
    printf 'let p = inputPart { _, _ in true }\n' >"$dir/S.swift"
    if side_doors "$dir" >/dev/null; then echo "FAIL: an inputPart in a scene was not caught"; exit 1; fi
    echo "PASS: an inputPart in a scene is caught"
    rm "$dir/S.swift"
fi
if [ "${1:-}" = --self-test ]; then
    dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
    printf 'public final class X {\n    public func handleThing(_ e: Int) -> Bool { true }\n}\n' >"$dir/X.swift"
    if check "$dir" >/dev/null; then echo "FAIL: a public handle…() -> Bool was not caught"; exit 1; fi
    echo "PASS: a public handle…() -> Bool is caught"
    exit 0
fi
check Sources/CollectionKit && side_doors Sources/CollectionDemo
