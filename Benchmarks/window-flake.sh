#!/usr/bin/env bash
# Runs the whole window-test stage RUNS times in a row (default 20) and counts the runs that
# failed, naming each failed test: a flaky test shows here before it shows in CI. Load the machine
# meanwhile to make it count (for example `swift build --scratch-path /tmp/load-build` beside it).
#   Benchmarks/window-flake.sh [RUNS]
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
bad=0
for i in $(seq 1 "$runs"); do
    start=$(date +%s)
    if out=$(scripts/window-tests.sh 2>&1); then
        echo "run $i: $(echo "$out" | grep '^window tests:') in $(( $(date +%s) - start )) s"
    else
        bad=$((bad + 1))
        echo "run $i: FAILED in $(( $(date +%s) - start )) s"
        echo "$out" | grep '^FAIL' | sed 's/^/    /'
    fi
done
echo "window-test stage: $((runs - bad)) of $runs runs passed"
[ "$bad" -eq 0 ]
