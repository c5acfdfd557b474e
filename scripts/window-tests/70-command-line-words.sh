# window-tests: no display
# The command line speaks the user's language: --help and the messages for bad flags come from
# the demo's catalogues (scripts/translations.sh compile), in the language of LANGUAGE, LC_ALL,
# LC_MESSAGES or LANG, as gettext picks it; without a catalogue for it they stay English.
command_line_words_tests() {
    [ -d .build/locale/de/LC_MESSAGES ] || scripts/translations.sh compile >/dev/null 2>&1
    local out code
    out=$(LANGUAGE= LC_ALL= LC_MESSAGES= LANG=de_DE.UTF-8 "$bin" --help 2>&1); code=$?
    if [ $code = 0 ] && [[ "$out" == *"Eine Collection-View-Engine für den Desktop"* ]] && [[ "$out" == *"Die zuerst gezeigte Szene: grid, carousel"* ]]; then
        pass "command-line words: --help in German under LANG=de_DE.UTF-8"
    else fail "command-line words" "--help under de: exit $code: $(printf '%s' "$out" | head -5)"; fi
    out=$(LANGUAGE=fr LANG=C.UTF-8 "$bin" --headless --items -5 2>&1); code=$?
    [ $code != 0 ] && [[ "$out" == *"--items : le nombre doit être zéro ou plus, reçu -5"* ]] \
        && pass "command-line words: a bad flag's message in French under LANGUAGE=fr (exit $code)" \
        || fail "command-line words" "--items -5 under fr: exit $code: $out"
    out=$(LANGUAGE= LC_ALL= LANG=C.UTF-8 "$bin" --headless --scene nowhere 2>&1); code=$?
    [ $code != 0 ] && [[ "$out" == *"unknown scene 'nowhere'; scenes: grid"* ]] \
        && pass "command-line words: English without a language (exit $code)" \
        || fail "command-line words" "--scene nowhere in C: exit $code: $out"
}
command_line_words_tests
