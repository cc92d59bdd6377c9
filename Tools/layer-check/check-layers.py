#!/usr/bin/env python3
"""Fails when the package's module graph leaves the one layer table (layers.json).

Reads `swift package describe --type json` (a file given as the first argument, or standard
input) and checks that every library module depends only on modules of lower layers, that the
platform-free modules reach no C library, that the modules below WebKit never reach it, that
the package's library products are exactly the table's Swift modules, that no Swift module a
shipped app links (`shipped_apps`) imports Foundation, that each toolkit seam
holds (only its wrapper module depends on the toolkit's C modules, and no other library
module's Swift source names a function or constant of it: `gtk_…`, `GDK_…`, `webkit_…`),
that a module's test target
(`<Module>Tests`) depends on no module above its own but the test double made for it
(`test_doubles`: integration targets, named otherwise, may reach higher), and that the layer
diagram of the "Layout, tests and checks" article (DIAGRAM_ARTICLE) is the one the table writes
(`layers.py diagram`). The SwiftPM import check
(`--explicit-target-dependency-import-check=error`) keeps every import declared; this keeps the
declarations pointing down. Apps, tools and tests may use any library.
"""
import json
import os
import re
import sys

import layers

# The article that shows the layer diagram, by its path in the package.
DIAGRAM_ARTICLE = "Sources/WebAppWindow/WebAppWindow.docc/LayoutAndChecks.md"
DIAGRAM_START, DIAGRAM_END = "<!-- layers: written by Tools/layer-check/layers.py diagram -->", "<!-- layers end -->"


# Foundation's modules beyond FoundationEssentials: a static link of any of them brings in
# Foundation's ICU-backed half and ICU's data (34 MB of a 61 MB app). Any import form counts:
# `import Foundation`, `@preconcurrency public import struct Foundation.Data`…
FOUNDATION_IMPORT = re.compile(
    r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"(Foundation|FoundationInternationalization|FoundationNetworking|FoundationXML)(?![\w])", re.MULTILINE)

# What a Swift line says once its comments and string literals are gone: a C name quoted in a
# doc comment or an environment variable's name in a string is no call.
COMMENT_OR_STRING = re.compile(r'//.*|"(?:\\.|[^"\\])*"')


def code_lines(text):
    """Each line of Swift source `text` with its number, comments, strings and multi-line
    string literals and block comments blanked."""
    text = re.sub(r'/\*.*?\*/|""".*?"""', lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    for number, line in enumerate(text.split("\n"), 1):
        yield number, COMMENT_OR_STRING.sub("", line)


def seam_problems(name, target, seams, sources):
    """How library module `name` crosses a toolkit seam it does not own: a dependency on the
    toolkit's C modules, or a name of its C API in one of `sources` ((path, text) pairs)."""
    problems = []
    for owner, seam in sorted(seams.items()):
        if owner == name:
            continue
        for dependency in sorted(set(target.get("target_dependencies", [])) & set(seam["c_modules"])):
            problems.append(f"{name} depends on {dependency}: only {owner} calls {seam['toolkit']}")
        pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, seam["prefixes"])) + r")\w+")
        for path, text in sources:
            for number, line in code_lines(text):
                for call in pattern.findall(line):
                    problems.append(f"{path}:{number}: {name} uses {call}: only {owner} calls {seam['toolkit']}; "
                                    f"add what it needs to {owner}")
    return problems


