#!/usr/bin/env bash
# Removes what scripts/install.sh put under PREFIX (default $PREFIX, else ~/.local): the files its
# manifest lists, then the folders it created, if they are empty now, and updates the desktop's
# caches there. Nothing else is touched. The same as `scripts/install.sh --uninstall`:
#   scripts/uninstall.sh [--prefix P] [PREFIX]
exec "$(dirname "$0")/install.sh" --uninstall "$@"
