#!/usr/bin/env python3
"""Fails listing every public declaration of the library modules that has no `///` comment.

Usage: check-docs.py SYMBOL-GRAPH-DIR MODULE… (what `make check-docs` runs).
Reads the public symbol graphs `make symbol-graphs` writes and, for each named module,
every public or open symbol declared in the module's source: types, members, enum cases,
protocol requirements, global functions and variables alike. A symbol counts as documented
when the graph carries a doc comment for it: its own `///`, or the one it inherits as the
implementation of a documented protocol requirement or override (that comment says what
the member is for; the graph names its module). Symbols the compiler makes up have no
source location and are skipped: synthesized Codable, Equatable and Hashable members,
members a protocol extension supplies (`::SYNTHESIZED::`). Prints a count per module.
"""
import json
import pathlib
import sys


def documented(symbol):
    """Whether the graph carries a non-empty doc comment for the symbol."""
    lines = symbol.get("docComment", {}).get("lines", [])
    return any(line.get("text", "").strip() for line in lines)


def declared_in_source(symbol):
    """Whether the symbol is written in the module's source, not made up by the compiler."""
    return "location" in symbol and "::SYNTHESIZED::" not in symbol["identifier"]["precise"]


def where(symbol):
    """`Sources/…/File.swift:line` of a symbol's declaration."""
    location = symbol["location"]
    path = location["uri"].removeprefix("file://")
    root = pathlib.Path.cwd().as_posix() + "/"
    return f"{path.removeprefix(root)}:{location['position']['line'] + 1}"


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: check-docs.py SYMBOL-GRAPH-DIR MODULE…")
    directory, modules = pathlib.Path(sys.argv[1]), sys.argv[2:]
    graphs = {module: sorted(directory.glob(f"{module}.symbols.json")) + sorted(directory.glob(f"{module}@*.symbols.json"))
              for module in modules}
    missing = [module for module, paths in graphs.items() if not any(path.name == f"{module}.symbols.json" for path in paths)]
    if missing:
        sys.exit(f"check-docs: no symbol graph for {', '.join(missing)} in {directory}")
    undocumented, counts = [], {}
    for module, paths in graphs.items():
        seen, public, failures = set(), 0, []
        for path in paths:
            for symbol in json.loads(path.read_text())["symbols"]:
                identifier = symbol["identifier"]["precise"]
                if (symbol.get("accessLevel") not in ("public", "open") or not declared_in_source(symbol)
                        or identifier in seen):
                    continue
                seen.add(identifier)
                public += 1
                if not documented(symbol):
                    failures.append(f"{module}: {'.'.join(symbol['pathComponents'])} "
                                    f"({symbol['kind']['displayName'].lower()}, {where(symbol)})")
        counts[module] = (public, len(failures))
        undocumented += sorted(failures)
    for failure in undocumented:
        print(failure)
    for module, (public, failures) in counts.items():
        print(f"check-docs: {module}: {public} public declarations, {failures} undocumented")
    if undocumented:
        sys.exit(f"check-docs: {len(undocumented)} public declarations have no /// comment")
    print(f"check-docs: every public declaration of {len(modules)} modules is documented")


main()
