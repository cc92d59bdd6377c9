#!/usr/bin/env python3
"""Fails when the package's module graph leaves the one layer table (layers.json).

Reads `swift package describe --type json` (a file given as the first argument, or standard
input) and checks that every library module depends only on modules of lower layers, that the
platform-free modules reach no C library, that the modules below WebKit never reach it, that
the package's library products are exactly the table's Swift modules, that no Swift module a
shipped app links (`shipped_apps`) imports Foundation, and that the layer
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


def problems_in(description, data, article_text=None, read_source=None):
    """Every way `description` (and the diagram article's text, when given) leaves the table `data`.
    `read_source(path)` gives a Swift source's text (a path relative to the package); without it
    the imports are not checked."""
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

    libraries = {p["name"] for p in description.get("products", []) if "library" in p.get("type", {})}
    modules = set(layers.library_modules(data))
    for name in sorted(modules - libraries):
        problems.append(f"{name}: a library module of the layers but no library product of the package")
    for name in sorted(libraries - modules):
        problems.append(f"{name}: a library product of the package but in no layer")

    def linked(name, seen):
        """`name` and the targets linked into it: a build-tool plugin's tool runs at build time only."""
        for dependency in targets.get(name, {}).get("target_dependencies", []):
            if dependency not in seen and targets.get(dependency, {}).get("type") != "plugin":
                seen.add(dependency)
                linked(dependency, seen)
        return seen

    if read_source is not None:
        apps = {app: linked(app, {app}) for app in data["shipped_apps"]}
        for name in sorted(set().union(*apps.values())):
            target = targets.get(name, {})
            for source in target.get("sources", []) if target.get("module_type") == "SwiftTarget" else []:
                path = os.path.join(target["path"], source)
                for match in FOUNDATION_IMPORT.finditer(read_source(path)):
                    problems.append(f"{path}: imports {match.group(1)}; {name} is linked into "
                                    f"{' and '.join(app for app, names in apps.items() if name in names)}, "
                                    "so import FoundationEssentials: Foundation's ICU-backed half would bring ICU's data "
                                    "into the binary")

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


def main():
    source = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    data = layers.table()
    with open(os.path.join(layers.HERE, "..", "..", DIAGRAM_ARTICLE)) as article:
        description = json.load(source)
        root = description.get("path", os.path.join(layers.HERE, "..", ".."))

        def read_source(path):
            with open(os.path.join(root, path), encoding="utf-8") as file:
                return file.read()

        problems = problems_in(description, data, article.read(), read_source)
    if problems:
        print("layer check failed:", *problems, sep="\n  ")
        return 1
    print(f"layer check: {sum(map(len, layers.layers(data)))} library and C modules, every dependency points down, "
          "products and the layer diagram of the Layout article match the table, "
          f"what {' and '.join(data['shipped_apps'])} link imports no Foundation beyond FoundationEssentials")
    return 0


if __name__ == "__main__":
    sys.exit(main())
