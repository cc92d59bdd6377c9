import Foundation
import TestHelpers
@testable import webview_contract
import XCTest

/// The injected scripts' unit tests (Tests/JavaScript/*.test.js, `make check-js`) on Node's
/// own test runner, so the README's test command runs them too.
final class PageScriptNodeTests: XCTestCase {
    func testThePageScriptsPassTheirNodeTests() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let node = path.split(separator: ":").map({ URL(fileURLWithPath: String($0)).appendingPathComponent("node") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("node is not installed: the page scripts' Node tests did not run")
        }
        let root = CheckedInContracts.packageRoot
        let run = try AppProcess(node, ["--test", "Tests/JavaScript/"], environment: ProcessInfo.processInfo.environment,
                                 directory: root)
        let status = run.waitForExit(timeout: 120)
        // The summary may still be on its way through the pipe.
        let summary = poll(timeout: 10) { run.printed.contains("# fail ") ? run.printed : nil } ?? run.printed
        XCTAssertEqual(status, 0, summary)
        XCTAssertTrue(summary.contains("# fail 0"), summary)
        let passed = summary.firstMatch(of: /# pass (\d+)/).flatMap { Int($0.1) } ?? 0
        XCTAssertGreaterThanOrEqual(passed, 38, summary)
    }
}
