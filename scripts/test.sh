#!/usr/bin/env bash
# Installs what is missing and runs every test: the unit, script and golden-image tests
# (swift test, headless), then the window tests under Xvfb driven by real X input.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
scripts/install-deps.sh --test
swift build --build-tests
swift test --skip-build --disable-swift-testing   # the suites are XCTest
# The same suites under AddressSanitizer, in a build folder of their own so the normal build stays.
if [ "${SKIP_ASAN:-0}" != 1 ]; then
    swift build --build-tests --sanitize=address --scratch-path .build-asan
    swift test --skip-build --disable-swift-testing --sanitize=address --scratch-path .build-asan
fi
scripts/window-tests.sh
