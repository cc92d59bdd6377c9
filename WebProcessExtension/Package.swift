// swift-tools-version: 6.0
import PackageDescription

/// The part of WebViewHost that runs inside WebKit's web processes: a WebKit web process
/// extension, built as the shared library WebKit loads into every web process of a context
/// (`WebProcessExtension` in the WebKitGTK module points WebKit at it). A package of its own
/// because SwiftPM builds a dynamic library only for a product that another package uses.
let package = Package(
    name: "WebProcessExtension",
    products: [
        .library(name: "WebViewHostWebProcess", type: .dynamic, targets: ["WebViewHostWebProcess"]),
    ],
    targets: [
        .systemLibrary(name: "CWebKitWebExtension", pkgConfig: "webkit2gtk-web-extension-4.1",
                       providers: [.apt(["libwebkit2gtk-4.1-dev"])]),
        // C only, though swiftc links it (see swift-runtime-stubs.c).
        .target(name: "WebViewHostWebProcess", dependencies: ["CWebKitWebExtension"]),
    ]
)
