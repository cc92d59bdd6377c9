// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "WebViewHost",
    products: [
        .library(name: "WebKitGTK", targets: ["WebKitGTK"]),
        .library(name: "SoupWebSocket", targets: ["SoupWebSocket"]),
    ],
    targets: [
        // C layer: the system libraries and the few things Swift cannot import.
        .systemLibrary(
            name: "CWebKitGTK",
            pkgConfig: "webkit2gtk-4.1",
            providers: [.apt(["libwebkit2gtk-4.1-dev", "libgtk-3-dev"])]
        ),
        .target(name: "CWebKitGTKHelpers", dependencies: ["CWebKitGTK"]),

        // Swift over C: the only module that handles raw GTK/WebKit pointers.
        .target(name: "WebKitGTK", dependencies: ["CWebKitGTK", "CWebKitGTKHelpers", "JSONValue"]),

        // A WebSocket client over libsoup on the GLib loop.
        .target(name: "SoupWebSocket", dependencies: ["CWebKitGTK", "WebKitGTK"]),

        // Tests.
        .target(name: "TestHelpers", dependencies: ["WebKitGTK", "CWebKitGTK"], path: "Tests/TestHelpers"),
        .target(name: "JSONValue"),
        .testTarget(name: "WebKitGTKTests", dependencies: ["WebKitGTK", "TestHelpers", "JSONValue", "CWebKitGTK"]),
        .testTarget(name: "SoupWebSocketTests", dependencies: ["SoupWebSocket", "WebKitGTK", "TestHelpers"]),
    ]
)
