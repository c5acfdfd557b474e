#!/usr/bin/env bash
# Installs collection-demo under a prefix, as a distribution's package or a user's ~/.local has it:
#
#   scripts/install.sh [--prefix P] [--destdir D] [--build] [PREFIX]
#   scripts/install.sh --uninstall [--prefix P] [PREFIX]
#
#   --prefix P    where the program lives once installed (default $PREFIX, else ~/.local); the
#                 positional PREFIX is the same (the older spelling)
#   --destdir D   stage the files under D/P instead (default $DESTDIR): what a package build does;
#                 nothing outside D is touched, no cache is updated, no manifest is written
#   --build       build the program first (swift build -c $CONFIGURATION, default release); without
#                 it the program already built in .build/$CONFIGURATION/ is installed, and its
#                 absence is an error. CONFIGURATION=debug installs the debug build (the install
#                 test does, to compile nothing)
#   --uninstall   remove what an install to P put there (the manifest's files, the folders it made
#                 if they are empty now) and update the caches; nothing else is touched
#
# Every file is named by the app id, io.github.collectionkit.CollectionDemo (APP below), where the
# desktop looks it up by name (Flatpak exports only those):
#   P/bin/collection-demo                                      the program
#   P/share/applications/APP.desktop                           the launcher entry, translated (po/)
#   P/share/metainfo/APP.metainfo.xml                          the AppStream data, translated
#   P/share/dbus-1/services/APP.service                        D-Bus activation (--gapplication-service)
#   P/share/icons/hicolor/{scalable,256x256,symbolic}/apps/    the icon (SVG, a 256 px PNG) and
#                                                              APP-symbolic.svg
#   P/share/collection-demo/sample.ics                         the sample calendar (found from the binary)
#   P/share/locale/LANG/LC_MESSAGES/{collection-demo,collectionkit}.mo   the translations
#   P/share/man/man1/collection-demo.1                         the man page (Assets/man)
#   bash: pkg-config's completionsdir of bash-completion under P (else P/share/bash-completion/completions)
#   zsh:  P/share/zsh/vendor-completions when zsh reads that folder (Debian's, for P=/usr), else
#         P/share/zsh/site-functions (zsh's own default, Debian's for /usr/local)
#   fish: pkg-config's completionsdir of fish under P (else P/share/fish/vendor_completions.d)
# The completions are written by the program itself (--generate-completion-script), so they name
# the options it has and offer the values its tables hold (scenes, colour schemes, directions).
#
# Installing to a live prefix (no DESTDIR) then runs update-desktop-database (the "Open with" list
# for .ics files), gtk-update-icon-cache and, where P/share/mime/packages exists,
# update-mime-database; and lists every file and folder it made in
# P/share/collection-demo/install-manifest, which --uninstall (and scripts/uninstall.sh) reads.
# Files an earlier install put there that this one no longer does (collection-demo.desktop and
# the icons named collection-demo, before they took the app id's name) are removed.
# System packages: scripts/install-deps.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

app=io.github.collectionkit.CollectionDemo
usage() {
    echo "usage: scripts/install.sh [--prefix P] [--destdir D] [--build] [PREFIX]" >&2
    echo "       scripts/install.sh --uninstall [--prefix P] [PREFIX]" >&2
    exit 2
}
prefix="${PREFIX:-}" destdir="${DESTDIR:-}" build=0 uninstall=0 positional=""
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] && [ -n "$2" ] || { echo "install.sh: --prefix needs a folder" >&2; usage; }; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --destdir) [ $# -ge 2 ] && [ -n "$2" ] || { echo "install.sh: --destdir needs a folder" >&2; usage; }; destdir=$2; shift 2 ;;
        --destdir=*) destdir=${1#--destdir=}; shift ;;
        --build) build=1; shift ;;
        --uninstall) uninstall=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "install.sh: unknown option $1" >&2; usage ;;
        *) [ -z "$positional" ] || { echo "install.sh: one PREFIX only (got '$positional' and '$1')" >&2; usage; }
           positional=$1; shift ;;
    esac
