# window-tests: no display
# The install contract, as a packager checks it:
# - staged: `scripts/install.sh --prefix /usr --destdir D` builds nothing (a `swift` that fails is
#   first on the PATH) and puts exactly the expected files under D/usr, named by the app id, and
#   nothing else under D; the launcher entry (DBusActivatable, Exec kept, StartupWMClass, a jump-list
#   action for every scene), its translations, the D-Bus service file, the metainfo (screenshots,
#   URLs, branding, translations) pass desktop-file-validate and appstreamcli validate-tree --pedantic;
#   each completion is in the folder its shell reads for /usr; the Flatpak manifest is accepted by
#   flatpak-builder --show-manifest;
# - live: into a scratch prefix, `gio mime text/calendar` lists the app (the caches were updated),
#   bash-completion's loader, zsh's compinit and fish find the completions, which offer the scene
#   names for --scene, the values of --color-scheme and --layout-direction, and .ics files for
#   --ics; the installed binary run headless from another folder finds its sample calendar and
#   speaks German from the installed catalogues; the man page has its sections and every option;
#   --version says the metainfo's release; an earlier install's old names are removed; and
#   `install.sh --uninstall` (scripts/uninstall.sh) leaves the prefix exactly as it found it;
# - refused: an unknown option, and no built program without --build, each with one message.
# Each tool missing (zsh, fish, appstreamcli, desktop-file-validate, flatpak-builder, gio) is a SKIP
# line (scripts/install-deps.sh --test installs them all).
# Sourced by the window-test runner (pass/fail/$work); runs on its own too:
#   bash scripts/window-tests/50-install.sh
if ! declare -F pass >/dev/null; then
    cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    install_passed=0; install_failed=0
    pass() { echo "PASS $1"; install_passed=$((install_passed + 1)); }
    fail() { echo "FAIL $1: $2"; install_failed=$((install_failed + 1)); }
    skip() { echo "SKIP $1: $2"; }
    install_standalone=1
fi

install_app=io.github.collectionkit.CollectionDemo

# A `swift` that says it was run and fails: first on the PATH, so an install that builds fails.
install_no_swift() {
    mkdir -p "$work/no-swift"
    printf '#!/bin/sh\necho "swift $*" >>"%s/swift-ran"\nexit 1\n' "$work" >"$work/no-swift/swift"
    chmod +x "$work/no-swift/swift"
}

# install_run LOG ARGS...: scripts/install.sh with the debug build the tests use and no swift.
install_run() {
    local log=$1; shift
    PATH="$work/no-swift:$PATH" CONFIGURATION=debug scripts/install.sh "$@" >"$log" 2>&1
}

# The scenes the program names in --help ("Scenes: grid, carousel, ..., photos (the last ..."):
# what --scene takes. Fails when it finds fewer than two.
install_scenes() {
    local list
    list=$(LC_ALL=C LANGUAGE= "$1" --help | tr '\n' ' ' | sed -n 's/.*Scenes: \([a-z, ]*\) (.*/\1/p' | tr -d ' ' | tr ',' '\n')
    [ "$(grep -c . <<<"$list")" -ge 2 ] || { echo "install: no scene list in $1 --help" >&2; return 1; }
    echo "$list"
}

# bash_complete FILE WORDS...: what the completion function of FILE offers for the last word.
install_bash_complete() {
    local file=$1; shift
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        prev=${COMP_WORDS[COMP_CWORD-1]}
        _collection-demo collection-demo "${COMP_WORDS[COMP_CWORD]}" "$prev" 2>/dev/null || true
        printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$file" "$@"
}

