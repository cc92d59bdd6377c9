#!/usr/bin/env python3
"""Fails when a library module depends on a module of its own layer or a higher one.

Reads `swift package describe --type json` (a file given as the argument, or standard
input). The layers, lowest first, are the package's shape (README, "Layout"): C modules ->
GLib core -> platform-free rules and the bridge -> services over libsoup and GTK widgets ->
the WebKit wrapper -> the bridge's WebKitGTK glue -> desktop services -> the app window. The SwiftPM import check
(`--explicit-target-dependency-import-check=error`) keeps every import declared; this keeps
the declarations pointing down. Apps, tools and tests may use any library.
"""
import json
import sys

LAYERS = [
    # C system libraries and helpers (macros, variadics, Dispatch hooks).
    {"CGLib", "CGLibHelpers", "CSoup", "CGtk", "CGtkHelpers", "CWebKitGTK", "CWebKitGTKHelpers", "CGeonames"},
    # Swift over GLib, and the platform-free value types.
    {"GLibCore", "GLibLog", "JSONValue", "WebOrigin"},
    # Platform-free rules and the platform-free bridge.
    {"WebPolicy", "WebBridge"},
    # Services over libsoup and GLib, and Swift over GTK 3 alone.
    {"SoupWebSocket", "LoopbackMedia", "Geocoding", "GtkWidgets"},
    # The WebKit wrapper, and the WebSocket relay (bridge + libsoup client, no GTK).
    {"WebKitGTK", "WebSocketBridge"},
    # The bridge on a WebKitGTK view, with its web process extension; the app's desktop services
    # over D-Bus (notifications, status icon, URL scheme); file choosers, the clipboard and
    # dropped files (GTK and the portal, no WebKit).
    {"WebBridgeGTK", "DesktopIntegration", "DesktopServices"},
    # The app window and app shell.
    {"WebAppWindow"},
]
# Modules that must never reach GTK, WebKit or libsoup, even indirectly: their tests run
# without a display and they build anywhere Swift does.
PLATFORM_FREE = {"JSONValue", "WebOrigin", "WebPolicy", "WebBridge"}
# Modules that must never reach WebKit, even indirectly.
NO_WEBKIT = {"DesktopServices", "GtkWidgets", "GLibCore", "GLibLog", "SoupWebSocket", "LoopbackMedia", "Geocoding", "WebSocketBridge"}
WEBKIT = {"CWebKitGTK", "CWebKitGTKHelpers", "WebKitGTK"}
C_MODULES = LAYERS[0]

def main():
    source = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    description = json.load(source)
    targets = {t["name"]: t for t in description["targets"]}
    layer = {name: index for index, names in enumerate(LAYERS) for name in names}
    problems = []
    for name in layer:
        if name not in targets:
            problems.append(f"{name}: named in the layers but not a target of the package")

    def reach(name, seen=None):
        seen = set() if seen is None else seen
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
            if name != "WebBridgeGTK":
                problems.append(f"{name} depends on the product {product}: only WebBridgeGTK loads the web process extension")
        reached = reach(name)
        if name in PLATFORM_FREE and reached & (C_MODULES | {"GLibCore", "GLibLog"}):
            problems.append(f"{name} must be platform-free but reaches {sorted(reached & (C_MODULES | {'GLibCore', 'GLibLog'}))}")
        if name in NO_WEBKIT and reached & WEBKIT:
            problems.append(f"{name} must not reach WebKit but reaches {sorted(reached & WEBKIT)}")
    if problems:
        print("layer check failed:", *problems, sep="\n  ")
        return 1
    print(f"layer check: {len(layer)} library and C modules, every dependency points down")
    return 0

if __name__ == "__main__":
    sys.exit(main())