done
[ -n "$positional" ] && prefix=$positional
prefix=${prefix:-$HOME/.local}
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
prefix=${prefix%/}; [ -n "$prefix" ] || prefix=/
if [ -n "$destdir" ]; then
    case "$destdir" in /*) ;; *) destdir="$PWD/$destdir" ;; esac
    destdir=${destdir%/}
    [ "$uninstall" -eq 0 ] || { echo "install.sh: --uninstall works on a live prefix, not a DESTDIR stage (remove $destdir instead)" >&2; exit 2; }
fi
root="$destdir$prefix"     # where the files go now; $prefix is where they are once installed
data="$root/share/collection-demo"
manifest="$data/install-manifest"

# The caches the desktop reads, for the folders under the live prefix that hold what we installed.
update_caches() {
    if [ -d "$prefix/share/applications" ] && compgen -G "$prefix/share/applications/*.desktop" >/dev/null; then
        if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$prefix/share/applications" \
            && echo "  updated $prefix/share/applications/mimeinfo.cache"
        else echo "  (update-desktop-database is not installed: Debian's desktop-file-utils)"; fi
    fi
    if [ -d "$prefix/share/icons/hicolor" ]; then
        if command -v gtk-update-icon-cache >/dev/null; then gtk-update-icon-cache -q -t -f "$prefix/share/icons/hicolor" \
            && echo "  updated $prefix/share/icons/hicolor/icon-theme.cache"
        else echo "  (gtk-update-icon-cache is not installed: Debian's libgtk-3-bin)"; fi
    fi
    # The demo has no MIME type of its own (text/calendar is shared-mime-info's); the database is
    # rebuilt where one is kept, as the freedesktop rules ask after installing to a prefix.
    if [ -d "$prefix/share/mime/packages" ]; then
        if command -v update-mime-database >/dev/null; then update-mime-database "$prefix/share/mime" && echo "  updated $prefix/share/mime"
        else echo "  (update-mime-database is not installed: Debian's shared-mime-info)"; fi
    fi
}
# The caches those tools write, each listed in the manifest when this install made it, so an
# uninstall that leaves its folder otherwise as it found it removes it too.
caches=("$prefix/share/applications/mimeinfo.cache" "$prefix/share/icons/hicolor/icon-theme.cache")

if [ "$uninstall" -eq 1 ]; then
    if [ ! -f "$manifest" ]; then
        echo "install.sh --uninstall: nothing installed in $prefix (no $manifest)" >&2
        exit 1
    fi
    mapfile -t entries < "$manifest"
    for e in "${entries[@]}"; do
        case "$e" in file\ *|cache\ *) f=${e#* }; rm -f -- "$f" && echo "  removed $f" ;; esac
    done
    rm -f -- "$manifest"
    # Folders innermost first (the deepest paths first, whichever install made them); one that
    # holds something else now (a user's file) stays.
    printf '%s\n' "${entries[@]}" | sed -n 's/^dir //p' | awk '{ print gsub("/", "/") "\t" $0 }' | sort -rn | cut -f2- |
        while IFS= read -r d; do rmdir -- "$d" 2>/dev/null || true; done
    # Caches that were there before (other programs') are written again without the demo.
    for c in "${caches[@]}"; do
        if [ -e "$c" ]; then update_caches; break; fi
    done
    echo "uninstalled from $prefix"
    exit 0
fi

config="${CONFIGURATION:-release}"
if [ "$build" -eq 1 ]; then
    swift build -c "$config" --product collection-demo
    built="$(swift build -c "$config" --show-bin-path)/collection-demo"
else
    built=".build/$config/collection-demo"
    if [ ! -x "$built" ]; then
        echo "install.sh: no program built in .build/$config/ (build it with --build, or swift build -c $config --product collection-demo)" >&2
        exit 1
    fi
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Completions come from the program's own option table.
for shell in bash zsh fish; do
    "$built" --generate-completion-script "$shell" >"$work/$shell"
done
# The launcher entry and the metainfo with every language's words (po/collection-demo).
scripts/translations.sh desktop "$work/desktop"
sed "s|@bindir@|$prefix/bin|" "Assets/desktop/$app.service.in" >"$work/$app.service"

# Where each shell looks, for this prefix.
pkg_dir() { # PACKAGE FALLBACK: the package's completionsdir with its datadir under the prefix
    local dir=""
    dir=$(pkg-config --define-variable=prefix="$prefix" --define-variable=datadir="$prefix/share" \
        --variable=completionsdir "$1" 2>/dev/null) || dir=""
    case "$dir" in "$prefix"/*) echo "$dir" ;; *) echo "$2" ;; esac
}
bash_dir=$(pkg_dir bash-completion "$prefix/share/bash-completion/completions")
fish_dir=$(pkg_dir fish "$prefix/share/fish/vendor_completions.d")
zsh_dir="$prefix/share/zsh/site-functions"
# (zsh's list is read whole before it is searched: under pipefail, grep -q ending first would fail
# the pipe with the writer's SIGPIPE.)
if command -v zsh >/dev/null && grep -qx -- "$prefix/share/zsh/vendor-completions" <<< "$(zsh -fc 'print -l -- $fpath' 2>/dev/null)"; then
    zsh_dir="$prefix/share/zsh/vendor-completions"
elif ! command -v zsh >/dev/null && [ "$prefix" = /usr ] && [ -f /etc/debian_version ]; then
    zsh_dir="$prefix/share/zsh/vendor-completions"
fi

declare -a entries=() previous=()
if [ -z "$destdir" ] && [ -f "$manifest" ]; then mapfile -t previous < "$manifest"; fi

# Records a folder on the way to DEST that does not exist yet (outermost first), so uninstall
# removes only folders this script made.
make_parents() {
    local dir="$1" missing=()
    while [ ! -d "$dir" ]; do missing=("$dir" "${missing[@]}"); dir="$(dirname "$dir")"; done
    for d in "${missing[@]}"; do mkdir "$d"; entries+=("dir ${d#"$destdir"}"); done
}

put() {  # put SOURCE DEST MODE (DEST under the prefix; staged under DESTDIR)
    local dest="$destdir$2"
    make_parents "$(dirname "$dest")"
    install -m "$3" "$1" "$dest.tmp.$$" && mv -f "$dest.tmp.$$" "$dest"
    entries+=("file $2")
    echo "  $dest"
}

echo "installing into $root"
icons="$prefix/share/icons/hicolor"
put "$built" "$prefix/bin/collection-demo" 755
put "$work/desktop/$app.desktop" "$prefix/share/applications/$app.desktop" 644
put "$work/desktop/$app.metainfo.xml" "$prefix/share/metainfo/$app.metainfo.xml" 644
put "$work/$app.service" "$prefix/share/dbus-1/services/$app.service" 644
put "Assets/desktop/$app.svg" "$icons/scalable/apps/$app.svg" 644
put "Assets/desktop/$app.png" "$icons/256x256/apps/$app.png" 644
put "Assets/desktop/$app-symbolic.svg" "$icons/symbolic/apps/$app-symbolic.svg" 644
put Assets/sample.ics "$prefix/share/collection-demo/sample.ics" 644
scripts/translations.sh compile "$work/locale"
for mo in "$work"/locale/*/LC_MESSAGES/*.mo; do
    put "$mo" "$prefix/share/locale/${mo#"$work"/locale/}" 644
done
put Assets/man/collection-demo.1 "$prefix/share/man/man1/collection-demo.1" 644
put "$work/bash" "$bash_dir/collection-demo" 644
put "$work/zsh" "$zsh_dir/_collection-demo" 644
put "$work/fish" "$fish_dir/collection-demo.fish" 644

if [ -n "$destdir" ]; then
    echo "staged in $destdir; the package's post-install runs update-desktop-database and gtk-update-icon-cache"
    exit 0
fi

# An earlier install's files that this one does not put (old names) go; the folders and caches
# it made stay listed.
declare -a kept=()
for e in "${previous[@]}"; do
    case "$e" in
        file\ *) f=${e#file }
                 if ! grep -qxF -- "$e" <<< "$(printf '%s\n' "${entries[@]}")"; then rm -f -- "$f" && echo "  removed $f (no longer installed)"; fi ;;
        *) kept+=("$e") ;;
    esac
done
entries=("${kept[@]}" "${entries[@]}")
declare -a made_caches=()
for c in "${caches[@]}"; do [ -e "$c" ] || made_caches+=("$c"); done
update_caches
for c in "${made_caches[@]}"; do [ -e "$c" ] && entries+=("cache $c"); done

make_parents "$data"
printf '%s\n' "${entries[@]}" | awk '!seen[$0]++' > "$manifest.tmp.$$"
mv -f "$manifest.tmp.$$" "$manifest"
echo "installed; scripts/install.sh --uninstall --prefix $prefix removes it again"
