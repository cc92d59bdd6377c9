#!/usr/bin/env python3
"""Fails when a public declaration of a library module mentions a raw C pointer or C type.

Usage: check-public-api.py SYMBOL-GRAPH-DIR MODULE… (what `make check-api` runs).
Reads the public symbol graphs `make symbol-graphs` writes (with
Tools/symbol-graphs/extract-symbol-graphs.py) and checks, for each named library module,
every public symbol's declaration: pointer types (UnsafeMutablePointer, OpaquePointer, UnsafeMutableRawPointer…)
and any type imported from C (GtkWidget, WebKitWebView, GError, gpointer, guint…) are
refused, so the pointer rule is kept by a tool, not by review.
"""
import json
import pathlib
import sys

POINTER_TYPES = {
    "UnsafePointer", "UnsafeMutablePointer", "UnsafeRawPointer", "UnsafeMutableRawPointer",
    "OpaquePointer", "UnsafeBufferPointer", "UnsafeMutableBufferPointer",
    "UnsafeRawBufferPointer", "UnsafeMutableRawBufferPointer", "Unmanaged",
}


def offending_types(symbol, associated_types):
    """The pointer and C types a symbol's declaration names.

    Swift types carry a Swift identifier (`s:…`); a type name without one is C's (GError,
    GtkWidget…) unless it is `Self`, one of the symbol's generic parameters or an
    associated type.
    """
    generics = {parameter["name"] for parameter in symbol.get("swiftGenerics", {}).get("parameters", [])}
    found = []
    for fragment in symbol.get("declarationFragments", []):
        if fragment.get("kind") != "typeIdentifier":
            continue
        name, identifier = fragment.get("spelling", ""), fragment.get("preciseIdentifier", "")
        swift_name = identifier.startswith("s:") or (not identifier and (
            name == "Self" or name in generics or name in associated_types))
        if name in POINTER_TYPES or not swift_name:
            found.append(name)
    return found


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: check-public-api.py SYMBOL-GRAPH-DIR MODULE…")
    directory, modules = pathlib.Path(sys.argv[1]), set(sys.argv[2:])
    graphs = sorted(path for path in directory.glob("*.symbols.json")
                    if path.name.split("@")[0].split(".")[0] in modules)
    missing = modules - {path.name.split(".")[0] for path in graphs}
    if missing:
        sys.exit(f"check-public-api: no symbol graph for {', '.join(sorted(missing))} in {directory}")
    symbols = {path: json.loads(path.read_text())["symbols"] for path in graphs}
    associated_types = {symbol["names"]["title"] for path in graphs for symbol in symbols[path]
                        if symbol["kind"]["identifier"] == "swift.associatedtype"}
    failures = []
    for path in graphs:
        for symbol in symbols[path]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            types = offending_types(symbol, associated_types)
            if types:
                title = ".".join(symbol["pathComponents"])
                failures.append(f"{path.name.split('.')[0]}: {title} exposes {', '.join(sorted(set(types)))}")
    for failure in failures:
        print(failure)
    if failures:
        sys.exit(f"check-public-api: {len(failures)} public declarations expose C pointers or C types")
    print(f"check-public-api: {len(graphs)} symbol graphs, no public C pointer or C type")


main()
