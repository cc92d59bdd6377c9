// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "WebViewHost",
    products: [
        .library(name: "WebKitGTK", targets: ["WebKitGTK"]),
        .library(name: "WebBridge", targets: ["WebBridge"]),
        .library(name: "WebBridgeGTK", targets: ["WebBridgeGTK"]),
        .library(name: "Geocoding", targets: ["Geocoding"]),
        .executable(name: "webview-bench", targets: ["webview-bench"]),
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

        // The typed bridge (no GTK), its WebKitGTK glue, and the offline geocoder demo service.
        .target(name: "WebBridge", dependencies: ["JSONValue"]),
        .target(name: "WebBridgeGTK", dependencies: ["WebBridge", "WebKitGTK", "CWebKitGTK", "CWebKitGTKHelpers"]),
        .systemLibrary(name: "CGeonames", pkgConfig: "geonames", providers: [.apt(["libgeonames-dev"])]),
        .target(name: "Geocoding", dependencies: ["CGeonames", "WebKitGTK", "WebBridge"]),
        .executableTarget(name: "webview-bench", dependencies: ["WebBridgeGTK", "WebBridge", "WebKitGTK", "CWebKitGTK"]),

        // Tests.
        .target(name: "TestHelpers", dependencies: ["WebKitGTK"], path: "Tests/TestHelpers"),
        .target(name: "JSONValue"),
        .testTarget(name: "WebKitGTKTests", dependencies: ["WebKitGTK", "TestHelpers", "JSONValue"]),
        .testTarget(name: "WebBridgeTests", dependencies: ["WebBridge", "JSONValue"]),
        .testTarget(name: "GeocodingTests", dependencies: ["Geocoding", "TestHelpers"]),
        .testTarget(name: "WebBridgeIntegrationTests",
                    dependencies: ["WebBridge", "WebBridgeGTK", "Geocoding", "WebKitGTK", "TestHelpers", "JSONValue"]),
    ]
)
