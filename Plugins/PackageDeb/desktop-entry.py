#!/usr/bin/env python3
"""Writes an app's desktop entry as it is installed: the app's .desktop file with the URL
schemes it handles added to MimeType (x-scheme-handler/NAME), so `gio open NAME://…` and links
start it, and an Exec line that passes URLs on (%U, added when the line has no field code).

    desktop-entry.py IN OUT [--url-scheme NAME]... [--exec PROGRAM]

--exec replaces the program Exec names (an installed path, a test's build). build-deb.sh
uses it for the Debian package; the tests use it for a private XDG data directory.
"""
import argparse
import re
import sys

SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*$")
FIELD_CODES = re.compile(r"%[fFuU]")


def rewrite(lines, schemes, program):
    out, in_main, seen_mime = [], False, False
    handlers = [f"x-scheme-handler/{scheme.lower()}" for scheme in schemes]

    def mime_line(existing):
        types = [t for t in existing.split(";") if t]
        return "MimeType=" + "".join(f"{t};" for t in types + [h for h in handlers if h not in types])

    for line in lines:
        stripped = line.rstrip("\n")
        if stripped.startswith("["):
            if in_main and handlers and not seen_mime:
                out.append(mime_line(""))
            in_main = stripped == "[Desktop Entry]"
        elif in_main and stripped.startswith("MimeType="):
            seen_mime = True
            stripped = mime_line(stripped[len("MimeType="):]) if handlers else stripped
        elif in_main and stripped.startswith("Exec="):
            command = stripped[len("Exec="):].split(" ", 1)
            if program:
                command[0] = program
            stripped = "Exec=" + " ".join(command)
            if handlers and not FIELD_CODES.search(stripped):
                stripped += " %U"
        out.append(stripped)
    if in_main and handlers and not seen_mime:
        out.append(mime_line(""))
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--url-scheme", action="append", default=[], dest="schemes")
    parser.add_argument("--exec", dest="program")
    arguments = parser.parse_args()
    for scheme in arguments.schemes:
        if not SCHEME.match(scheme):
            sys.exit(f"desktop-entry.py: '{scheme}' is not a URL scheme: a letter, then letters, digits, '+', '-' or '.'")
    with open(arguments.input) as source:
        lines = source.readlines()
    if "[Desktop Entry]" not in (line.strip() for line in lines):
        sys.exit(f"desktop-entry.py: {arguments.input} has no [Desktop Entry] group")
    with open(arguments.output, "w") as target:
        target.write(rewrite(lines, arguments.schemes, arguments.program))


if __name__ == "__main__":
    main()
