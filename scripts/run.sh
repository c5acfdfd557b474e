#!/usr/bin/env bash
# Installs what is missing, builds in release and opens the demo window.
# Any arguments go to collection-demo (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
scripts/install-deps.sh
# The translations, where the binary in .build finds them (docs/translations.md).
scripts/translations.sh compile
swift build -c release --product collection-demo
exec .build/release/collection-demo "$@"
