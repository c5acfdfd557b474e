#!/usr/bin/env bash
# Removes what scripts/install.sh put under PREFIX (default ~/.local): the files its manifest
# lists, then the folders it created, if they are empty now. Nothing else is touched.
set -euo pipefail
prefix="${1:-$HOME/.local}"
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
manifest="$prefix/share/collection-demo/install-manifest"
if [ ! -f "$manifest" ]; then
    echo "uninstall.sh: nothing installed in $prefix (no $manifest)" >&2
    exit 1
fi
mapfile -t entries < "$manifest"
for e in "${entries[@]}"; do
    case "$e" in file\ *) rm -f -- "${e#file }" && echo "  removed ${e#file }" ;; esac
done
rm -f -- "$manifest"
# Folders innermost first; one that holds something else now (a user's file) stays.
for (( i=${#entries[@]}-1; i>=0; i-- )); do
    case "${entries[$i]}" in dir\ *) rmdir -- "${entries[$i]#dir }" 2>/dev/null || true ;; esac
done
echo "uninstalled from $prefix"
