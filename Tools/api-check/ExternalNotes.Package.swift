// swift-tools-version: 6.2
// The notes example as another package builds it (make check-example fills in the paths):
// it may use the library products' public API only; its handlers (and their tests) are a renamed copy.
import PackageDescription

let package = Package(
    name: "ExternalNotes",
    dependencies: [.package(path: "@ROOT@"@TRAITS@)],
    targets: [
        .target(name: "ExternalNotesHandlers", dependencies: [
            .product(name: "WebBridge", package: "@IDENTITY@"),
        ], path: "Handlers"),
        .executableTarget(name: "external-notes-app", dependencies: [
            "ExternalNotesHandlers",
            .product(name: "WebAppWindow", package: "@IDENTITY@"),
            .product(name: "WebKitGTK", package: "@IDENTITY@"),
        ], path: "App", sources: ["Sources"], resources: [.copy("Web")]),
        // Its handlers' unit tests, as an app's own test target runs them: no display.
        .testTarget(name: "ExternalNotesHandlersTests", dependencies: [
            "ExternalNotesHandlers",
            .product(name: "WebBridge", package: "@IDENTITY@"),
            .product(name: "WebBridgeTesting", package: "@IDENTITY@"),
        ], path: "Tests"),
    ]
)
