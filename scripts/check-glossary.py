#!/usr/bin/env python3
"""Fails when a glossary term is translated two ways in one .po file.

The glossary is po/glossary/: terms.tsv names each term once, with a regular expression that finds
it in an English message (and, for key caps, the msgctxt its messages carry); LANG.tsv gives the
language's translation of each term and a regular expression the translations must contain
(its inflections: Karte, Karten, Kartentitel). Every message of po/*/LANG.po whose msgid (or
msgid_plural) holds a term must hold that term's translation in every msgstr form; one that says it
another way ("Rückstand" where the glossary says "Backlog", "Tafeln" where it says "Boards") is
reported with the file, line, message and the glossary's word. Untranslated and fuzzy messages are
skipped; a term the language's file does not list is not checked in that language.

    scripts/check-glossary.py [ROOT]     exit 1 and one line per message said another way
    scripts/check-glossary.py --self-test
                                         plants a second translation of a term in a copy of po/
                                         and checks that it is caught, and that the copy as it was
                                         passes
"""
import pathlib, re, sys


def read_tsv(path):
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        rows.append((number, line.split("\t")))
    return rows


def unquote(s):
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def messages(path):
    """(line, msgctxt, [msgid, msgid_plural], [msgstr…], fuzzy) for each message but the header."""
    out, entry, key, fuzzy = [], None, None, False
    def flush():
        if entry and entry.get("msgid"):
            strs = [v for k, v in sorted(entry.items()) if k.startswith("msgstr")]
            ids = [entry["msgid"]] + ([entry["msgid_plural"]] if "msgid_plural" in entry else [])
            out.append((entry["line"], entry.get("msgctxt", ""), ids, strs, entry["fuzzy"]))
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#,"):
            fuzzy = "fuzzy" in line
            continue
        m = re.match(r'(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+"(.*)"\s*$', line)
        if m:
            starts = m.group(1) == "msgctxt" or (m.group(1) == "msgid" and entry is not None and "msgid" in entry)
            if starts and entry is not None:
                flush(); entry = None
            if entry is None:
                entry = {"line": number, "fuzzy": fuzzy}; fuzzy = False
            key = m.group(1); entry[key] = unquote(m.group(2))
        elif line.startswith('"') and entry is not None and key:
            entry[key] += unquote(line.strip()[1:-1])
        elif not line.strip():
            flush(); entry, key = None, None
    flush()
    return out


def check(root):
    glossary = root / "po" / "glossary"
    terms = {}
    for number, cols in read_tsv(glossary / "terms.tsv"):
        if len(cols) < 2:
            sys.exit(f"{glossary / 'terms.tsv'}:{number}: a row is TERM<TAB>ENGLISH-REGEX[<TAB>MSGCTXT[<TAB>NOTE]]")
        terms[cols[0]] = (re.compile(cols[1]), cols[2] if len(cols) > 2 else "")
    contexts = {ctx for _, ctx in terms.values() if ctx}
    problems, checked = [], 0
    for table in sorted(glossary.glob("*.tsv")):
        if table.name == "terms.tsv":
            continue
        lang = table.stem
        wanted = {}
        for number, cols in read_tsv(table):
            if len(cols) < 3 or cols[0] not in terms:
                sys.exit(f"{table}:{number}: a row is TERM<TAB>TRANSLATION<TAB>ACCEPTED-REGEX[<TAB>SOURCE], "
                         f"TERM one of terms.tsv (got {cols[0]!r})")
            wanted[cols[0]] = (cols[1], re.compile(cols[2]))
        for po in sorted((root / "po").glob(f"*/{lang}.po")):
            for line, ctx, ids, strs, fuzzy in messages(po):
                if fuzzy or not any(strs):
                    continue
                for term, (english, term_ctx) in terms.items():
                    if term not in wanted or term_ctx != ctx and (term_ctx or ctx in contexts):
                        continue
                    if not any(english.search(i) for i in ids):
                        continue
                    checked += 1
                    word, accepted = wanted[term]
                    for s in strs:
                        if s and not accepted.search(s):
                            problems.append(f"{po.relative_to(root)}:{line}: {ids[0]!r} is {s!r}: "
                                            f"the glossary's {term!r} is {word!r} ({table.relative_to(root)})")
    return problems, checked


if sys.argv[1:] == ["--self-test"]:
    import shutil, subprocess, tempfile
    here = pathlib.Path(__file__).resolve()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp)
        shutil.copytree(here.parent.parent / "po", copy / "po")
        run = subprocess.run([sys.executable, str(here), str(copy)], capture_output=True, text=True)
        results.append(run.returncode == 0)
        print(("PASS" if results[-1] else "FAIL") + ": the catalogues as they are pass")
        de = copy / "po" / "collection-demo" / "de.po"
        text = de.read_text(encoding="utf-8")
        # The board named one way in the scene's tab and another in a shortcut's description.
        planted = text.replace('msgid "Boards"\nmsgstr "Boards"', 'msgid "Boards"\nmsgstr "Tafeln"', 1)
        for body, what in [(planted, '"Boards" as "Tafeln" beside "Board"'),
                           (text.replace('msgstr "Backlog"', 'msgstr "Rückstand"', 1), '"Backlog" as "Rückstand"'),
                           (text.replace('msgctxt "keyboard key"\nmsgid "Delete"\nmsgstr "Entf"',
                                         'msgctxt "keyboard key"\nmsgid "Delete"\nmsgstr "Löschen"', 1), 'the Delete key cap as "Löschen"')]:
            ok = body != text
            de.write_text(body, encoding="utf-8")
            run = subprocess.run([sys.executable, str(here), str(copy)], capture_output=True, text=True)
            ok = ok and run.returncode != 0 and "de.po" in run.stdout
            results.append(ok)
            print(("PASS" if ok else "FAIL") + f": {what} is caught")
            de.write_text(text, encoding="utf-8")
    sys.exit(0 if all(results) else 1)

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
problems, checked = check(root)
for p in problems:
    print(p)
if problems:
    print(f"{len(problems)} message(s) say a glossary term another way than po/glossary/ (of {checked} checked)")
    sys.exit(1)
print(f"glossary: {checked} messages hold a glossary term, each as the glossary says")
