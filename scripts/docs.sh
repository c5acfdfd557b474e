#!/usr/bin/env bash
# Builds the engine's DocC catalogue (Sources/CollectionKit/CollectionKit.docc and the doc
# comments) with the swift-docc-plugin, and fails on any warning: a symbol link that no longer
# resolves (after a rename, or a type made internal), a topic that names nothing, an article
# that is in no topic group.
#
#   scripts/docs.sh               builds into .build/docs/CollectionKit.doccarchive
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
log="$out/generate-documentation.log"
swift package --allow-writing-to-directory "$out" generate-documentation --target CollectionKit \
    --output-path "$out/CollectionKit.doccarchive" >"$log" 2>&1
status=$?

# DocC reports each problem as "warning:" or "error:" with the file and line after it; the
# compiler's own warnings from the symbol-graph build count as well (the package builds quietly).
problems=$(grep -E -A1 '(warning|error): ' "$log" | grep -E '(warning|error): |-->' | awk '!seen[$0]++')
if [ -n "$problems" ]; then
    echo "$problems"
    echo "docs: $(echo "$problems" | grep -cE "(warning|error): ") problem(s); full log in $log" >&2
    [ "$strict" = 1 ] && exit 1
fi
if [ "$status" != 0 ]; then
    tail -20 "$log" >&2
    echo "docs: generate-documentation failed (exit $status); full log in $log" >&2
    exit "$status"
fi
echo "docs: $out/CollectionKit.doccarchive built without warnings"
