// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "WebViewHost",
    products: [
        .library(name: "WebKitGTK", targets: ["WebKitGTK"]),
        .library(name: "SoupWebSocket", targets: ["SoupWebSocket"]),
        .library(name: "GLibLog", targets: ["GLibLog"]),
        .library(name: "WebViewHostApp", targets: ["WebViewHostApp"]),
        .executable(name: "webview-host", targets: ["webview-host"]),
        .library(name: "WebBridge", targets: ["WebBridge"]),
        .library(name: "WebBridgeGTK", targets: ["WebBridgeGTK"]),
        .library(name: "Geocoding", targets: ["Geocoding"]),
        .library(name: "WebSocketBridge", targets: ["WebSocketBridge"]),
        .executable(name: "webview-bench", targets: ["webview-bench"]),
        .executable(name: "notes-app", targets: ["notes-app"]),
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
        .target(name: "WebKitGTK", dependencies: ["CWebKitGTK", "CWebKitGTKHelpers", "JSONValue", "GLibLog"]),

        // GLib structured logging, one domain per module; needs GLib only, not GTK.
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "GLibLog", dependencies: ["CGLib"]),

        // A WebSocket client over libsoup on the GLib loop.
        .target(name: "SoupWebSocket", dependencies: ["CWebKitGTK", "WebKitGTK"]),

        // The desktop app: a library the tests drive, and a thin executable.
        .target(name: "WebViewHostApp",
                dependencies: ["WebKitGTK", "WebBridge", "WebBridgeGTK", "Geocoding", "SoupWebSocket", "WebSocketBridge"]),
        .executableTarget(name: "webview-host", dependencies: ["WebViewHostApp"]),

        // The typed bridge (no GTK), its WebKitGTK glue, and the offline geocoder demo service.
        .target(name: "WebBridge", dependencies: ["JSONValue"]),
        .target(name: "WebBridgeGTK", dependencies: ["WebBridge", "WebKitGTK", "JSONValue", "GLibLog"]),
        .systemLibrary(name: "CGeonames", pkgConfig: "geonames", providers: [.apt(["libgeonames-dev"])]),
        .target(name: "Geocoding", dependencies: ["CGeonames", "WebKitGTK", "WebBridge"]),
        // The app's WebSocket connections relayed to pages through the bridge (ws.* handlers and events).
        .target(name: "WebSocketBridge", dependencies: ["WebBridge", "SoupWebSocket", "WebKitGTK", "JSONValue"]),
        .executableTarget(name: "webview-bench", dependencies: ["WebBridgeGTK", "WebBridge", "WebKitGTK", "CWebKitGTK"]),

        // The example app a developer copies: built from the library products only.
        .executableTarget(name: "notes-app", dependencies: ["WebKitGTK", "WebBridge", "WebBridgeGTK", "NotesHandlers"],
                          path: "Examples/NotesApp/Sources"),
        // Its handlers and their contract, a library so the contract tool can link them too.
        .target(name: "NotesHandlers", dependencies: ["WebBridge"], path: "Examples/NotesApp/Handlers"),

        // Writes the TypeScript declarations of the app's and the example's bridge contracts.
        .executableTarget(name: "webview-contract", dependencies: ["WebBridge", "WebViewHostApp", "NotesHandlers"]),

        // Tests.
        .target(name: "TestHelpers", dependencies: ["WebKitGTK", "CWebKitGTK"], path: "Tests/TestHelpers"),
        .target(name: "JSONValue"),
        .testTarget(name: "WebKitGTKTests", dependencies: ["WebKitGTK", "TestHelpers", "JSONValue", "CWebKitGTK", "GLibLog", "ApplicationProbe"]),
        .testTarget(name: "SoupWebSocketTests", dependencies: ["SoupWebSocket", "WebKitGTK", "TestHelpers"]),
        // A minimal `Application` the single-instance tests launch twice.
        .executableTarget(name: "ApplicationProbe", dependencies: ["WebKitGTK"], path: "Tests/ApplicationProbe"),
        .testTarget(name: "WebViewHostAppTests",
                    dependencies: ["WebViewHostApp", "WebKitGTK", "TestHelpers", "WebBridge", "JSONValue", "notes-app"]),
        .testTarget(name: "WebBridgeTests", dependencies: ["WebBridge", "JSONValue"]),
        .testTarget(name: "GeocodingTests", dependencies: ["Geocoding", "TestHelpers"]),
        .testTarget(name: "WebBridgeIntegrationTests",
                    dependencies: ["WebBridge", "WebBridgeGTK", "Geocoding", "WebKitGTK", "TestHelpers", "JSONValue"]),
        .testTarget(name: "WebSocketBridgeTests",
                    dependencies: ["WebSocketBridge", "WebBridge", "WebBridgeGTK", "SoupWebSocket", "WebKitGTK",
                                   "TestHelpers", "JSONValue"]),
        // tsc over the pages' scripts, the .d.ts files and the bridge's page client; the checked-in contracts.
        .testTarget(name: "TypeScriptTests",
                    dependencies: ["webview-contract", "WebBridge", "WebBridgeGTK", "WebKitGTK", "WebViewHostApp",
                                   "NotesHandlers", "TestHelpers"]),
    ]
)
