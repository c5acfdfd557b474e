#!/usr/bin/env bash
# The monkey tests as a long hunt: random input scripts against every scene with many more seeds
# than the test suite plays (it plays 4 per scene, and 2 at three frame rates).
#   Benchmarks/monkey.sh [SEEDS]   default 48: 48 scripts per scene, 24 of them at 30, 60 and 144 fps
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
swift build --build-tests
MONKEY_SEEDS=${1:-48} .build/debug/CollectionKitPackageTests.xctest \
    CollectionDemoTests.MonkeyTests/testRandomInputBreaksNothing,CollectionDemoTests.MonkeyTests/testRandomInputEndsTheSameAtEveryFrameRate
