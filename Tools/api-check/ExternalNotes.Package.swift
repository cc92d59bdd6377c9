// swift-tools-version: 6.0
// The notes example as another package builds it (make check-example fills in the paths):
// its app code may use the library products' public API only. Its handlers come as the
// package's `NotesHandlers` product (a target of that name here would clash with it).
import PackageDescription

let package = Package(
    name: "ExternalNotes",
    dependencies: [.package(path: "@ROOT@")],
    targets: [
        .executableTarget(name: "external-notes-app", dependencies: [
            .product(name: "NotesHandlers", package: "@IDENTITY@"),
            .product(name: "WebAppWindow", package: "@IDENTITY@"),
            .product(name: "WebKitGTK", package: "@IDENTITY@"),
        ], path: "App", sources: ["Sources"], resources: [.copy("Web")]),
    ]
)
