# window-tests: no display
# The release link's code order: Package.swift hands lld scripts/link-order.txt, the file is there
# and holds symbol names, and scripts/link-order.py makes the order its comment promises from a
# small link map and two profiles (one symbol per input section that ran, unique to it, the
# sections more runs used first; a shared name is never the one chosen).
# Sourced by the window-test runner, or on its own: bash scripts/window-tests/52-link-order.sh
if ! declare -F pass >/dev/null; then
    cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    order_passed=0; order_failed=0
    pass() { echo "PASS $1"; order_passed=$((order_passed + 1)); }
    fail() { echo "FAIL $1: $2"; order_failed=$((order_failed + 1)); }
    order_standalone=1
fi

link_order_tests() {
    if grep -qF -- '--symbol-ordering-file=\(Context.packageDirectory)/scripts/link-order.txt' Package.swift; then
        pass "link order: Package.swift passes scripts/link-order.txt to the release link"
    else fail "link order" "Package.swift does not name scripts/link-order.txt"; fi
    local names bad
    names=$(grep -vc '^#' scripts/link-order.txt 2>/dev/null || echo 0)
    bad=$(grep -v '^#' scripts/link-order.txt 2>/dev/null | grep -c '[[:space:]]' || true)
    if [ "$names" -ge 200 ] && [ "$bad" -eq 0 ]; then pass "link order: scripts/link-order.txt holds $names symbol names"
    else fail "link order" "scripts/link-order.txt has $names names, $bad with spaces"; fi

    cat >"$work/link.map" <<'MAP'
             VMA              LMA     Size Align Out     In      Symbol
          47b110           47b110      440    16 .text
          47b110           47b110       3a    16         /b/x.o:(.text.$sA)
          47b110           47b110       3a     1                 $sA
          47b150           47b150      100    16         /b/y.o:(.text)
          47b150           47b150       10     1                 $sShared
          47b160           47b160       10     1                 $sB
          47b250           47b250      100    16         /b/z.o:(.text)
          47b250           47b250       10     1                 $sShared
          47b260           47b260       10     1                 $sC
          47b350           47b350      100    16         /b/w.o:(.text)
          47b350           47b350       10     1                 $sCold
          47c000           47c000       10    16 .rodata
          47c000           47c000       10    16         /b/v.o:(.rodata)
          47c000           47c000       10     1                 $sB
MAP
    printf '%s\n' 'events: Ir' 'ob=(1) /b/collection-demo' 'fn=(1) $sShared' '0 5' 'cfn=(2) $sB' 'calls=1 0' '0 3' \
        'ob=(2) /lib/libc.so.6' 'fn=(3) $sCold' '0 1' >"$work/one.callgrind"
    printf '%s\n' 'events: Ir' 'ob=(1) /b/collection-demo' 'fn=(1) $sA' '0 5' 'fn=(2) $sB' '0 2' >"$work/two.callgrind"
    local got
    got=$(python3 scripts/link-order.py "$work/link.map" "$work/one.callgrind" "$work/two.callgrind" 2>"$work/order.err" | grep -v '^#' | paste -sd' ')
    if [ "$got" = '$sB $sA $sC' ]; then pass "link order: one unique symbol per section that ran, most used first"
    else fail "link order" "link-order.py gave '$got' for the sample map, expected '\$sB \$sA \$sC' ($(cat "$work/order.err"))"; fi
}
link_order_tests

if [ -n "${order_standalone:-}" ]; then
    echo "link order tests: $order_passed passed, $order_failed failed"
    [ "$order_failed" -eq 0 ]
fi
