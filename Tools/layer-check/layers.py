#!/usr/bin/env python3
"""The one layer table (layers.json beside this file), and what is written from it.

    layers.py modules       the library modules, lowest layer first (the Makefile's LIBRARY_MODULES)
    layers.py test-filter   the display-free modules' test targets as one --filter (.ci/run)
    layers.py diagram       the layer diagram of the Layout article (check-layers.py fails when its copy differs)
"""
import json
import os
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
WIDTH = 100
NAME_COLUMN = 20


def table():
    with open(os.path.join(HERE, "layers.json")) as source:
        return json.load(source)


def layers(data=None):
    """Each layer's module names, lowest first."""
    return [list(layer["modules"]) for layer in (data or table())["layers"]]


def library_modules(data=None):
    """Every Swift library module: all but the C layer, lowest first."""
    return [name for names in layers(data)[1:] for name in names]


def test_filter(data=None):
    return "|".join(f"{name}Tests" for name in (data or table())["display_free_tests"])


def diagram(data=None):
    """The layers top down, each module with its job, as the Layout article shows them."""
    data = data or table()
    lines = ["apps: webview-host ─▶ WebViewHostApp · Examples/NotesApp · your app", "  │"]
    for index, layer in enumerate(reversed(data["layers"])):
        lines.append(layer["name"])
        for name, job in layer["modules"].items():
            if not job:
                continue
            wrapped = textwrap.wrap(job, WIDTH - NAME_COLUMN - 2) or [""]
            lines.append(f"  {name:<{NAME_COLUMN}}{wrapped[0]}")
            lines += [" " * (NAME_COLUMN + 2) + rest for rest in wrapped[1:]]
        if not any(layer["modules"].values()):
            lines += textwrap.wrap(", ".join(layer["modules"]), WIDTH - 2, initial_indent="  ", subsequent_indent="  ")
        if index < len(data["layers"]) - 1:
            lines.append("  │")
    return "\n".join(lines)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "modules":
        print(" ".join(library_modules()))
    elif command == "test-filter":
        print(test_filter())
    elif command == "diagram":
        print(diagram())
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