install_stage_test() {
    local stage="$work/stage" root="$work/stage/usr"
    rm -f "$work/swift-ran"
    if ! install_run "$work/stage.log" --prefix /usr --destdir "$stage"; then
        fail install "install.sh --prefix /usr --destdir failed: $(tail -5 "$work/stage.log")"; return
    fi
    [ ! -e "$work/swift-ran" ] && pass "install: --destdir without --build builds nothing" \
        || fail install "install.sh ran swift without --build: $(cat "$work/swift-ran")"
    # Where each shell looks for /usr (pkg-config, zsh's fpath), else the freedesktop defaults.
    local bash_dir fish_dir zsh_dir=share/zsh/site-functions
    bash_dir=$(pkg-config --variable=completionsdir bash-completion 2>/dev/null || echo /usr/share/bash-completion/completions)
    fish_dir=$(pkg-config --variable=completionsdir fish 2>/dev/null || echo /usr/share/fish/vendor_completions.d)
    if command -v zsh >/dev/null; then
        # (Each list is read whole before it is searched: under pipefail, grep -q ending first would
        # fail the pipe with the writer's SIGPIPE.)
        grep -qx /usr/share/zsh/vendor-completions <<< "$(zsh -fc 'print -l -- $fpath')" && zsh_dir=share/zsh/vendor-completions
    elif [ -f /etc/debian_version ]; then zsh_dir=share/zsh/vendor-completions; fi
    local expected actual
    expected=$( {
        printf '%s\n' bin/collection-demo "share/applications/$install_app.desktop" "share/metainfo/$install_app.metainfo.xml" \
            "share/dbus-1/services/$install_app.service" "share/icons/hicolor/scalable/apps/$install_app.svg" \
            "share/icons/hicolor/256x256/apps/$install_app.png" "share/icons/hicolor/symbolic/apps/$install_app-symbolic.svg" \
            share/collection-demo/sample.ics share/man/man1/collection-demo.1 \
            "${bash_dir#/usr/}/collection-demo" "$zsh_dir/_collection-demo" "${fish_dir#/usr/}/collection-demo.fish"
        for po in po/*/*.po; do echo "share/locale/$(basename "$po" .po)/LC_MESSAGES/$(basename "$(dirname "$po")").mo"; done
    } | sort)
    actual=$(cd "$stage" && find . -type f | sed 's|^\./||' | sort)
    [ "$actual" = "$(sed 's|^|usr/|' <<<"$expected")" ] && pass "install: DESTDIR holds exactly the $(wc -l <<<"$expected") files, under DESTDIR/usr, named by the app id" \
        || fail install "staged files differ from the expected ones: $(diff <(sed 's|^|usr/|' <<<"$expected") <(echo "$actual") | grep '^[<>]' | tr '\n' ' ')"

    local desktop="$root/share/applications/$install_app.desktop" metainfo="$root/share/metainfo/$install_app.metainfo.xml"
    if command -v desktop-file-validate >/dev/null; then
        desktop-file-validate "$desktop" >"$work/validate.log" 2>&1 && [ ! -s "$work/validate.log" ] \
            && pass "install: desktop-file-validate (no message)" || fail install "desktop-file-validate: $(cat "$work/validate.log")"
    else skip install "desktop-file-validate is not installed (Debian: desktop-file-utils)"; fi
    if command -v appstreamcli >/dev/null; then
        # validate-tree: the metainfo (pedantic), and the launcher entry and icon it names, as a
        # software centre's compose step reads them.
        appstreamcli validate-tree --pedantic --no-net "$stage" >"$work/appstream.log" 2>&1 \
            && ! grep -q '^ *[EW]:' "$work/appstream.log" \
            && pass "install: appstreamcli validate-tree --pedantic (no error, no warning)" || fail install "appstreamcli validate-tree --pedantic: $(cat "$work/appstream.log")"
    else skip install "appstreamcli is not installed (Debian: appstream)"; fi
    # The launcher entry: started through D-Bus where the launcher can, Exec for the others, the
    # window's class, the icon by the id, and a jump-list action for each scene with its Exec.
    local scenes problems=""
    scenes=$(install_scenes "$root/bin/collection-demo") || problems=" no scene list in --help"
    python3 - "$desktop" "$install_app" "$scenes" >"$work/desktop-check.log" 2>&1 <<'PY' || problems="$problems $(cat "$work/desktop-check.log")"
import configparser, sys
path, app, scenes = sys.argv[1], sys.argv[2], sys.argv[3].split()
c = configparser.RawConfigParser(strict=True, interpolation=None); c.optionxform = str
c.read(path, encoding="utf-8")
e = c["Desktop Entry"]
want = {"DBusActivatable": "true", "Exec": "collection-demo %F", "Icon": app, "StartupWMClass": app,
        "MimeType": "text/calendar;"}
bad = [f"{k}={e.get(k)}" for k, v in want.items() if e.get(k) != v]
actions = [a for a in e.get("Actions", "").split(";") if a]
for s in scenes:
    if s == "photos": continue          # needs a folder of pictures: no jump-list entry
    a = f"scene-{s}"
    if a not in actions: bad.append(f"no action {a}"); continue
    sec = c[f"Desktop Action {a}"]
    if sec.get("Exec") != f"collection-demo --scene {s}": bad.append(f"{a} Exec={sec.get('Exec')}")
    if "Name[de]" not in sec: bad.append(f"{a} has no Name[de]")
for k in ["Name[de]", "Comment[de]", "Comment[ja]", "Keywords[fr]", "Comment[ar]", "Comment[he]"]:
    if k not in e: bad.append(f"no {k}")
if e.get("Comment[de]") == e.get("Comment"): bad.append("Comment[de] is the English one")
print(" ".join(bad)); sys.exit(1 if bad else 0)
PY
    [ -z "$problems" ] && pass "install: the launcher entry is D-Bus activatable (Exec kept), names the window's class, has an action for each scene, and is translated" \
        || fail install "the launcher entry:$problems"
    problems=""
    python3 - "$metainfo" "$install_app" >"$work/metainfo-check.log" 2>&1 <<'PY' || problems="$(cat "$work/metainfo-check.log")"
import sys, xml.etree.ElementTree as E
root = E.parse(sys.argv[1]).getroot()
lang = "{http://www.w3.org/XML/1998/namespace}lang"
bad = []
if root.findtext("launchable") != sys.argv[2] + ".desktop": bad.append("launchable " + str(root.findtext("launchable")))
urls = {u.get("type"): u.text for u in root.findall("url")}
for t in ["homepage", "bugtracker", "vcs-browser"]:
    if not (urls.get(t) or "").startswith("https://"): bad.append("no " + t + " URL")
shots = root.findall("screenshots/screenshot")
if len(shots) < 3 or any(not (s.findtext("image") or "").startswith("https://") for s in shots): bad.append(f"{len(shots)} screenshots")
if not any(s.get("type") == "default" for s in shots): bad.append("no default screenshot")
colors = {c.get("scheme_preference") for c in root.findall("branding/color[@type='primary']")}
if colors != {"light", "dark"}: bad.append(f"branding colours {colors}")
if root.find("content_rating") is None: bad.append("no content rating")
if not root.findall("releases/release"): bad.append("no release")
for l in ["de", "fr", "ja", "ar", "he"]:
    if not [s for s in root.findall("summary") if s.get(lang) == l]: bad.append("no summary in " + l)
    if not [p for p in root.findall("description/p") if p.get(lang) == l]: bad.append("no description in " + l)
print(" ".join(bad)); sys.exit(1 if bad else 0)
PY
    [ -z "$problems" ] && pass "install: the metainfo has screenshots, bug tracker and VCS URLs, light and dark branding, a content rating, releases, five languages" \
        || fail install "the metainfo: $problems"
    local service="$root/share/dbus-1/services/$install_app.service"
    [ "$(sed -n 1p "$service")" = "[D-BUS Service]" ] && grep -qx "Name=$install_app" "$service" \
        && grep -qx "Exec=/usr/bin/collection-demo --gapplication-service" "$service" \
        && pass "install: the D-Bus service file starts /usr/bin/collection-demo --gapplication-service for $install_app" \
        || fail install "the D-Bus service file: $(tr '\n' ' ' <"$service")"
    # Each completion is where its shell looks for /usr.
    if command -v zsh >/dev/null; then
        grep -qx "/usr/$zsh_dir" <<< "$(zsh -fc 'print -l -- $fpath')" && [ -f "$root/$zsh_dir/_collection-demo" ] \
            && pass "install: the zsh completion is in /usr/$zsh_dir, on zsh's own fpath" \
            || fail install "zsh's fpath has no /usr/$zsh_dir: $(zsh -fc 'print -- $fpath')"
    else skip install "zsh is not installed (Debian: zsh)"; fi
    if command -v fish >/dev/null; then
        # fish's own list of completion folders (its data dir's vendor folder and XDG_DATA_DIRS').
        grep -qx "$fish_dir" <<< "$(XDG_DATA_DIRS=/usr/share fish -c 'printf "%s\n" $fish_complete_path')" && [ -f "$root/${fish_dir#/usr/}/collection-demo.fish" ] \
            && pass "install: the fish completion is in $fish_dir, on fish's completion path" \
            || fail install "fish's completion path has no $fish_dir"
    else skip install "fish is not installed (Debian: fish)"; fi
    if command -v flatpak-builder >/dev/null; then
        # From $work: flatpak-builder keeps its state (.flatpak-builder/) in the current folder.
        local flatpak_manifest="$PWD/Assets/flatpak/$install_app.yml"
        (cd "$work" && flatpak-builder --show-manifest "$flatpak_manifest") >"$work/flatpak.json" 2>"$work/flatpak.log" \
            && [ ! -s "$work/flatpak.log" ] && [ "$(json_get_or_py "$work/flatpak.json" 'd["id"]')" = "$install_app" ] \
            && pass "install: flatpak-builder --show-manifest accepts the Flatpak manifest (no warning)" \
            || fail install "flatpak-builder --show-manifest: $(cat "$work/flatpak.log")"
    else skip install "flatpak-builder is not installed (Debian: flatpak-builder)"; fi
}

json_get_or_py() { python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }

# What a distribution checks of a package: the man page, --version, and the completions.
install_package_checks() {
    local prefix=$1 man="$1/share/man/man1/collection-demo.1"
    local metainfo="$1/share/metainfo/$install_app.metainfo.xml"
    local version release
    version=$("$prefix/bin/collection-demo" --version 2>&1)
    release=$(python3 -c 'import sys, xml.etree.ElementTree as E; print(E.parse(sys.argv[1]).find("releases/release").get("version"))' "$metainfo")
    [ -n "$version" ] && [ "$version" = "$release" ] && pass "install: --version prints $version, the metainfo's newest release" \
        || fail install "--version printed '$version', the metainfo's newest release is '$release'"
    # The man page: its header, the sections a user looks for, a synopsis that names no
    # subcommand (there are none), and every long option --help lists.
    local missing="" section option
    grep -q '^\.Dt COLLECTION-DEMO 1' "$man" || missing="$missing .Dt"
    for section in SYNOPSIS OPTIONS KEYS ENVIRONMENT FILES; do grep -q "^\.Sh $section\$" "$man" || missing="$missing $section"; done
    sed -n '/^\.Sh SYNOPSIS/,/^\.Sh /p' "$man" | grep -qi subcommand && missing="$missing (a subcommand in the synopsis)"
    for option in $("$prefix/bin/collection-demo" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
        grep -q "^\.It Fl -${option#--}\b" "$man" || grep -q "Fl -${option#--}\$" "$man" || missing="$missing $option"
    done
    [ -z "$missing" ] && pass "install: the man page has KEYS, ENVIRONMENT and FILES, no subcommand, and every option" \
        || fail install "the man page lacks:$missing"

    # bash: bash-completion's loader finds the file through XDG_DATA_DIRS, and it completes
    # option names and the values each option takes.
    local bash_file scenes offered
    bash_file=$(find "$prefix/share" -path '*bash-completion/completions/collection-demo' | head -1)
    scenes=$(install_scenes "$prefix/bin/collection-demo" | sort)
    [ "$(install_bash_complete "$bash_file" collection-demo --color)" = "--color-scheme" ] && pass "install: bash completes --color to --color-scheme" \
        || fail install "bash completion of --color gave '$(install_bash_complete "$bash_file" collection-demo --color | tr '\n' ' ')'"
    offered=$(install_bash_complete "$bash_file" collection-demo --scene "")
    [ -n "$offered" ] && [ "$offered" = "$scenes" ] && pass "install: bash offers the scenes for --scene: $(echo $offered)" \
        || fail install "bash offered '$(echo $offered)' for --scene, the program's scenes are '$(echo $scenes)'"
    offered=$(install_bash_complete "$bash_file" collection-demo --scene ca)
    [ "$offered" = $'calendar\ncarousel' ] && pass "install: bash completes --scene ca to calendar and carousel" \
        || fail install "bash offered '$(echo $offered)' for --scene ca"
    offered="$(install_bash_complete "$bash_file" collection-demo --color-scheme "") | $(install_bash_complete "$bash_file" collection-demo --layout-direction "")"
    [ "$(echo $offered)" = "dark light | ltr rtl" ] && pass "install: bash offers dark/light for --color-scheme and ltr/rtl for --layout-direction" \
        || fail install "bash offered '$(echo $offered)' for --color-scheme | --layout-direction"
    mkdir -p "$work/files/sub" && touch "$work/files/month.ics" "$work/files/notes.txt"
    offered=$(cd "$work/files" && install_bash_complete "$bash_file" collection-demo --ics "")
    [ "$(echo $offered)" = "month.ics sub" ] && pass "install: bash offers .ics files (and folders) for --ics" \
        || fail install "bash offered '$(echo $offered)' for --ics in a folder of month.ics, notes.txt and sub/"
    if [ -f /usr/share/bash-completion/bash_completion ]; then
        offered=$(XDG_DATA_DIRS="$prefix/share" bash -c 'source /usr/share/bash-completion/bash_completion
            __load_completion collection-demo && complete -p collection-demo' 2>&1)
        [[ "$offered" == *"-F _collection-demo collection-demo"* ]] && pass "install: bash-completion's loader finds the completion under the prefix (XDG_DATA_DIRS)" \
            || fail install "bash-completion did not load the completion: $offered"
    else skip install "bash-completion is not installed (Debian: bash-completion)"; fi

    if command -v zsh >/dev/null; then
        local zsh_dir
        zsh_dir=$(dirname "$(find "$prefix/share/zsh" -name _collection-demo | head -1)")
        offered=$(ZDOTDIR="$work" zsh -fc 'fpath=("$1" $fpath); autoload -U compinit; compinit -u -d "$2/zcompdump"
            print -r -- ${_comps[collection-demo]}; autoload +X _collection-demo; functions _collection-demo' _ "$zsh_dir" "$work" 2>&1)
        # The values the function offers for --scene and --layout-direction (its ___NAME arrays).
        local zsh_scenes zsh_directions
        zsh_scenes=$(sed -n "s/.*local -ar ___scene=(\(.*\)) *$/\1/p" <<<"$offered" | tr -d "'" | tr ' ' '\n' | grep . | sort)
        zsh_directions=$(sed -n "s/.*local -ar ___layout_direction=(\(.*\)) *$/\1/p" <<<"$offered" | tr -d "'")
        [ "$(head -1 <<<"$offered")" = "_collection-demo" ] && [ "$zsh_scenes" = "$scenes" ] && [ "$zsh_directions" = "ltr rtl" ] \
            && pass "install: zsh's compinit finds _collection-demo in $(basename "$zsh_dir"); it offers the scenes and ltr/rtl" \
            || fail install "zsh: compinit gave '$(head -1 <<<"$offered")', scenes '$(echo $zsh_scenes)', directions '$zsh_directions'"
    fi
    if command -v fish >/dev/null; then
        # fish reads vendor completions from each XDG_DATA_DIRS folder; `complete -C` completes as a
        # user's Tab does.
        # Completions are loaded for a command on the PATH.
        offered=$(PATH="$prefix/bin:$PATH" XDG_DATA_DIRS="$prefix/share:/usr/share" HOME="$work" XDG_CONFIG_HOME="$work/config" \
            fish -c 'complete -C "collection-demo --scene "' 2>&1 | cut -f1 | sort)
        [ -n "$offered" ] && [ "$offered" = "$scenes" ] && pass "install: fish finds its completion and offers the scenes for --scene" \
            || fail install "fish offered '$(echo $offered)' for --scene"
    fi
}

install_live_test() {
    local prefix="$work/prefix" elsewhere="$work/elsewhere" data_home="$work/data-home"
    mkdir -p "$prefix/share" "$elsewhere" "$data_home"
    touch "$prefix/share/users-own-file"
    local before; before=$(cd "$prefix" && find . | sort)
    # An earlier install, before the files took the app id's name: its manifest lists them.
    mkdir -p "$prefix/share/applications" "$prefix/share/collection-demo"
    printf '[Desktop Entry]\nType=Application\nName=Old\nExec=collection-demo %%F\nMimeType=text/calendar;\n' \
        >"$prefix/share/applications/collection-demo.desktop"
    printf '%s\n' "dir $prefix/share/applications" "file $prefix/share/applications/collection-demo.desktop" \
        "dir $prefix/share/collection-demo" >"$prefix/share/collection-demo/install-manifest"
    rm -f "$work/swift-ran"
    if ! install_run "$work/install.log" --prefix "$prefix"; then
        fail install "scripts/install.sh --prefix failed: $(tail -5 "$work/install.log")"; return
    fi
    [ ! -e "$work/swift-ran" ] || fail install "install.sh ran swift without --build"
    local f missing=""
    for f in bin/collection-demo "share/applications/$install_app.desktop" share/applications/mimeinfo.cache \
             "share/icons/hicolor/scalable/apps/$install_app.svg" share/icons/hicolor/icon-theme.cache \
             share/collection-demo/sample.ics share/collection-demo/install-manifest \
             "share/metainfo/$install_app.metainfo.xml" share/man/man1/collection-demo.1 \
             share/locale/de/LC_MESSAGES/collection-demo.mo share/locale/ja/LC_MESSAGES/collectionkit.mo; do
        [ -e "$prefix/$f" ] || missing="$missing $f"
    done
    [ -z "$missing" ] && pass "install: every file in place, the desktop's caches written" || fail install "missing:$missing"
    [ ! -e "$prefix/share/applications/collection-demo.desktop" ] && pass "install: the earlier install's collection-demo.desktop is removed" \
        || fail install "the old launcher entry collection-demo.desktop is still there"
    install_package_checks "$prefix"
    if command -v gio >/dev/null; then
        local mime
        mime=$(PATH="$prefix/bin:$PATH" XDG_DATA_HOME="$data_home" XDG_DATA_DIRS="$prefix/share:/usr/share" gio mime text/calendar 2>&1)
        grep -q "^	$install_app.desktop$" <<<"$mime" && pass "install: gio mime text/calendar lists $install_app.desktop" \
            || fail install "gio mime text/calendar: $(tr '\n\t' '  ' <<<"$mime")"
    else skip install "gio is not installed (Debian: libglib2.0-bin)"; fi
    # From a folder with no Assets/ and with no user calendars, the sample must come from the prefix.
    ( cd "$elsewhere" && XDG_DATA_HOME="$elsewhere/data" "$prefix/bin/collection-demo" --headless --scene calendar \
        --today 2026-11-21 --month 2026-11 --timezone UTC --dump-state "$elsewhere/dump.json" ) >"$work/run.log" 2>&1
    if python3 - "$elsewhere/dump.json" "$prefix/share/collection-demo/sample.ics" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = d["calendar"]
ok = c["calendarSource"] == "sample" and c["calendarFiles"] == [sys.argv[2]] and len(c["events"]) > 0
sys.exit(0 if ok else 1)
PY
    then pass "install: the installed binary shows the installed sample calendar from another folder"
    else fail install "the installed binary did not show its sample calendar: $(cat "$work/run.log") $(head -c 600 "$elsewhere/dump.json" 2>/dev/null)"
    fi
    # The translations installed beside it: the boards' titles in German, read from the prefix.
    local titles
    titles=$(cd "$elsewhere" && LANGUAGE= LC_ALL= LC_MESSAGES= LANG=de_DE.UTF-8 "$prefix/bin/collection-demo" --headless --scene boards \
        --dump-state - 2>/dev/null | python3 -c 'import json, sys; print("|".join(c["title"] for c in json.load(sys.stdin)["collections"]))')
    case "|$titles|" in
        *"|Heute|"*) pass "install: the installed binary speaks German from the installed catalogues" ;;
        *) fail install "LANG=de_DE.UTF-8: the boards are titled $titles" ;;
    esac
    if ! scripts/uninstall.sh "$prefix" >"$work/uninstall.log" 2>&1; then
        fail install "scripts/uninstall.sh failed: $(cat "$work/uninstall.log")"; return
    fi
    local after; after=$(cd "$prefix" && find . | sort)
    [ "$before" = "$after" ] && pass "install: uninstall leaves the prefix as it was (the caches it made, the old install's folders gone)" \
        || fail install "left behind: $(diff <(echo "$before") <(echo "$after") | grep '^>' | tr '\n' ' ')"
}

install_refusals() {
    local out rc
    out=$(scripts/install.sh --prefx /tmp 2>&1); rc=$?
    [ "$rc" -eq 2 ] && grep -q "unknown option --prefx" <<<"$out" && pass "install: an unknown option is refused (exit 2) with its name" \
        || fail install "install.sh --prefx: exit $rc, '$out'"
    out=$(PATH="$work/no-swift:$PATH" CONFIGURATION=no-such-build scripts/install.sh --prefix "$work/never" 2>&1); rc=$?
    [ "$rc" -eq 1 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -q -- "--build" <<<"$out" && [ ! -e "$work/never" ] \
        && pass "install: without --build and no built program, one message naming --build, nothing installed" \
        || fail install "install.sh with nothing built: exit $rc, '$out'"
}

install_no_swift
install_stage_test
install_live_test
install_refusals

if [ -n "${install_standalone:-}" ]; then
    echo "install tests: $install_passed passed, $install_failed failed"
    [ "$install_failed" -eq 0 ]
fi
