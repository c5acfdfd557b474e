#!/usr/bin/env bash
# Builds the libraries' DocC catalogues (Sources/<library>/<library>.docc and the doc
# comments) with the swift-docc-plugin, and fails on any warning: a symbol link that no longer
# resolves (after a rename, or a type made internal), a topic that names nothing, an article
# that is in no topic group.
#
#   scripts/docs.sh               builds into .build/docs/<library>.doccarchive
#   scripts/docs.sh --keep-going  prints the warnings but exits 0
#
# About two minutes on a 2-core machine: the plugin builds the engine once more to extract its
# symbol graph.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
strict=1
case "${1:-}" in
    "") ;;
    --keep-going) strict=0 ;;
    *) echo "usage: scripts/docs.sh [--keep-going]" >&2; exit 2 ;;
esac

out=.build/docs
mkdir -p "$out"
failed=0
# Each library's catalogue: the engine, the SDL backend, the desktop services, the headless testing tools.
for target in CollectionKit CollectionKitSDL CollectionKitDesktop CollectionKitTesting; do
    log="$out/$target.log"
    swift package --allow-writing-to-directory "$out" generate-documentation --target "$target" \
        --output-path "$out/$target.doccarchive" >"$log" 2>&1
    status=$?
    # DocC reports each problem as "warning:" or "error:" with the file and line after it; the
    # compiler's own warnings from the symbol-graph build count as well (the package builds quietly).
    problems=$(grep -E -A1 '(warning|error): ' "$log" | grep -E '(warning|error): |-->' | awk '!seen[$0]++')
    if [ -n "$problems" ]; then
        echo "$problems"
        echo "docs: $target: $(echo "$problems" | grep -cE "(warning|error): ") problem(s); full log in $log" >&2
        [ "$strict" = 1 ] && failed=1
    fi
    if [ "$status" != 0 ]; then
        tail -20 "$log" >&2
        echo "docs: $target: generate-documentation failed (exit $status); full log in $log" >&2
        failed=1
    elif [ -z "$problems" ]; then
        echo "docs: $out/$target.doccarchive built without warnings"
    fi
done
exit $failed
