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
scripts/window-tests.sh
scripts/teardown-tests.sh
