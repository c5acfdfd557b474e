# Catalogues are checked before gettext reads them: a .mo with a string offset past its end
# crashed glibc's gettext at start-up, a FIFO in its place blocked start-up, and LANGUAGE=../..
# read a catalogue from outside the program's folders. Each is refused with a notice and the
# program runs in English. Headless; run by the window-test runner.

catalogue_dir=$work/catalogues/share/locale
mkdir -p "$catalogue_dir/de/LC_MESSAGES" "$work/catalogues/LC_MESSAGES"
# A sound catalogue that says "Heute" for "Today", compiled as the build compiles them.
printf 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n"\n\nmsgid "Today"\nmsgstr "Heute"\n' \
    > "$work/catalogues/de.po"
msgfmt -o "$work/catalogues/good.mo" "$work/catalogues/de.po"
# catalogue_words ENV... -> the exit status, then the boards' titles from the dump; stderr in $work/catalogue.err
catalogue_words() {
    env -u DISPLAY LC_ALL= LC_MESSAGES= COLLECTION_DEMO_LOCALEDIR="$catalogue_dir" "$@" \
        timeout 60 "$bin" --headless --scene boards --dump-state "$work/catalogue.json" 2>"$work/catalogue.err"
    echo "exit $?"
    python3 -c 'import json, sys; print("|".join(c.get("title", "") for c in json.load(open(sys.argv[1])).get("collections", [])))' \
        "$work/catalogue.json" 2>/dev/null
    rm -f "$work/catalogue.json"
}

cp "$work/catalogues/good.mo" "$catalogue_dir/de/LC_MESSAGES/collection-demo.mo"
out=$(catalogue_words LANG=de_DE.UTF-8)
case "$out" in
    "exit 0"*"|Heute|"*) pass "a sound catalogue is used (Heute)" ;;
    *) fail "sound catalogue" "$out $(cat "$work/catalogue.err")" ;;
esac

# The second translation's offset (header 28 bytes, originals 2 × 8, then entry 1's offset word)
# pointed far past the end: glibc's gettext read there and the program died of SIGSEGV.
python3 - "$work/catalogues/good.mo" "$catalogue_dir/de/LC_MESSAGES/collection-demo.mo" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
n, originals, translations = struct.unpack_from("<III", data, 8)
struct.pack_into("<I", data, translations + 8 + 4, 0x7ffffff0)
open(sys.argv[2], "wb").write(data)
PY
out=$(catalogue_words LANG=de_DE.UTF-8)
case "$out" in
    "exit 0"*"|Today|"*) if grep -q "translation.*collection-demo.mo was not used" "$work/catalogue.err"; then
                             pass "a catalogue with a string past its end is refused with a notice, in English"
                         else fail "bad catalogue" "no notice: $(cat "$work/catalogue.err")"; fi ;;
    *) fail "bad catalogue" "$out $(head -c 400 "$work/catalogue.err")" ;;
esac

# A FIFO where the catalogue should be: gettext opened it and waited for a writer forever.
rm -f "$catalogue_dir/de/LC_MESSAGES/collection-demo.mo"
mkfifo "$catalogue_dir/de/LC_MESSAGES/collection-demo.mo"
out=$(catalogue_words LANG=de_DE.UTF-8)
case "$out" in
    "exit 0"*"|Today|"*) grep -q "not a regular file" "$work/catalogue.err" && pass "a FIFO in a catalogue's place is refused at once" \
                         || fail "FIFO catalogue" "no notice: $(cat "$work/catalogue.err")" ;;
    *) fail "FIFO catalogue" "$out (exit 124 is the 60 s timeout) $(head -c 400 "$work/catalogue.err")" ;;
esac
rm -f "$catalogue_dir/de/LC_MESSAGES/collection-demo.mo"

# LANGUAGE=../.. made gettext read <dir>/../../LC_MESSAGES/collection-demo.mo: any file on the system.
cp "$work/catalogues/good.mo" "$work/catalogues/LC_MESSAGES/collection-demo.mo"
out=$(catalogue_words LANG=de_DE.UTF-8 LANGUAGE=../..)
case "$out" in
    "exit 0"*"|Today|"*) grep -q "LANGUAGE named a folder" "$work/catalogue.err" && pass "LANGUAGE=../.. reads no catalogue from outside" \
                         || fail "LANGUAGE=../.." "no notice: $(cat "$work/catalogue.err")" ;;
    *) fail "LANGUAGE=../.." "$out $(head -c 400 "$work/catalogue.err")" ;;
esac

# SIGTERM while the script is still being read (before SDL, which turns it into a quit, has
# started) ended the process at once with status 143 and no dump. The script comes from a FIFO
# whose writer holds it open; the signal is sent once the program has taken SIGTERM over.
mkfifo "$work/slow-script"
{ printf 'wait 1\n'; exec sleep 300; } > "$work/slow-script" &
slow_writer=$!
env -u DISPLAY "$bin" --headless --replay "$work/slow-script" --dump-state "$work/early.json" 2>"$work/early.err" &
early_pid=$!
# SigCgt: the signals the process catches; SIGTERM (15) is bit 14. Only once the process is the
# program: until `env` has run it, the PID is the shell's forked child, which still has this
# script's TERM trap (a signal sent then killed the child with 143 before the program started).
early_exe=$(readlink -f "$bin")
takes_term() {
    local mask
    [ "$(readlink "/proc/$early_pid/exe" 2>/dev/null)" = "$early_exe" ] || return 1
    mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$early_pid/status" 2>/dev/null) && [ -n "$mask" ] && (( 0x$mask & 0x4000 ))
}
if wait_until 30 takes_term; then
    kill -TERM "$early_pid"
    if wait_until 30 eval '! kill -0 "$early_pid" 2>/dev/null'; then
        wait "$early_pid"; code=$?
        if [ $code -eq 0 ] && grep -q "stopped at 0\.0[0-9]* s" "$work/early.err" && [ "$(json_get "$work/early.json" 'd["scene"]')" = grid ]; then
            pass "SIGTERM while the script is read writes the dump and exits 0"
        else fail "SIGTERM while reading" "exit $code, $(cat "$work/early.err")"; fi
    else
        # Where it stands, for the report: its state and each thread's name and kernel wait.
        where=$(awk '/^State:/ { print $2 $3 }' "/proc/$early_pid/status" 2>/dev/null)
        for task in /proc/"$early_pid"/task/*; do where+=" $(cat "$task/comm" 2>/dev/null):$(cat "$task/wchan" 2>/dev/null)"; done
        kill -KILL "$early_pid" 2>/dev/null
        fail "SIGTERM while reading" "still running 30 s after SIGTERM (state and threads: $where; its errors: $(head -c 300 "$work/early.err"))"
    fi
else
    fail "SIGTERM while reading" "the program never took SIGTERM over: $(cat "$work/early.err")"
    kill -KILL "$early_pid" 2>/dev/null
fi
kill "$slow_writer" 2>/dev/null; wait "$slow_writer" 2>/dev/null
