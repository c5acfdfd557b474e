#!/usr/bin/env python3
"""Fails when a user-visible string literal in the demo bypasses the translation catalogue.

A literal is taken for user-visible words when it holds a word of two or more letters and either
starts with a capital letter or has a space in it ("Trash", "Drag cards between boards"). Dump
keys, scene names and identifiers are lower camel case without spaces and pass. A literal passes
when it is a message of tr(…), trc(…), trn(…) or trp(…) (what xgettext extracts), sits in a comment, or is
allowed by po/untranslated-allow.txt: one `path-glob<TAB>regex` a line, the regex searched in the
source line with @@ put before that literal (so `Shortcut\(@@` allows a shortcut's key cap and
nothing else on its line): log and command-line text, key caps, sample content.

    scripts/check-strings.py [ROOT]     exit 1 and one line per literal when any is found
    scripts/check-strings.py --self-test
                                        plants a shown literal in a copy of the demo and checks
                                        that it is caught (and that its tr(…) form is not)
"""
import fnmatch, pathlib, re, sys

if sys.argv[1:] == ["--self-test"]:
    import shutil, subprocess, tempfile
    here = pathlib.Path(__file__).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp)
        shutil.copytree(here.parent.parent / "Sources" / "CollectionDemo", copy / "Sources" / "CollectionDemo")
        shutil.copytree(here.parent.parent / "po", copy / "po")
        planted = copy / "Sources" / "CollectionDemo" / "App" / "Planted.swift"
        results = []
        for body, caught in [('list.text("Drop files here", in: frame)', True), ('list.text(tr("Drop files here"), in: frame)', False),
                             ('let key = "dragging"', False), ('notice = "Saved \\(name)"', True)]:
            planted.write_text("func planted() {\n    " + body + "\n}\n", encoding="utf-8")
            run = subprocess.run([sys.executable, str(here), str(copy)], capture_output=True, text=True)
            ok = (run.returncode != 0) == caught and (("Planted.swift" in run.stdout) == caught)
            results.append(ok)
            print(("PASS" if ok else "FAIL") + f": {body!r} is {'caught' if caught else 'let through'}")
    sys.exit(0 if all(results) else 1)

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
sources = sorted((root / "Sources" / "CollectionDemo").rglob("*.swift"))
allow = []
for line in (root / "po" / "untranslated-allow.txt").read_text(encoding="utf-8").splitlines():
    if line.strip() and not line.startswith("#"):
        glob, _, pattern = line.partition("\t")
        allow.append((glob.strip(), re.compile(pattern.strip())))

# A string literal without its interpolations: "…" with \( … ) taken out.
def enclosing_call(text, start):
    """The name of the call whose parenthesis encloses text[start] ("tr", "trp", …), or ""."""
    depth, i = 0, start - 1
    while i >= 0:
        c = text[i]
        if c == ")": depth += 1
        elif c == "(":
            if depth == 0:
                name = re.search(r'(\w+)\s*$', text[:i])
                return name.group(1) if name else ""
            depth -= 1
        elif c in "{};": return ""
        i -= 1
    return ""

literal = re.compile(r'"((?:[^"\\]|\\\((?:[^()]|\([^()]*\))*\)|\\.)*)"')
words = re.compile(r'[^\W\d_]{2,}')

def visible(text):
    plain = re.sub(r'\\\((?:[^()]|\([^()]*\))*\)', ' ', text)
    if re.fullmatch(r'[A-Z0-9_]+', plain):  # an environment variable's name
        return False
    return bool(words.search(plain)) and (plain[:1].isupper() or (" " in plain.strip() and words.search(plain)))

found = []
for path in sources:
    rel = path.relative_to(root).as_posix()
    rules = [r for g, r in allow if fnmatch.fnmatch(rel, g)]
    source = path.read_text(encoding="utf-8")
    offset = 0
    for number, line in enumerate(source.splitlines(), 1):
        line_start, offset = offset, offset + len(line) + 1
        code = line.split("//", 1)[0] if '"' not in line.split("//", 1)[0][-1:] else line
        if code.lstrip().startswith(("//", "///", "*")) or '"' not in code:
            continue
        for m in literal.finditer(code):
            if any(r.search(code[:m.start()] + "@@" + code[m.start():]) for r in rules):
                continue
            if visible(m.group(1)) and enclosing_call(source, line_start + m.start()) not in ("tr", "trc", "trn", "trp"):
                found.append(f"{rel}:{number}: \"{m.group(1)}\" is shown untranslated: wrap it in tr(…) or allow it in po/untranslated-allow.txt")
for f in found:
    print(f)
if found:
    print(f"{len(found)} user-visible literal(s) bypass the translations", file=sys.stderr)
    sys.exit(1)
print(f"check-strings: {len(sources)} files, every user-visible literal goes through the translations")
