// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "WebViewHost",
    products: [
        .library(name: "GLibCore", targets: ["GLibCore"]),
        .library(name: "WebOrigin", targets: ["WebOrigin"]),
        .library(name: "WebKitGTK", targets: ["WebKitGTK"]),
        .library(name: "SoupWebSocket", targets: ["SoupWebSocket"]),
        .library(name: "GLibLog", targets: ["GLibLog"]),
        .library(name: "WebViewHostApp", targets: ["WebViewHostApp"]),
        .executable(name: "webview-host", targets: ["webview-host"]),
        .library(name: "WebBridge", targets: ["WebBridge"]),
        .library(name: "WebBridgeGTK", targets: ["WebBridgeGTK"]),
        .library(name: "WebAppWindow", targets: ["WebAppWindow"]),
        .library(name: "Geocoding", targets: ["Geocoding"]),
        .library(name: "WebSocketBridge", targets: ["WebSocketBridge"]),
        .executable(name: "webview-bench", targets: ["webview-bench"]),
        .executable(name: "notes-app", targets: ["notes-app"]),
    ],
    // The code WebKit runs in its web processes: a shared library, so a package of its own.
    dependencies: [.package(path: "WebProcessExtension")],
    targets: [
        // The page scripts are .js files beside the Swift that injects them: this plugin and its
        // tool embed them in the binary at build time (see Plugins/EmbedJavaScript).
        .plugin(name: "EmbedJavaScript", capability: .buildTool(), dependencies: ["embed-javascript"]),
        .executableTarget(name: "embed-javascript", path: "Tools/embed-javascript"),

        // C layer: the system libraries and the few things Swift cannot import.
        // GLib, GObject and GIO alone (no GTK): the core every other layer builds on.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "CGLibHelpers", dependencies: ["CGLib"]),
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        .systemLibrary(
            name: "CWebKitGTK",
            pkgConfig: "webkit2gtk-4.1",
            providers: [.apt(["libwebkit2gtk-4.1-dev", "libgtk-3-dev"])]
        ),
        .target(name: "CWebKitGTKHelpers", dependencies: ["CWebKitGTK"]),

        // Swift over GLib alone: object ownership, signals, the main loop joined to Swift's
        // main queue, GIO async as Swift async, GLib errors, observation. No GTK, no display.
        .target(name: "GLibCore", dependencies: ["CGLib", "CGLibHelpers"]),
        // GLib structured logging, one domain per module; needs GLib only, not GTK.
        .target(name: "GLibLog", dependencies: ["CGLib"]),

        // Swift over GTK and WebKitGTK; raw pointers stay package-internal.
        .target(name: "WebKitGTK",
                dependencies: ["CWebKitGTK", "CWebKitGTKHelpers", "GLibCore", "WebOrigin", "JSONValue", "GLibLog",
                               .product(name: "WebViewHostWebProcess", package: "WebProcessExtension")],
                plugins: ["EmbedJavaScript"]),

        // A WebSocket client over libsoup on the GLib loop: no GTK, no WebKit.
        .target(name: "SoupWebSocket", dependencies: ["CSoup", "CGLib", "GLibCore"]),

        // The desktop app: a library the tests drive, and a thin executable.
        .target(name: "WebViewHostApp",
                dependencies: ["WebAppWindow", "WebKitGTK", "WebOrigin", "WebBridge", "WebBridgeGTK", "Geocoding",
                               "SoupWebSocket", "WebSocketBridge"]),
        .executableTarget(name: "webview-host", dependencies: ["WebViewHostApp"]),

        // Web origins, platform-free: the one origin type of every security decision.
        .target(name: "WebOrigin"),

        // The typed bridge (no GTK), its WebKitGTK glue, and the offline geocoder demo service.
        .target(name: "WebBridge", dependencies: ["JSONValue", "WebOrigin"], exclude: ["JavaScript/bridge-scripts.d.ts"],
                plugins: ["EmbedJavaScript"]),
        .target(name: "WebBridgeGTK", dependencies: ["WebBridge", "WebKitGTK", "JSONValue", "GLibLog"]),
        // The app window and app shell every app builds on: header bar, dialogs, guards and
        // trust, tools, shortcuts, downloads, saved window state; single instance, app://.
        .target(name: "WebAppWindow", dependencies: ["WebKitGTK", "WebBridge", "WebBridgeGTK", "WebOrigin"],
                plugins: ["EmbedJavaScript"]),
        .systemLibrary(name: "CGeonames", pkgConfig: "geonames", providers: [.apt(["libgeonames-dev"])]),
        .target(name: "Geocoding", dependencies: ["CGeonames", "CGLib", "GLibCore"]),
        // The app's WebSocket connections relayed to pages through the bridge (ws.* handlers and events).
        .target(name: "WebSocketBridge", dependencies: ["WebBridge", "SoupWebSocket", "GLibCore", "JSONValue", "WebOrigin"]),
        .executableTarget(name: "webview-bench", dependencies: ["WebBridgeGTK", "WebBridge", "WebKitGTK", "CWebKitGTK"],
                          exclude: ["bench-page.d.ts"], plugins: ["EmbedJavaScript"]),

        // The example app a developer copies: built from the library products only.
        // Its page files are a resource, so `swift run` finds them beside the executable.
        .executableTarget(name: "notes-app", dependencies: ["WebAppWindow", "WebKitGTK", "NotesHandlers"],
                          path: "Examples/NotesApp", exclude: ["Handlers", "data", "Makefile"], sources: ["Sources"],
                          resources: [.copy("Web")]),
        // Its handlers and their contract, a library so the contract tool can link them too.
        .target(name: "NotesHandlers", dependencies: ["WebBridge"], path: "Examples/NotesApp/Handlers"),

        // Writes the TypeScript declarations of the app's and the example's bridge contracts.
        .executableTarget(name: "webview-contract", dependencies: ["WebBridge", "WebViewHostApp", "NotesHandlers"]),

        // Tests.
        // The GLib loop for tests that need no display, and GTK tests built on it.
        .target(name: "LoopTestHelpers", dependencies: ["GLibCore"], path: "Tests/LoopTestHelpers"),
        .target(name: "TestHelpers", dependencies: ["LoopTestHelpers", "WebKitGTK", "CWebKitGTK"], path: "Tests/TestHelpers"),
        .target(name: "JSONValue"),
        .testTarget(name: "WebKitGTKTests", dependencies: ["WebKitGTK", "TestHelpers", "JSONValue", "CWebKitGTK", "GLibLog", "ApplicationProbe"]),
        // ChildProcess, the test helpers' own child processes (posix_spawn, not Foundation's Process).
        .testTarget(name: "LoopTestHelpersTests", dependencies: ["LoopTestHelpers"]),
        .testTarget(name: "GLibCoreTests", dependencies: ["GLibCore", "CGLib", "LoopTestHelpers"]),
        .testTarget(name: "SoupWebSocketTests", dependencies: ["SoupWebSocket", "GLibCore", "LoopTestHelpers"]),
        // A minimal `Application` the single-instance tests launch twice.
        .executableTarget(name: "ApplicationProbe", dependencies: ["WebKitGTK"], path: "Tests/ApplicationProbe"),
        .testTarget(name: "WebViewHostAppTests",
                    dependencies: ["WebViewHostApp", "WebAppWindow", "WebKitGTK", "TestHelpers", "WebBridge", "JSONValue",
                                   "notes-app", "NotesHandlers", "WebBridgeGTK"]),
        .testTarget(name: "WebAppWindowTests",
                    dependencies: ["WebAppWindow", "WebBridge", "WebKitGTK", "WebOrigin", "TestHelpers"]),
        .testTarget(name: "WebOriginTests", dependencies: ["WebOrigin"]),
        .testTarget(name: "WebBridgeTests", dependencies: ["WebBridge", "JSONValue", "WebOrigin"]),
        .testTarget(name: "GeocodingTests", dependencies: ["Geocoding", "LoopTestHelpers"]),
        .testTarget(name: "WebBridgeIntegrationTests",
                    dependencies: ["WebBridge", "WebBridgeGTK", "Geocoding", "WebKitGTK", "TestHelpers", "JSONValue",
                                   "WebViewHostApp"]),
        .testTarget(name: "WebSocketBridgeTests",
                    dependencies: ["WebSocketBridge", "WebBridge", "WebBridgeGTK", "SoupWebSocket", "WebKitGTK",
                                   "TestHelpers", "JSONValue", "WebOrigin"]),
        // tsc over the pages' scripts, the .d.ts files and the bridge's page client; the checked-in contracts.
        .testTarget(name: "TypeScriptTests",
                    dependencies: ["webview-contract", "WebBridge", "WebBridgeGTK", "WebKitGTK", "WebViewHostApp",
                                   "NotesHandlers", "TestHelpers"]),
    ]
)
