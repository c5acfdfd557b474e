#!/usr/bin/env bash
# Installs the Debian packages the demo needs, only the ones that are missing.
# With --test it adds what the window tests use (Xvfb, xdotool, the accessibility bus) and valgrind for
# the teardown tests. libglib2.0-dev is GDBus, for the accessibility bus (AT-SPI2).
set -euo pipefail

# Fonts: DejaVu Sans is the UI font (it also has Arabic, Hebrew, Greek and Cyrillic); text in other
# scripts falls back through fontconfig to WenQuanYi Micro Hei (Chinese, Japanese and Korean in one
# 5 MB file), Lohit Devanagari (Hindi, Marathi, Nepali; 190 kB) and Noto Color Emoji.
packages=(pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfontconfig-dev
          fonts-dejavu-core fonts-wqy-microhei fonts-lohit-deva fonts-noto-color-emoji
          libical-dev libicu-dev tzdata libglib2.0-dev libjpeg-dev libexif-dev libpng-dev
          gettext appstream)
# gettext's msgfmt compiles the translations (po/) into the catalogues the program reads; glibc
# reads them itself (docs/translations.md). appstream's ITS rules let msgfmt translate the
# metainfo scripts/install.sh installs (and appstreamcli validates it).
if [ "${1:-}" = "--test" ]; then
    # weston (with libdecor's plugin) hosts the Wayland window test nested in Xvfb;
    # desktop-file-utils validates the installed launcher entry.
    # at-spi2-core (the accessibility bus and registry), dbus-daemon (dbus-run-session) and
    # python3-pyatspi (a screen reader's client library) host the accessibility window test;
    # orca (the screen reader itself, speaking only to its debug log) hosts the Orca window test.
    # zsh, fish and bash-completion find the installed completions and flatpak-builder reads
    # the Flatpak manifest in the install test, where libglib2.0-bin's gio lists the apps for
    # text/calendar; its gsettings and gsettings-desktop-schemas change the desktop's settings
    # under the window in the settings test; xclip reads and fills
    # the X clipboard in the clipboard test; python3-gi runs the settings portal's stub;
    # libxtst-dev and libxdamage-dev build the input-to-pixels latency probe; gcc and libx11-dev
    # build the drops test's XDND drag source; openbox is the window manager under which the desktop
    # application test minimizes, maximizes and activates the window; libjpeg-turbo-progs' cjpeg
    # makes the photo wall test's embedded EXIF thumbnail.
    packages+=(xvfb xdotool x11-utils x11-apps valgrind weston libdecor-0-plugin-1-cairo desktop-file-utils
               at-spi2-core dbus-daemon python3-pyatspi orca libglib2.0-bin gsettings-desktop-schemas
               xclip python3-gi libxtst-dev libxdamage-dev locales gcc libx11-dev
               zsh fish bash-completion flatpak-builder openbox libjpeg-turbo-progs)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing Debian packages: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The locales the translation tests run in: glibc picks a catalogue only in a locale it has.
if [ "${1:-}" = "--test" ]; then
    wanted=(de_DE fr_FR ar_EG he_IL ja_JP)
    absent=()
    for l in "${wanted[@]}"; do grep -qix "$l.utf-\?8" <<< "$(locale -a 2>/dev/null)" || absent+=("$l"); done
    if [ ${#absent[@]} -gt 0 ]; then
        sudo=""
        if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
        echo "Generating locales: ${absent[*]}"
        for l in "${absent[@]}"; do $sudo localedef -i "$l" -c -f UTF-8 -A /usr/share/locale/locale.alias "$l.UTF-8"; done
    fi
fi

if ! command -v swift >/dev/null 2>&1; then
    if [ -x /opt/swift/usr/bin/swift ]; then
        echo "Swift is at /opt/swift/usr/bin but not on PATH: export PATH=\$PATH:/opt/swift/usr/bin" >&2
    else
        echo "No Swift toolchain found: install Swift 6 (swift.org) and put it on PATH." >&2
    fi
    exit 1
fi
