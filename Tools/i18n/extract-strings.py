#!/usr/bin/env python3
"""The gettext template of Swift sources, and the check that keeps it and the sources honest.

    extract-strings.py write --domain D --output po/D.pot DIR...   write the template
    extract-strings.py check --domain D --output po/D.pot DIR...   fail when the template is stale, when a
                                                                   tr() message is not a plain literal, or
                                                                   when a literal reaches a user-visible API
                                                                   without tr()

xgettext cannot read Swift, so this reads the calls of GLibCore's TextDomain by their shape:
tr("message"), tr("message", context: "ctx"), tr("singular", "plural", count: n), each literal
possibly split into "a" + "b"; `domain.tr(…)` in an app reads the same. A `// TRANSLATORS:`
comment on the lines just above a call becomes the entry's note to the translator. Messages
keep their `{name}` placeholders, which translators may move.

A line ending in `// untranslated: <why>` is exempt from the user-visible check (a proper
name, a command, a file format).
"""
import os
import re
import sys

# Where a literal would reach the user unless it passes through tr(): the library's labels,
# buttons, tooltips, accessible names, dialogs, info bars, menu items, error pages and the
# command line's errors.
USER_VISIBLE = [
    r'\bLabel\(\s*"', r'\.text\s*=\s*"', r'\baddButton\(\s*"', r'\btooltip:\s*"', r'\btooltip\s*=\s*"',
    r'\baccessibleName\s*=\s*"', r'\bAccessibleName\.set\(\s*"', r'\bsetOnOwnButtons\(of:[^,]+,\s*"',
    r'\bheading:\s*"', r'\bmessage:\s*"', r'\.message\s*=\s*"', r'\baddItem\(\s*"', r'\baddCommand\([^,]+,\s*"',
    r'\bKeyboardShortcut\([^)]*\btitle:\s*"', r'\bgroup:\s*"', r'\bplaceholder:\s*"', r'\baddCheckButton\(\s*"',
    r'\bgtk_label_new\(\s*"', r'\bgtk_widget_set_tooltip_text\([^,]+,\s*"', r'\bgtk_button_new_with_label\(\s*"',
    r'\bgtk_file_chooser_native_new\(\s*"', r'\bwebkit_context_menu_item_new_from_gaction\([^,]+,\s*"',
    r'\bNoticeDialog\.show\(title:\s*"', r'\baction:\s*"[A-Z]', r'\bhtml\(title:\s*"', r'\bfail\(\s*"[a-z]',
    r'\bInfoBar\(message:\s*"',
    r'\biconName:[^)]*\bname:\s*"', r'\bButton\(label:\s*"', r'\bMenuItem\(\s*"', r'\.label\s*=\s*"',
]
USER_VISIBLE_RE = re.compile("|".join(USER_VISIBLE))
TR_CALL = re.compile(r'(?<![A-Za-z0-9_])(?<!func )tr\(')
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'", "0": "\0"}


class Failure(Exception):
    pass


def unescape(text, where):
    if "\\(" in text:
        raise Failure(f"{where}: a tr() message interpolates; use a {{name}} placeholder and pass its value")
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\":
            nxt = text[i + 1]
            if nxt == "u":
                end = text.index("}", i)
                out.append(chr(int(text[i + 3:end], 16)))
                i = end + 1
                continue
            out.append(ESCAPES[nxt])
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def literal(source, pos, where):
    """A literal, or "a" + "b" + …, starting at pos (after spaces): (text, end) or None."""
    parts = []
    while True:
        while pos < len(source) and source[pos] in " \n\t":
            pos += 1
        match = STRING.match(source, pos)
        if not match:
            return None if not parts else ("".join(parts), pos)
        parts.append(unescape(match.group(1), where))
        pos = match.end()
        after = pos
        while after < len(source) and source[after] in " \n\t":
            after += 1
        if source.startswith("+", after):
            pos = after + 1
            continue
        return "".join(parts), pos


def skip_spaces(source, pos):
    while pos < len(source) and source[pos] in " \n\t":
        pos += 1
    return pos


