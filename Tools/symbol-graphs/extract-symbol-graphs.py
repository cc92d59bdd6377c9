#!/usr/bin/env python3
"""Writes the public symbol graphs of the named modules from the modules `swift build` built.

Usage: extract-symbol-graphs.py BUILD-DIR OUTPUT-DIR MODULE… (what `make symbol-graphs` runs).
`swift package dump-symbol-graph` extracts a graph for every target of the package, test
targets included, so it fails on a checkout whose tests were never built; this tool runs
`swift-symbolgraph-extract` for the named modules only, with the search paths and Clang
flags SwiftPM compiled each of them with (read from the build manifest, BUILD-DIR/debug.yaml),
so `swift build` is all it needs.
"""
import json
import pathlib
import shutil
import subprocess
import sys

# The compile arguments that locate a module's imports; everything else is about compiling.
KEPT_WITH_VALUE = {"-I", "-Xcc", "-target", "-module-cache-path", "-sdk", "-resource-dir"}


def compile_arguments(manifest, module):
    """The swiftc arguments of `module`'s compile command in the build manifest."""
    command, found = f'  "C.{module}-', None
    lines = manifest.splitlines()
    for index, line in enumerate(lines):
        if line.startswith(command) and line.endswith('-debug.module":'):
            for following in lines[index + 1:]:
                if following.startswith("    args: "):
                    found = json.loads(following[len("    args: "):])
                    break
                if not following.startswith("    "):
                    break
            break
    return found


def search_arguments(arguments):
    """The import search paths, Clang flags and target of a compile command."""
    kept, index = [], 1
    while index < len(arguments):
        argument = arguments[index]
        if argument in KEPT_WITH_VALUE and index + 1 < len(arguments):
            kept += [argument, arguments[index + 1]]
            index += 2
            continue
        if argument.startswith("-I") or argument.startswith("-F"):
            kept.append(argument)
        index += 1
    return kept


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: extract-symbol-graphs.py BUILD-DIR OUTPUT-DIR MODULE…")
    build, output, modules = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]
    manifest_path = build / "debug.yaml"
    if not manifest_path.exists():
        sys.exit(f"extract-symbol-graphs: no {manifest_path}; run `swift build` first")
    manifest = manifest_path.read_text()
    shutil.rmtree(output, ignore_errors=True)
    output.mkdir(parents=True)
    extractor = shutil.which("swift-symbolgraph-extract") or str(
        pathlib.Path(shutil.which("swift") or "swift").resolve().parent / "swift-symbolgraph-extract")
    for module in modules:
        arguments = compile_arguments(manifest, module)
        if arguments is None:
            sys.exit(f"extract-symbol-graphs: {module} is not in {manifest_path}; run `swift build` first")
        command = [extractor, "-module-name", module, "-minimum-access-level", "public",
                   "-output-dir", str(output)] + search_arguments(arguments)
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            sys.exit(f"extract-symbol-graphs: {module} failed:\n{result.stdout}\n{' '.join(command)}")
    print(f"extract-symbol-graphs: {len(modules)} modules into {output}")


main()
