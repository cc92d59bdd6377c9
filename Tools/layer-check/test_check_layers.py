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

    def problems(self, package, article=None, sources=None):
        return check_layers.problems_in(package, self.data, self.article if article is None else article,
                                        lambda target: (sources or {}).get(target["name"], []))

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

    def test_a_raw_gtk_call_in_the_app_window_fails(self):
        source = ("Sources/WebAppWindow/Chrome/Banner.swift", "let bar = Box()\n    gtk_widget_show(bar.widget)\n")
        found = self.problems(description(self.data), sources={"WebAppWindow": [source]})
        self.assertEqual(found, ["Sources/WebAppWindow/Chrome/Banner.swift:2: WebAppWindow uses gtk_widget_show: "
                                 "only GtkWidgets calls GTK/GDK; add what it needs to GtkWidgets"])

    def test_a_gdk_constant_in_the_webkit_wrapper_fails(self):
        source = ("Sources/WebKitGTK/WebView/Keys.swift", "if key == GDK_KEY_Escape { close() }")
        found = self.problems(description(self.data), sources={"WebKitGTK": [source]})
        self.assertTrue(any("WebKitGTK uses GDK_KEY_Escape" in p for p in found), found)

    def test_a_webkit_call_outside_the_webkit_wrapper_fails(self):
        source = ("Sources/DesktopServices/Drop.swift", "webkit_web_view_load_uri(view, uri)")
        found = self.problems(description(self.data), sources={"DesktopServices": [source]})
        self.assertTrue(any("DesktopServices uses webkit_web_view_load_uri: only WebKitGTK" in p for p in found), found)

    def test_each_wrapper_calls_its_own_library(self):
        sources = {"GtkWidgets": [("Sources/GtkWidgets/Box.swift", "gtk_box_pack_start(box, child, 0, 0, 0)")],
                   "WebKitGTK": [("Sources/WebKitGTK/Find.swift", "webkit_find_controller_search_next(finder)")]}
        self.assertEqual(self.problems(description(self.data), sources=sources), [])

    def test_a_dependency_on_a_toolkits_c_module_fails(self):
        found = self.problems(description(self.data, {"WebAppWindow": ["CGtkHelpers"]}))
        self.assertIn("WebAppWindow depends on CGtkHelpers: only GtkWidgets calls GTK/GDK", found)

    def test_a_modules_tests_reaching_above_it_fail(self):
        package = description(self.data)
        package["targets"].append({"name": "LoopbackMediaTests", "type": "test", "product_dependencies": [],
                                   "target_dependencies": ["LoopbackMedia", "WebKitGTK"]})
        found = self.problems(package)
        self.assertTrue(any("LoopbackMediaTests depends on WebKitGTK, above LoopbackMedia" in p for p in found), found)

    def test_the_double_made_for_a_module_and_integration_targets_may_reach_higher(self):
        package = description(self.data)
        package["targets"] += [{"name": "WebBridgeTests", "type": "test", "product_dependencies": [],
                                "target_dependencies": ["WebBridge", "WebBridgeTesting"]},
                               {"name": "WebBridgeIntegrationTests", "type": "test", "product_dependencies": [],
                                "target_dependencies": ["WebBridge", "WebBridgeGTK", "WebKitGTK"]}]
        self.assertEqual(self.problems(package), [])

    def test_names_in_comments_and_strings_are_no_calls(self):
        text = ('/// Shown with `gtk_widget_show` in GtkWidgets.\n'
                'let switches = ["WEBKIT_DISABLE_DMABUF_RENDERER", "GDK_BACKEND"] // not gdk_init\n'
                '/* gtk_main() */ let help = """\n  gtk_main()\n  """\n')
        found = self.problems(description(self.data), sources={"WebAppWindow": [("Sources/WebAppWindow/Doctor.swift", text)]})
        self.assertEqual(found, [])

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
        def sources_of(target):
            return [(path, sources.get(path, "import FoundationEssentials\n"))
                    for path in (f"{target['path']}/{name}" for name in target.get("sources", []))]
        found = check_layers.problems_in(package, self.data, self.article, sources_of)
        # The app links GLibLog; a build-tool plugin's tool runs at build time; the bench ships in no app.
        self.assertEqual([p.split(";")[0] for p in found], ["Sources/GLibLog/A.swift: imports Foundation"], found)


if __name__ == "__main__":
    unittest.main()
