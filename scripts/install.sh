#!/usr/bin/env bash
# Builds collection-demo in release and installs it under PREFIX (default ~/.local):
#   PREFIX/bin/collection-demo                                   the program
#   PREFIX/share/applications/collection-demo.desktop            its launcher entry
#   PREFIX/share/icons/hicolor/{scalable,256x256}/apps/…         its icon (SVG and a 256 px PNG)
#   PREFIX/share/collection-demo/sample.ics                      the sample calendar (found from the binary)
#   PREFIX/share/man/man1/collection-demo.1                      the man page, when the argument
#                                                                parser's generate-manual plugin is at hand
# Every file and every folder it creates is listed in PREFIX/share/collection-demo/install-manifest,
# which scripts/uninstall.sh reads to remove exactly those. System packages: scripts/install-deps.sh.
# CONFIGURATION=debug installs the debug build instead (the install test uses it, to build nothing new).
set -euo pipefail
prefix="${1:-$HOME/.local}"
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

config="${CONFIGURATION:-release}"
swift build -c "$config" --product collection-demo
built="$(swift build -c "$config" --show-bin-path)/collection-demo"

# The man page comes from the argument parser's own plugin; offline it is there only when the
# package's checkout carries it, so its absence is said and skipped rather than fatal.
manpage=""
if swift package plugin --list 2>/dev/null | grep -q "generate-manual"; then
    if swift package generate-manual --configuration "$config" >/tmp/collection-demo-manual.$$.log 2>&1; then
        manpage="$(find .build/plugins/GenerateManual -name 'collection-demo.1' -print -quit 2>/dev/null || true)"
    fi
    rm -f /tmp/collection-demo-manual.$$.log
fi
[ -n "$manpage" ] || echo "install.sh: no man page (swift-argument-parser's generate-manual plugin did not run); skipping it" >&2

data="$prefix/share/collection-demo"
manifest="$data/install-manifest"
declare -a entries=()
[ -f "$manifest" ] && mapfile -t entries < "$manifest"

# Records a folder on the way to DEST that does not exist yet (outermost first), so uninstall
# removes only folders this script made.
make_parents() {
    local dir="$1" missing=()
    while [ ! -d "$dir" ]; do missing=("$dir" "${missing[@]}"); dir="$(dirname "$dir")"; done
    for d in "${missing[@]}"; do mkdir "$d"; entries+=("dir $d"); done
}

put() {  # put SOURCE DEST MODE
    make_parents "$(dirname "$2")"
    install -m "$3" "$1" "$2.tmp.$$" && mv -f "$2.tmp.$$" "$2"
    entries+=("file $2")
    echo "  $2"
}

echo "installing into $prefix"
put "$built" "$prefix/bin/collection-demo" 755
put Assets/desktop/collection-demo.desktop "$prefix/share/applications/collection-demo.desktop" 644
put Assets/desktop/collection-demo.svg "$prefix/share/icons/hicolor/scalable/apps/collection-demo.svg" 644
put Assets/desktop/collection-demo.png "$prefix/share/icons/hicolor/256x256/apps/collection-demo.png" 644
put Assets/sample.ics "$data/sample.ics" 644
[ -n "$manpage" ] && put "$manpage" "$prefix/share/man/man1/collection-demo.1" 644

make_parents "$data"
printf '%s\n' "${entries[@]}" | awk '!seen[$0]++' > "$manifest.tmp.$$"
mv -f "$manifest.tmp.$$" "$manifest"
echo "installed; scripts/uninstall.sh $prefix removes it again"
