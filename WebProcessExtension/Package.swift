// swift-tools-version: 6.2
import PackageDescription

/// The part of WebViewHost that runs inside WebKit's web processes: a WebKit web process
/// extension, built as the shared library WebKit loads into every web process of a context
/// (`WebProcessExtension` in the WebKitGTK module points WebKit at it). A package of its own
/// because SwiftPM builds a dynamic library only for a product that another package uses.
/// Its traits follow the main package's: the extension is built against the WebKit the app's
/// web processes run (webkit2gtk-4.1 or WebKitGTK 6.0), never both.
let package = Package(
    name: "WebProcessExtension",
    products: [
        .library(name: "WebViewHostWebProcess", type: .dynamic, targets: ["WebViewHostWebProcess"]),
    ],
    traits: [
        .default(enabledTraits: ["GTK3"]),
        .trait(name: "GTK3", description: "An extension for webkit2gtk-4.1 (WebKitWebExtension)"),
        .trait(name: "GTK4", description: "An extension for WebKitGTK 6.0 (WebKitWebProcessExtension)"),
    ],
    targets: [
        .systemLibrary(name: "CWebKitWebExtension", pkgConfig: "webkit2gtk-web-extension-4.1",
                       providers: [.apt(["libwebkit2gtk-4.1-dev"])]),
        .systemLibrary(name: "CWebKitWebProcessExtension6", pkgConfig: "webkitgtk-web-process-extension-6.0",
                       providers: [.apt(["libwebkitgtk-6.0-dev"])]),
        // C only, though swiftc links it (see swift-runtime-stubs.c).
        .target(name: "WebViewHostWebProcess",
                dependencies: [.target(name: "CWebKitWebExtension", condition: .when(traits: ["GTK3"])),
                               .target(name: "CWebKitWebProcessExtension6", condition: .when(traits: ["GTK4"]))],
                cSettings: [.define("WHV_GTK4", .when(traits: ["GTK4"]))]),
    ]
)
