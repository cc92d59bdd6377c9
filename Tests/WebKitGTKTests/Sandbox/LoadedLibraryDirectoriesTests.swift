import Foundation
@testable import WebKitGTK
import XCTest

/// The directories of the libraries this process loaded from outside the system's, which every
/// sandboxed web process gets so the bridge's extension finds the Swift runtime it links:
/// read as bytes from `/proc/self/maps`.
final class LoadedLibraryDirectoriesTests: XCTestCase {
    func testTheSwiftRuntimesDirectoryIsListedOnceAndNoSystemDirectory() {
        MainActor.assumeIsolated {
            let directories = WebProcessSandbox.loadedLibraryDirectories
            XCTAssertTrue(directories.contains { FileManager.default.fileExists(atPath: $0 + "/libswiftCore.so") },
                          "no directory holds the Swift runtime: \(directories)")
            XCTAssertEqual(Set(directories).count, directories.count, "listed twice: \(directories)")
            for directory in directories {
                XCTAssertTrue(directory.hasPrefix("/") && !directory.hasSuffix("/"), directory)
                XCTAssertFalse(WebProcessSandbox.systemLibraryDirectories.contains { directory == $0 || directory.hasPrefix($0 + "/") },
                               "\(directory) is the system's: WebKit mounts it itself")
            }
        }
    }

    /// The byte reading agrees with the file read as text, field by field.
    func testTheBytesAreReadAsTheFieldsSay() throws {
        let text = try String(decoding: XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
        var expected: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[1].contains("x") else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            guard path.hasPrefix("/"), (path as NSString).lastPathComponent.contains(".so") else { continue }
            let directory = (path as NSString).deletingLastPathComponent
            if !expected.contains(directory), !["/usr/lib", "/lib"].contains(where: { directory.hasPrefix($0 + "/") }) {
                expected.append(directory)
            }
        }
        XCTAssertFalse(expected.isEmpty)
        MainActor.assumeIsolated { XCTAssertEqual(WebProcessSandbox.loadedLibraryDirectories, expected) }
    }
}
