// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "WebViewHost",
    // The library modules an app builds on; the apps, the bench and the tools are not products.
    products: [
        .library(name: "GLibCore", targets: ["GLibCore"]),
        .library(name: "GLibLog", targets: ["GLibLog"]),
        .library(name: "ScriptMessaging", targets: ["ScriptMessaging"]),
        .library(name: "WebOrigin", targets: ["WebOrigin"]),
        .library(name: "WebPolicy", targets: ["WebPolicy"]),
        .library(name: "GtkWidgets", targets: ["GtkWidgets"]),
        .library(name: "LoopbackMedia", targets: ["LoopbackMedia"]),
        .library(name: "WebKitGTK", targets: ["WebKitGTK"]),
        .library(name: "SoupWebSocket", targets: ["SoupWebSocket"]),
        .library(name: "WebBridge", targets: ["WebBridge"]),
        .library(name: "WebBridgeGTK", targets: ["WebBridgeGTK"]),
        .library(name: "WebBridgeTesting", targets: ["WebBridgeTesting"]),
        .library(name: "WebSocketBridge", targets: ["WebSocketBridge"]),
        .library(name: "DesktopServices", targets: ["DesktopServices"]),
        .library(name: "WebAppWindow", targets: ["WebAppWindow"]),
        .library(name: "Geocoding", targets: ["Geocoding"]),
        // The tools an app runs on itself: its pages' types, its Debian package.
        .plugin(name: "generate-page-types", targets: ["GeneratePageTypes"]),
        .plugin(name: "deb", targets: ["PackageDeb"]),
        // An app's gettext catalogs (its po/*.po) compiled into its resource bundle at build time.
        .plugin(name: "CompileCatalogs", targets: ["CompileCatalogs"]),
    ],
    // The toolkit an app is built on, chosen when it depends on the package
    // (`.package(…, traits: ["GTK4"])`, `swift build --traits GTK4`). Exactly one is linked:
    // GTK refuses to run with GTK 3 and GTK 4 in one process, so GTK 3 is a trait of its own
    // (a dependency conditioned on no trait would be unconditional).
    traits: [
        .default(enabledTraits: ["GTK3"]),
        .trait(name: "GTK3", description: "GTK 3 and WebKitGTK 4.1 (webkit2gtk-4.1): the default, as on every desktop since 2011"),
        .trait(name: "GTK4", description: "GTK 4, WebKitGTK 6.0 and libadwaita: GNOME 43+'s platform; replaces GTK3"),
    ],
    // The code WebKit runs in its web processes: a shared library, so a package of its own,
    // built for the toolkit's WebKit.
    dependencies: [.package(path: "WebProcessExtension", traits: [
        .init(name: "GTK3", condition: .when(traits: ["GTK3"])),
        .init(name: "GTK4", condition: .when(traits: ["GTK4"])),
    ])],
    targets: [
        // The page scripts are .js files beside the Swift that injects them: this plugin and its
        // tool embed them in the binary at build time (see Plugins/EmbedJavaScript).
        .plugin(name: "EmbedJavaScript", capability: .buildTool(), dependencies: ["embed-javascript"]),
        .executableTarget(name: "embed-javascript", path: "Tools/embed-javascript"),
        // The gettext catalogs of a target (its po/ folder, else the package's) compiled with
        // msgfmt into its resource bundle, where GLibCore's CatalogLocation finds them.
        .plugin(name: "CompileCatalogs", capability: .buildTool()),
        // `swift package generate-page-types`: builds the app's executable and runs its
        // --write-page-types DIR (contract.d.ts, bridge.d.ts, tsconfig.json).
        .plugin(name: "GeneratePageTypes",
                capability: .command(intent: .custom(verb: "generate-page-types",
                                                     description: "Writes the app's contract.d.ts, bridge.d.ts and tsconfig.json beside its pages"),
                                     permissions: [.writeToPackageDirectory(reason: "writes the pages' type files into the package")])),
        // `swift package deb`: a release build of the app packaged by build-deb.sh beside the plugin.
        .plugin(name: "PackageDeb",
                capability: .command(intent: .custom(verb: "deb", description: "Builds the app and packages it as a .deb"),
                                     permissions: [.writeToPackageDirectory(reason: "writes the .deb into the package (.build/deb by default)")]),
                exclude: ["build-deb.sh", "desktop-entry.py"]),

        // C layer: the system libraries and the few things Swift cannot import.
        // GLib, GObject and GIO alone (no GTK): the core every other layer builds on.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "CGLibHelpers", dependencies: ["CGLib"]),
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        // Each toolkit's system libraries; the trait picks one set. Swift imports neither
        // directly: each seam's helper target includes (and re-exports) the one the trait
        // chose, so a wrapper module's files import one C module whatever the toolkit.
        .systemLibrary(
            name: "CWebKitGTK",
            pkgConfig: "webkit2gtk-4.1",
            providers: [.apt(["libwebkit2gtk-4.1-dev", "libgtk-3-dev"])]
        ),
        .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev"])]),
        .systemLibrary(name: "CWebKitGTK6", pkgConfig: "webkitgtk-6.0",
                       providers: [.apt(["libwebkitgtk-6.0-dev", "libgtk-4-dev"])]),
        .systemLibrary(name: "CGtk4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CAdwaita", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        .target(name: "CGtkHelpers",
                dependencies: [.target(name: "CGtk", condition: .when(traits: ["GTK3"])),
                               .target(name: "CGtk4", condition: .when(traits: ["GTK4"])),
                               .target(name: "CAdwaita", condition: .when(traits: ["GTK4"]))]),
        .target(name: "CWebKitGTKHelpers",
                dependencies: [.target(name: "CWebKitGTK", condition: .when(traits: ["GTK3"])),
                               .target(name: "CWebKitGTK6", condition: .when(traits: ["GTK4"]))]),

        // Swift over GLib alone: object ownership, signals, the main loop joined to Swift's
        // main queue, GIO async as Swift async, GLib errors, observation. No GTK, no display.
        // The library's translations (po/ at the package root) travel in its resource bundle.
        .target(name: "GLibCore", dependencies: ["CGLib", "CGLibHelpers"], plugins: ["CompileCatalogs"]),
        // GLib structured logging, one domain per module; needs GLib only, not GTK.
        .target(name: "GLibLog", dependencies: ["CGLib"]),

        // Platform-free rules of a web host: what a window may show, how the app's files are
        // served (paths, byte ranges, MIME types, CSP), error page text, where data lives.
        .target(name: "WebPolicy", dependencies: ["WebOrigin"]),
        // Swift over GTK alone (GTK 3, or GTK 4 and libadwaita): widgets, windows, dialogs,
        // keyboard shortcuts, the application.
        .target(name: "GtkWidgets", dependencies: ["CGtkHelpers", "CGLib", "GLibCore", "GLibLog"]),
        // The loopback HTTP server (libsoup) that serves the app's audio and video to WebKit's player.
        .target(name: "LoopbackMedia", dependencies: ["CSoup", "CGLib", "GLibCore", "GLibLog", "WebPolicy"]),
        // Swift over WebKitGTK alone: web view, context, user content, script messages and
        // dialogs, navigation and permission decisions, downloads, schemes, automation.
        .target(name: "WebKitGTK",
                dependencies: ["CWebKitGTKHelpers", "GLibCore", "GtkWidgets", "WebOrigin", "WebPolicy",
                               "LoopbackMedia", "ScriptMessaging", "GLibLog"],
                plugins: ["EmbedJavaScript"]),

        // A WebSocket client over libsoup on the GLib loop: no GTK, no WebKit.
        .target(name: "SoupWebSocket", dependencies: ["CSoup", "CGLib", "GLibCore"]),

        // The desktop app: a library the tests drive, and a thin executable.
        .target(name: "WebViewHostApp",
                dependencies: ["WebAppWindow", "WebKitGTK", "WebOrigin", "WebBridge", "WebBridgeGTK", "Geocoding",
                               "SoupWebSocket", "WebSocketBridge", "GLibCore"]),
        .executableTarget(name: "webview-host", dependencies: ["WebViewHostApp"]),

        // Web origins, platform-free: the one origin type of every security decision.
        .target(name: "WebOrigin"),
        // Script messaging, platform-free: a page's message and its reply answered exactly once,
        // any JSON value, and the JSON coders (dates as JavaScript's milliseconds) every path uses.
        .target(name: "ScriptMessaging"),

        // The typed bridge (no GTK), its WebKitGTK glue, and the offline geocoder demo service.
        .target(name: "WebBridge", dependencies: ["ScriptMessaging", "WebOrigin"], exclude: ["JavaScript/bridge-scripts.d.ts"],
                plugins: ["EmbedJavaScript"]),
        // A fake web view under the real bridge: an app's tests act as its page, no display.
        .target(name: "WebBridgeTesting", dependencies: ["WebBridge", "ScriptMessaging"]),
        // The bridge on a WebKitGTK view, with its web process extension and byte transports.
        .target(name: "WebBridgeGTK",
                dependencies: ["WebBridge", "WebKitGTK", "CGLib", "GLibCore", "ScriptMessaging", "GLibLog",
                               .product(name: "WebViewHostWebProcess", package: "WebProcessExtension")]),
        // The app on the desktop, portal first over GLibCore's one portal helper: file choosers,
        // the clipboard, dropped files, notifications, the status (tray) icon, the app's own URL
        // scheme. No WebKit: what needs the web view is the window layer's.
        .target(name: "DesktopServices", dependencies: ["CGLib", "GLibCore", "GLibLog", "GtkWidgets"]),
        // The app window and app shell every app builds on: header bar, dialogs, guards and
        // trust, tools, shortcuts, downloads, saved window state; single instance, app://.
        .target(name: "WebAppWindow",
                dependencies: ["WebKitGTK", "GtkWidgets", "WebPolicy", "WebBridge", "WebBridgeGTK", "WebOrigin",
                               "DesktopServices", "GLibCore", "GLibLog"],
                plugins: ["EmbedJavaScript"]),
        .systemLibrary(name: "CGeonames", pkgConfig: "geonames", providers: [.apt(["libgeonames-dev"])]),
        .target(name: "Geocoding", dependencies: ["CGeonames", "CGLib", "GLibCore"]),
        // The app's WebSocket connections relayed to pages through the bridge (ws.* handlers and events).
        .target(name: "WebSocketBridge", dependencies: ["WebBridge", "SoupWebSocket", "GLibCore", "ScriptMessaging", "WebOrigin"]),
        .executableTarget(name: "webview-bench",
                          dependencies: ["WebBridgeGTK", "WebBridge", "WebKitGTK", "LoopbackMedia", "CWebKitGTKHelpers", "CGLib", "GLibCore"],
                          exclude: ["bench-page.d.ts"], plugins: ["EmbedJavaScript"]),
        // The start-up rows' floor: a raw WebKitGTK window in C, no Swift runtime (`make bench`),
        // on the toolkit's WebKit.
        .executableTarget(name: "webview-startup-floor",
                          dependencies: [.target(name: "CWebKitGTK", condition: .when(traits: ["GTK3"])),
                                         .target(name: "CWebKitGTK6", condition: .when(traits: ["GTK4"]))]),

        // The example app a developer copies: built from the library products only.
        // Its page files are a resource, so `swift run` finds them beside the executable.
        .executableTarget(name: "notes-app", dependencies: ["WebAppWindow", "WebKitGTK", "NotesHandlers"],
                          path: "Examples/NotesApp", exclude: ["Handlers", "Tests", "data", "Makefile"], sources: ["Sources"],
                          resources: [.copy("Web")], plugins: ["CompileCatalogs"]),
        // Its handlers and their contract, a library so the contract tool can link them too.
        .target(name: "NotesHandlers", dependencies: ["WebBridge"], path: "Examples/NotesApp/Handlers"),
        // Its handlers' unit tests, on WebBridgeTesting's fake web view: no display.
        .testTarget(name: "NotesHandlersTests", dependencies: ["NotesHandlers", "WebBridge", "WebBridgeTesting"],
                    path: "Examples/NotesApp/Tests"),

        // Writes the TypeScript declarations of the app's and the example's bridge contracts.
        .executableTarget(name: "webview-contract", dependencies: ["WebBridge", "WebAppWindow", "WebViewHostApp", "NotesHandlers"]),

        // Tests.
        // The GLib loop for tests that need no display, and GTK tests built on it.
        .target(name: "LoopTestHelpers", dependencies: ["GLibCore"], path: "Tests/LoopTestHelpers"),
        .target(name: "TestHelpers", dependencies: ["LoopTestHelpers", "WebKitGTK", "GtkWidgets", "CWebKitGTKHelpers"], path: "Tests/TestHelpers"),
        .testTarget(name: "WebKitGTKTests",
                    dependencies: ["WebKitGTK", "GtkWidgets", "TestHelpers", "ScriptMessaging", "CWebKitGTKHelpers", "ApplicationProbe", "LoopbackMedia"]),
        // The platform-free rules: no display.
        .testTarget(name: "WebPolicyTests", dependencies: ["WebPolicy", "WebOrigin", "LoopTestHelpers"]),
        .testTarget(name: "GtkWidgetsTests", dependencies: ["GtkWidgets", "GLibCore", "CGtkHelpers", "TestHelpers", "CWebKitGTKHelpers"]),
        .testTarget(name: "LoopbackMediaTests", dependencies: ["LoopbackMedia", "GLibCore", "WebOrigin", "WebPolicy", "TestHelpers"]),
        // Fixtures/: a second web process extension's C source, compiled by the test.
        .testTarget(name: "WebBridgeGTKTests", dependencies: ["WebBridgeGTK", "WebBridge", "WebKitGTK", "TestHelpers",
                                                           "LoopTestHelpers", "ScriptMessaging"],
                    exclude: ["Fixtures"]),
        // ChildProcess, the test helpers' own child processes (posix_spawn, not Foundation's Process).
        .testTarget(name: "LoopTestHelpersTests", dependencies: ["LoopTestHelpers"]),
        .testTarget(name: "GLibCoreTests", dependencies: ["GLibCore", "CGLib", "LoopTestHelpers"]),
        .testTarget(name: "SoupWebSocketTests", dependencies: ["SoupWebSocket", "GLibCore", "LoopTestHelpers"]),
        // A minimal `Application` the single-instance tests launch twice.
        .executableTarget(name: "ApplicationProbe", dependencies: ["WebKitGTK"], path: "Tests/ApplicationProbe"),
        .testTarget(name: "WebViewHostAppTests", dependencies: ["WebViewHostApp", "WebAppWindow", "WebKitGTK", "GtkWidgets", "GLibCore", "CGtkHelpers",
                                                            "TestHelpers", "WebBridge"]),
        .testTarget(name: "WebViewHostEndToEndTests", dependencies: ["TestHelpers", "webview-host", "notes-app"]),
        .testTarget(name: "PackagingTests", dependencies: ["TestHelpers"]),
        .testTarget(name: "NotesExampleTests", dependencies: ["notes-app", "NotesHandlers", "WebBridge", "WebBridgeGTK", "WebKitGTK", "TestHelpers"]),
        .testTarget(name: "WebDriverTests", dependencies: ["TestHelpers", "webview-host", "notes-app"]),
        .testTarget(name: "WebAppWindowTests",
                    dependencies: ["WebAppWindow", "WebBridge", "WebKitGTK", "GtkWidgets", "WebOrigin", "TestHelpers", "CWebKitGTKHelpers",
                                   "LoopTestHelpers", "ScriptMessaging", "GLibLog", "PageNotificationsProbe"]),
        // Fake portals, notification server and StatusNotifierWatcher on a private session bus.
        .testTarget(name: "DesktopServicesTests",
                    dependencies: ["DesktopServices", "DesktopServicesProbe", "GtkWidgets", "GLibCore", "CGtkHelpers", "WebKitGTK",
                                   "CWebKitGTKHelpers", "TestHelpers", "LoopTestHelpers"]),
        // A small app the desktop services' tests launch on their private session bus.
        .executableTarget(name: "DesktopServicesProbe", dependencies: ["DesktopServices", "GtkWidgets", "CGLib", "GLibCore"],
                          path: "Tests/DesktopServicesProbe"),
        // A small app showing a page's notification through the window layer's PageNotifications,
        // which WebAppWindowTests launch on their private session bus.
        .executableTarget(name: "PageNotificationsProbe", dependencies: ["WebAppWindow", "WebKitGTK", "CWebKitGTKHelpers"],
                          path: "Tests/PageNotificationsProbe"),
        .testTarget(name: "WebOriginTests", dependencies: ["WebOrigin"]),
        .testTarget(name: "WebBridgeTests", dependencies: ["WebBridge", "WebBridgeTesting", "ScriptMessaging", "WebOrigin"]),
        .testTarget(name: "WebBridgeTestingTests", dependencies: ["WebBridgeTesting", "WebBridge", "ScriptMessaging"]),
        .testTarget(name: "ScriptMessagingTests", dependencies: ["ScriptMessaging"]),
        .testTarget(name: "GLibLogTests", dependencies: ["GLibLog"]),
        .testTarget(name: "GeocodingTests", dependencies: ["Geocoding", "CGeonames", "LoopTestHelpers"]),
        .testTarget(name: "WebBridgeIntegrationTests",
                    dependencies: ["WebBridge", "WebBridgeGTK", "Geocoding", "WebKitGTK", "TestHelpers", "ScriptMessaging",
                                   "WebViewHostApp"]),
        .testTarget(name: "WebSocketBridgeTests",
                    dependencies: ["WebSocketBridge", "WebBridge", "SoupWebSocket", "WebKitGTK", "WebOrigin"]),
        // The relay with real pages on a real bridge (WebBridgeGTK, a layer above the relay) and feed servers.
        .testTarget(name: "WebSocketBridgeIntegrationTests",
                    dependencies: ["WebSocketBridge", "WebBridge", "WebBridgeGTK", "SoupWebSocket", "WebKitGTK",
                                   "TestHelpers", "ScriptMessaging", "WebOrigin"]),
        // tsc over the pages' scripts, the .d.ts files and the bridge's page client; the checked-in contracts.
        .testTarget(name: "TypeScriptTests",
                    dependencies: ["webview-contract", "WebBridge", "WebBridgeGTK", "WebKitGTK", "WebViewHostApp",
                                   "NotesHandlers", "TestHelpers",
                                   // Its --write-page-types, the route every app's pages get their types by.
                                   "notes-app"]),
    ]
)

// A member comes only from the modules its own file imports (SE-0444): a file importing
// FoundationEssentials must not reach Foundation's ICU-backed members (`contains`, `folding`…)
// because another file of the module, or SwiftPM's generated resource accessor, imports
// Foundation; linked in, they bring ICU's 34 MB of data into every app. For what the apps
// link: the libraries and the apps, not the tests, their helpers, the bench and the tools.
for target in package.targets
where (target.type == .regular || ["webview-host", "notes-app"].contains(target.name)) && !(target.path ?? "").hasPrefix("Tests") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