def messages(path, relative):
    """(context, msgid, plural, line, note) of each tr() call in one file."""
    source = open(path, encoding="utf-8").read()
    lines = source.split("\n")
    found = []
    for call in TR_CALL.finditer(source):
        line = source.count("\n", 0, call.start()) + 1
        where = f"{relative}:{line}"
        if lines[line - 1].lstrip().startswith("///") or "// untranslated:" in lines[line - 1]:
            continue
        first = literal(source, call.end(), where)
        if first is None:
            raise Failure(f"{where}: tr() takes a string literal, so the template can hold it")
        msgid, pos = first
        plural = context = None
        pos = skip_spaces(source, pos)
        if source.startswith(",", pos):
            after = skip_spaces(source, pos + 1)
            if source.startswith("context:", after):
                found_context = literal(source, after + len("context:"), where)
                if found_context is None:
                    raise Failure(f"{where}: a tr() context is a string literal")
                context = found_context[0]
            elif source.startswith('"', after):
                plural = literal(source, after, where)[0]
        note = []
        above = line - 2
        while above >= 0 and lines[above].strip().startswith("//"):
            text = lines[above].strip().lstrip("/").strip()
            note.insert(0, text)
            above -= 1
        note = [text for text in note if text] if any(t.startswith("TRANSLATORS:") for t in note) else []
        if note:
            start = next(i for i, t in enumerate(note) if t.startswith("TRANSLATORS:"))
            note = note[start:]
        found.append((context, msgid, plural, line, " ".join(note)))
    return found


# Errors and deprecation notes name a `message:` for a developer, not for the user.
NOT_USER_VISIBLE = re.compile(r'\bGLibError\(|@available\(|\breject\(message:|\bBridgeError\(')


def has_words(source, start):
    """Whether the literal opening at `start` holds a letter outside its interpolations."""
    match = STRING.match(source, start)
    if not match:
        return False
    text = re.sub(r'\\\((?:[^()]|\([^()]*\))*\)', "", match.group(1))
    return re.search(r'[A-Za-z]', re.sub(r'\\.', "", text)) is not None


def user_visible_literals(path, relative):
    problems = []
    for number, text in enumerate(open(path, encoding="utf-8"), 1):
        if text.lstrip().startswith("//") or "// untranslated:" in text or NOT_USER_VISIBLE.search(text):
            continue
        for match in USER_VISIBLE_RE.finditer(text):
            if match.group(0).endswith('"') and not has_words(text, match.end() - 1):
                continue
            problems.append(f"{relative}:{number}: a literal reaches a user-visible API without tr(): {text.strip()}")
            break
    return problems


def swift_files(directories, root):
    for directory in directories:
        for folder, _, names in sorted(os.walk(directory)):
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(folder, name)
                    yield path, os.path.relpath(path, root)


def po_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped[:-1]:
        return '"' + escaped.replace("\n", "\\n") + '"'
    pieces = escaped.split("\n")
    lines = [piece + "\\n" for piece in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    return '""\n' + "\n".join(f'"{line}"' for line in lines)


def template(domain, entries):
    out = [
        f"# The messages of the {domain} text domain, written by Tools/i18n/extract-strings.py from the",
        "# Swift sources: do not edit; run `make po` after changing a message.",
        "#, fuzzy",
        'msgid ""',
        'msgstr ""',
        f'"Project-Id-Version: {domain}\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"',
        "",
    ]
    for (context, msgid, plural), (references, notes) in entries.items():
        for note in notes:
            out.append(f"#. {note}")
        out.append("#: " + " ".join(references))
        if "{" in msgid:
            out.append("#. Keep each {placeholder} as it is; you may move it.")
        if context is not None:
            out.append(f"msgctxt {po_string(context)}")
        out.append(f"msgid {po_string(msgid)}")
        if plural is not None:
            out.append(f"msgid_plural {po_string(plural)}")
            out += ['msgstr[0] ""', 'msgstr[1] ""']
        else:
            out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


def main(arguments):
    if len(arguments) < 6 or arguments[0] not in ("write", "check") or arguments[1] != "--domain" or arguments[3] != "--output":
        sys.exit(__doc__)
    mode, domain, output, directories = arguments[0], arguments[2], arguments[4], arguments[5:]
    root = os.getcwd()
    entries, problems = {}, []
    for path, relative in swift_files(directories, root):
        try:
            for context, msgid, plural, line, note in messages(path, relative):
                references, notes = entries.setdefault((context, msgid, plural), ([], []))
                references.append(f"{relative}:{line}")
                if note and note not in notes:
                    notes.append(note)
        except Failure as failure:
            problems.append(str(failure))
        problems += user_visible_literals(path, relative)
    text = template(domain, entries)
    if mode == "write":
        if problems:
            sys.exit("\n".join(problems))
        with open(output, "w", encoding="utf-8") as file:
            file.write(text)
        print(f"{output}: {len(entries)} messages")
        return
    current = open(output, encoding="utf-8").read() if os.path.exists(output) else ""
    if current != text:
        problems.append(f"{output} is out of date with the sources: run `make po` (Tools/i18n/extract-strings.py write …)")
    if problems:
        sys.exit("\n".join(problems))
    print(f"{output}: {len(entries)} messages, up to date; every user-visible literal goes through tr()")


if __name__ == "__main__":
    main(sys.argv[1:])
