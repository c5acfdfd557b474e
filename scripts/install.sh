#!/usr/bin/env bash
# Builds collection-demo in release and installs it under PREFIX (default ~/.local):
#   PREFIX/bin/collection-demo                                   the program
#   PREFIX/share/applications/collection-demo.desktop            its launcher entry (opens .ics files)
#   PREFIX/share/metainfo/io.github.collectionkit.CollectionDemo.metainfo.xml   its AppStream data
#   PREFIX/share/icons/hicolor/{scalable,256x256}/apps/…         its icon (SVG and a 256 px PNG)
#   PREFIX/share/collection-demo/sample.ics                      the sample calendar (found from the binary)
#   PREFIX/share/locale/LANG/LC_MESSAGES/{collection-demo,collectionkit}.mo   the translations (po/)
#   PREFIX/share/man/man1/collection-demo.1                      the man page (Assets/man)
#   PREFIX/share/bash-completion/completions/collection-demo     shell completions, written by the
#   PREFIX/share/zsh/site-functions/_collection-demo             program itself, so they name the
#   PREFIX/share/fish/vendor_completions.d/collection-demo.fish  options it has
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

# Completions come from the program's own option table.
completions="$(mktemp -d)"
trap 'rm -rf "$completions"' EXIT
for shell in bash zsh fish; do
    "$built" --generate-completion-script "$shell" >"$completions/$shell"
done

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
put Assets/desktop/io.github.collectionkit.CollectionDemo.metainfo.xml \
    "$prefix/share/metainfo/io.github.collectionkit.CollectionDemo.metainfo.xml" 644
put Assets/desktop/collection-demo.svg "$prefix/share/icons/hicolor/scalable/apps/collection-demo.svg" 644
put Assets/desktop/collection-demo.png "$prefix/share/icons/hicolor/256x256/apps/collection-demo.png" 644
put Assets/sample.ics "$data/sample.ics" 644
scripts/translations.sh compile "$completions/locale"
for mo in "$completions"/locale/*/LC_MESSAGES/*.mo; do
    put "$mo" "$prefix/share/locale/${mo#"$completions"/locale/}" 644
done
put Assets/man/collection-demo.1 "$prefix/share/man/man1/collection-demo.1" 644
put "$completions/bash" "$prefix/share/bash-completion/completions/collection-demo" 644
put "$completions/zsh" "$prefix/share/zsh/site-functions/_collection-demo" 644
put "$completions/fish" "$prefix/share/fish/vendor_completions.d/collection-demo.fish" 644

make_parents "$data"
printf '%s\n' "${entries[@]}" | awk '!seen[$0]++' > "$manifest.tmp.$$"
mv -f "$manifest.tmp.$$" "$manifest"
echo "installed; scripts/uninstall.sh $prefix removes it again"
