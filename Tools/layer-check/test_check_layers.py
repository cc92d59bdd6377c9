"""The layer check itself, on made-up package descriptions: each rule must be able to fail."""
import importlib.util
import os
import unittest

import layers

spec = importlib.util.spec_from_file_location("check_layers", os.path.join(layers.HERE, "check-layers.py"))
check_layers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_layers)


def description(data, extra=None):
    """A graph the table allows: the platform-free modules depend on nothing, the others on GLib's C module."""
    groups = layers.layers(data)
    targets = [{"name": name, "type": "library", "product_dependencies": [],
                "target_dependencies": [] if index == 0 or name in data["platform_free"] else ["CGLib"]}
               for index, group in enumerate(groups) for name in group]
    for target in targets:
        target["target_dependencies"] += (extra or {}).get(target["name"], [])
    products = [{"name": name, "type": {"library": ["automatic"]}} for name in layers.library_modules(data)]
    return {"targets": targets, "products": products}


class LayerCheckTests(unittest.TestCase):
    def setUp(self):
        self.data = layers.table()
        self.article = f"{check_layers.DIAGRAM_START}\n```\n{layers.diagram(self.data)}\n```\n{check_layers.DIAGRAM_END}"

    def problems(self, package, article=None):
        return check_layers.problems_in(package, self.data, self.article if article is None else article)

    def test_the_tables_own_graph_passes(self):
        self.assertEqual(self.problems(description(self.data)), [])

    def test_a_dependency_pointing_up_fails(self):
        found = self.problems(description(self.data, {"GtkWidgets": ["WebAppWindow"]}))
        self.assertTrue(any("GtkWidgets" in p and "point down" in p for p in found), found)

    def test_a_dependency_within_a_layer_fails(self):
        found = self.problems(description(self.data, {"WebPolicy": ["WebBridge"]}))
        self.assertTrue(any("WebPolicy" in p and "WebBridge" in p for p in found), found)

    def test_a_platform_free_module_reaching_glib_fails(self):
        found = self.problems(description(self.data, {"WebBridge": ["GLibCore"]}))
        self.assertTrue(any("WebBridge must be platform-free" in p for p in found), found)

    def test_a_module_below_webkit_reaching_it_fails(self):
        found = self.problems(description(self.data, {"DesktopServices": ["WebKitGTK"]}))
        self.assertTrue(any("DesktopServices must not reach WebKit" in p for p in found), found)

    def test_a_product_missing_from_the_table_fails(self):
        package = description(self.data)
        package["products"].append({"name": "Extra", "type": {"library": ["automatic"]}})
        self.assertIn("Extra: a library product of the package but in no layer", self.problems(package))

    def test_an_article_diagram_that_differs_fails(self):
        stale = self.article.replace("WebAppWindow", "WebAppWindw")
        found = self.problems(description(self.data), stale)
        self.assertTrue(any("diagram differs" in p for p in found), found)

    def test_a_module_an_app_links_importing_foundation_fails(self):
        package = description(self.data)
        for target in package["targets"]:
            target.update(module_type="SwiftTarget", path=f"Sources/{target['name']}", sources=["A.swift"])
        package["targets"].append({"name": "webview-host", "module_type": "SwiftTarget", "path": "Sources/webview-host",
                                   "sources": ["main.swift"], "target_dependencies": ["WebAppWindow", "GLibLog", "Embed"],
                                   "product_dependencies": []})
        package["targets"].append({"name": "Embed", "type": "plugin", "target_dependencies": ["embed-tool"]})
        package["targets"].append({"name": "embed-tool", "module_type": "SwiftTarget", "path": "Tools/embed-tool",
                                   "sources": ["main.swift"], "target_dependencies": []})
        package["targets"].append({"name": "webview-bench", "module_type": "SwiftTarget", "path": "Sources/webview-bench",
                                   "sources": ["main.swift"], "target_dependencies": ["WebKitGTK"],
                                   "product_dependencies": []})
        sources = {"Sources/GLibLog/A.swift": "import CGLib\n@preconcurrency import Foundation\n",
                   "Sources/webview-bench/main.swift": "import Foundation\n",
                   "Tools/embed-tool/main.swift": "import Foundation\n"}
        found = check_layers.problems_in(package, self.data, self.article,
                                         lambda path: sources.get(path, "import FoundationEssentials\n"))
        # The app links GLibLog; a build-tool plugin's tool runs at build time; the bench ships in no app.
        self.assertEqual([p.split(";")[0] for p in found], ["Sources/GLibLog/A.swift: imports Foundation"], found)


if __name__ == "__main__":
    unittest.main()
