#!/usr/bin/env python3
"""The calendar's words (CalendarStrings' English table) as gettext messages.

    calendar-words.py pot        a .pot fragment of the English words
    calendar-words.py LANG       "msgid<TAB>msgstr" lines from the built-in table of LANG (de, fr),
                                 to carry its wording into po/collection-demo/LANG.po
"""
import pathlib, re, sys

source = (pathlib.Path(__file__).resolve().parent.parent / "Sources/CalendarModel/CalendarStrings.swift").read_text(encoding="utf-8")
value = r'"((?:[^"\\]|\\.)*)"'

def table(name):
    """Field -> word for `english`, `german` or `french` (its base initializer, then its changes)."""
    words = {}
    if name == "english":
        words.update(re.findall(r'public var (\w+) = ' + value, source))
        block = re.search(r'static let english = CalendarStrings\((.*?)\)\n', source, re.S).group(1)
    else:
        block = re.search(r'static let %sBase = CalendarStrings\((.*?)\)\n' % name, source, re.S).group(1)
        changes = re.search(r'static let %s: CalendarStrings = \{(.*?)\}\(\)' % name, source, re.S).group(1)
        words.update(re.findall(r's\.(\w+) = ' + value, changes))
    words.update(re.findall(r'(\w+): ' + value, block))
    words.pop("language", None)
    return words

# Counts: the one word is the catalogue's singular, the many word its plural (CalendarStrings.plural).
PAIRS = {"oneDayChosen": "daysChosen", "oneEvent": "someEvents", "oneMoreProblem": "moreProblems"}

english = table("english")
if sys.argv[1:] == ["pot"]:
    print('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n')
    for field, word in sorted(english.items()):
        if field in PAIRS.values():
            continue
        where = f"#. CalendarStrings.{field}\n#: Sources/CalendarModel/CalendarStrings.swift\n"
        if field in PAIRS:
            print(f'{where}msgid "{word}"\nmsgid_plural "{english[PAIRS[field]]}"\nmsgstr[0] ""\nmsgstr[1] ""\n')
        else:
            print(f'{where}msgid "{word}"\nmsgstr ""\n')
else:
    # Plural entries print their forms joined by "|||" (one, many).
    other = table({"de": "german", "fr": "french"}[sys.argv[1]])
    for field, word in english.items():
        if field in PAIRS.values() or field not in other:
            continue
        print(f"{word}\t{other[field]}|||{other[PAIRS[field]]}" if field in PAIRS else f"{word}\t{other[field]}")
