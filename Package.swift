// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "WebViewHost",
    products: [
        .library(name: "WebKitGTK", targets: ["WebKitGTK"]),
        .library(name: "WebViewHostApp", targets: ["WebViewHostApp"]),
        .executable(name: "webview-host", targets: ["webview-host"]),
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

        // The desktop app: a library the tests drive, and a thin executable.
        .target(name: "WebViewHostApp", dependencies: ["WebKitGTK"]),
        .executableTarget(name: "webview-host", dependencies: ["WebViewHostApp"]),

        // Tests.
        .target(name: "TestHelpers", dependencies: ["WebKitGTK"], path: "Tests/TestHelpers"),
        .target(name: "JSONValue"),
        .testTarget(name: "WebKitGTKTests", dependencies: ["WebKitGTK", "TestHelpers", "JSONValue"]),
        .testTarget(name: "WebViewHostAppTests", dependencies: ["WebViewHostApp", "WebKitGTK", "TestHelpers"]),
    ]
)