def problems_in(description, data, article_text=None, sources_of=None):
    """Every way `description` (the diagram article's text and `sources_of(target)`, the
    (path, text) pairs of a target's Swift sources, when given) leaves the table `data`."""
    targets = {t["name"]: t for t in description["targets"]}
    names = layers.layers(data)
    layer = {name: index for index, group in enumerate(names) for name in group}
    c_modules = set(names[0])
    core = c_modules | {"GLibCore", "GLibLog"}
    platform_free, no_webkit, webkit = set(data["platform_free"]), set(data["no_webkit"]), set(data["webkit"])
    problems = [f"{name}: named in the layers but not a target of the package" for name in layer if name not in targets]

    def reach(name, seen):
        for dependency in targets.get(name, {}).get("target_dependencies", []):
            if dependency not in seen:
                seen.add(dependency)
                reach(dependency, seen)
        return seen

    for name, target in sorted(targets.items()):
        if name not in layer or layer[name] == 0:
            continue
        for dependency in target.get("target_dependencies", []):
            if targets.get(dependency, {}).get("type") == "plugin":
                continue  # a build-tool plugin runs at build time; it is no layer
            if dependency not in layer:
                problems.append(f"{name} depends on {dependency}, which is not a library module")
            elif layer[dependency] >= layer[name]:
                problems.append(f"{name} (layer {layer[name]}) depends on {dependency} (layer {layer[dependency]}): "
                                "dependencies point down only")
        for product in target.get("product_dependencies", []):
            if name not in data["loads_web_process_extension"]:
                problems.append(f"{name} depends on the product {product}: only "
                                f"{', '.join(data['loads_web_process_extension'])} loads the web process extension")
        reached = reach(name, set())
        if name in platform_free and reached & core:
            problems.append(f"{name} must be platform-free but reaches {sorted(reached & core)}")
        if name in no_webkit and reached & webkit:
            problems.append(f"{name} must not reach WebKit but reaches {sorted(reached & webkit)}")
        problems += seam_problems(name, target, data["seams"], sources_of(target) if sources_of else [])

    def linked(name, seen):
        """`name` and the targets linked into it: a build-tool plugin's tool runs at build time only."""
        for dependency in targets.get(name, {}).get("target_dependencies", []):
            if dependency not in seen and targets.get(dependency, {}).get("type") != "plugin":
                seen.add(dependency)
                linked(dependency, seen)
        return seen

    if sources_of is not None:
        apps = {app: linked(app, {app}) for app in data["shipped_apps"]}
        for name in sorted(set().union(*apps.values())):
            target = targets.get(name, {})
            for path, text in sources_of(target) if target.get("module_type") == "SwiftTarget" else []:
                for match in FOUNDATION_IMPORT.finditer(text):
                    problems.append(f"{path}: imports {match.group(1)}; {name} is linked into "
                                    f"{' and '.join(app for app, names in apps.items() if name in names)}, "
                                    "so import FoundationEssentials: Foundation's ICU-backed half would bring ICU's data "
                                    "into the binary")

    doubles = data.get("test_doubles", {})
    for name, target in sorted(targets.items()):
        tested = name.removesuffix("Tests")
        if target.get("type") != "test" or tested == name or tested not in layer:
            continue
        for dependency in target.get("target_dependencies", []):
            if dependency in layer and layer[dependency] > layer[tested] and tested not in doubles.get(dependency, []):
                problems.append(f"{name} depends on {dependency}, above {tested}: a module's tests reach no layer above it "
                                "(an integration test belongs to a target of the layer it needs)")

    libraries = {p["name"] for p in description.get("products", []) if "library" in p.get("type", {})}
    modules = set(layers.library_modules(data))
    for name in sorted(modules - libraries):
        problems.append(f"{name}: a library module of the layers but no library product of the package")
    for name in sorted(libraries - modules):
        problems.append(f"{name}: a library product of the package but in no layer")

    if article_text is not None:
        start, end = article_text.find(DIAGRAM_START), article_text.find(DIAGRAM_END)
        if start < 0 or end < start:
            problems.append(f"{DIAGRAM_ARTICLE}: no layer diagram between '{DIAGRAM_START}' and '{DIAGRAM_END}'")
        else:
            shown = article_text[start + len(DIAGRAM_START):end].strip().removeprefix("```").removesuffix("```").strip("\n")
            if shown != layers.diagram(data):
                problems.append(f"{DIAGRAM_ARTICLE}: the layer diagram differs from the table; paste "
                                "`python3 Tools/layer-check/layers.py diagram` between its markers")
    return problems


def package_sources(target):
    """The (path, text) pairs of `target`'s Swift sources, read from this package."""
    root = os.path.join(layers.HERE, "..", "..")
    pairs = []
    for source in target.get("sources", []):
        if source.endswith(".swift"):
            path = os.path.join(target["path"], source)
            with open(os.path.join(root, path), encoding="utf-8") as file:
                pairs.append((path, file.read()))
    return pairs


def main():
    source = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    data = layers.table()
    with open(os.path.join(layers.HERE, "..", "..", DIAGRAM_ARTICLE)) as article:
        # The seams and the Foundation imports both read a library module's sources: once each.
        read = {}

        def sources_of(target):
            if target["name"] not in read:
                read[target["name"]] = package_sources(target)
            return read[target["name"]]

        problems = problems_in(json.load(source), data, article.read(), sources_of)
    if problems:
        print("layer check failed:", *problems, sep="\n  ")
        return 1
    print(f"layer check: {sum(map(len, layers.layers(data)))} library and C modules, every dependency points down, "
          f"only {' and '.join(sorted(data['seams']))} call their C libraries, "
          "products and the layer diagram of the Layout article match the table, "
          f"what {' and '.join(data['shipped_apps'])} link imports no Foundation beyond FoundationEssentials")
    return 0


if __name__ == "__main__":
    sys.exit(main())
