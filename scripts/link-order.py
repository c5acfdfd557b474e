#!/usr/bin/env python3
"""Writes the link order of collection-demo's code (see scripts/link-order.sh).

Usage: link-order.py LINK.map PROFILE.callgrind... > scripts/link-order.txt

LINK.map is lld's map of a release link; each PROFILE is a callgrind run of that program. lld lays
out whole input sections: a function compiled into a section of its own moves alone, while the
Swift runtime's and most modules' code shares one `.text` section per object file, which moves
as a whole. So the order names, for every input section that ran any code, one symbol that only
that section defines; sections used by more of the profiled runs come first.
"""
import collections
import re
import sys


def sections_of_text(map_path):
    """(section id, symbols) for every input section of the output .text, in link order."""
    sections, output, current = [], None, None
    line_re = re.compile(r'^\s*[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+\d+\s(.*)$')
    for line in open(map_path, errors='replace'):
        m = line_re.match(line.rstrip('\n'))
        if not m:
            continue
        rest = m.group(1)
        indent = len(rest) - len(rest.lstrip(' '))
        text = rest.strip()
        if indent == 0:
            output, current = text, None
        elif output == '.text' and indent <= 8 and ':(' in text:
            current = (text, [])
            sections.append(current)
        elif output == '.text' and current is not None:
            current[1].append(text)
    return sections


def functions_run(profile_path, program):
    """Names of the functions of `program` that a callgrind profile saw run."""
    objects, functions, names = {}, {}, set()
    current_object = called_object = None
    object_re = re.compile(r'^(c?ob)=\((\d+)\)(?: (.*))?$')
    function_re = re.compile(r'^(c?fn)=\((\d+)\)(?: (.*))?$')
    for line in open(profile_path, errors='replace'):
        line = line.rstrip('\n')
        m = object_re.match(line)
        if m:
            if m.group(3):
                objects[m.group(2)] = m.group(3)
            if m.group(1) == 'ob':
                current_object, called_object = objects.get(m.group(2)), None
            else:
                called_object = objects.get(m.group(2))
            continue
        m = function_re.match(line)
        if not m:
            continue
        if m.group(1) == 'cfn':
            if m.group(3):
                functions[m.group(2)] = (m.group(3), called_object or current_object)
            called_object = None
            continue
        if m.group(3):
            functions[m.group(2)] = (m.group(3), current_object)
        name, obj = functions[m.group(2)]
        if obj and obj.endswith('/' + program):
            names.add(name)
    return names


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sections = sections_of_text(sys.argv[1])
    runs = [functions_run(p, 'collection-demo') for p in sys.argv[2:]]
    if not any(runs):
        sys.exit('link-order: the profiles saw no function of collection-demo run')
    defined = collections.Counter(s for _, symbols in sections for s in symbols)
    ranked = []
    for index, (_, symbols) in enumerate(sections):
        uses = sum(1 for run in runs if any(s in run for s in symbols))
        # Any name only this section defines moves it; a shared one would move the others too.
        # A name the map shows demangled (C++, with spaces) cannot be named in the order file.
        unique = [s for s in symbols if defined[s] == 1 and not any(c.isspace() for c in s)]
        if uses and unique:
            ranked.append((-uses, index, unique[0]))
    ranked.sort()
    print('# The order of collection-demo\'s code in a release link (lld --symbol-ordering-file):')
    print('# one symbol per input section that ran in the profiled runs, the most used first.')
    print('# Written by scripts/link-order.sh; a stale name is skipped by the linker.')
    for _, _, symbol in ranked:
        print(symbol)
    print(f'link-order: {len(ranked)} of {len(sections)} sections of .text ran and are named', file=sys.stderr)


if __name__ == '__main__':
    main()
