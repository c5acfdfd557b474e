#!/usr/bin/env bash
# Installs what is missing and runs every test: the unit, script and golden-image tests
# (swift test, headless), then the window tests under Xvfb driven by real X input, then the
# teardown tests (clean exits in a loop, and under valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
scripts/install-deps.sh --test
swift build --build-tests
swift test --skip-build --disable-swift-testing   # the suites are XCTest
# The same suites under AddressSanitizer, in a build folder of their own so the normal build stays.
if [ "${SKIP_ASAN:-0}" != 1 ]; then
    swift build --build-tests --sanitize=address --scratch-path .build-asan
    # The random monkey runs (minutes under the sanitizer) run in the pass above; its hostile-line,
    # lift and whole-program checks run here too.
    # Leak reports are off: on Linux they flag the Swift runtime's and XCTest's own allocations.
    ASAN_OPTIONS=detect_leaks=0 swift test --skip-build --disable-swift-testing --sanitize=address --scratch-path .build-asan --skip "MonkeyTests.testRandom"
fi
scripts/window-tests.sh
scripts/teardown-tests.sh
