import Foundation
import GLibLog
import XCTest

/// `Log` through GLib's own writer, read back from standard output and error (where that
/// writer puts messages when the journal is not standard error: debug and info on the
/// first, the rest on the second): what is shown at each level, under which
/// `G_MESSAGES_DEBUG`, and that a hidden message is never even built. No display.
final class LogTests: XCTestCase {
    private let log = Log(domain: "GLibLogTests")
    private var savedMessagesDebug: String?

    override func setUp() {
        super.setUp()
        savedMessagesDebug = ProcessInfo.processInfo.environment["G_MESSAGES_DEBUG"]
        unsetenv("G_MESSAGES_DEBUG")
    }

    override func tearDown() {
        if let savedMessagesDebug { setenv("G_MESSAGES_DEBUG", savedMessagesDebug, 1) } else { unsetenv("G_MESSAGES_DEBUG") }
        super.tearDown()
    }

    /// What GLib's writer wrote to standard output and error while `body` ran.
    private func written(_ body: () -> Void) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("GLibLogTests-\(UUID().uuidString)")
        let descriptor = open(file.path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(at: file)
        }
        fflush(nil)
        let saved = [STDOUT_FILENO, STDERR_FILENO].map { ($0, dup($0)) }
        for (stream, _) in saved { dup2(descriptor, stream) }
        body()
        fflush(nil)
        for (stream, copy) in saved {
            dup2(copy, stream)
            close(copy)
        }
        return try String(contentsOf: file, encoding: .utf8)
    }

    func testMessagesAndWarningsAreAlwaysShownUnderTheirDomain() throws {
        let output = try written {
            log.message("a message for the user")
            log.warning("something went wrong")
        }
        XCTAssertTrue(output.contains("GLibLogTests-Message"), output)
        XCTAssertTrue(output.contains("a message for the user"), output)
        XCTAssertTrue(output.contains("GLibLogTests-WARNING"), output)
        XCTAssertTrue(output.contains("something went wrong"), output)
    }

    func testDebugAndInfoAreHiddenAndNotEvenBuiltUnlessTheDomainIsAskedFor() throws {
        var built = 0
        setenv("G_MESSAGES_DEBUG", "SomeOtherDomain", 1)
        let hidden = try written {
            log.debug({ built += 1; return "hidden debug" }())
            log.info({ built += 1; return "hidden info" }())
        }
        XCTAssertFalse(log.isDebugEnabled)
        XCTAssertEqual(hidden, "")
        XCTAssertEqual(built, 0, "a hidden message is not even built")

        setenv("G_MESSAGES_DEBUG", "SomeOtherDomain GLibLogTests", 1)
        let shown = try written {
            log.debug({ built += 1; return "shown debug" }())
            log.info("shown info")
        }
        XCTAssertTrue(log.isDebugEnabled)
        XCTAssertEqual(built, 1)
        XCTAssertTrue(shown.contains("GLibLogTests-DEBUG"), shown)
        XCTAssertTrue(shown.contains("shown debug"), shown)
        XCTAssertTrue(shown.contains("GLibLogTests-INFO"), shown)
        XCTAssertTrue(shown.contains("shown info"), shown)
    }

    func testAllShowsEveryDomain() throws {
        setenv("G_MESSAGES_DEBUG", "all", 1)
        XCTAssertTrue(log.isDebugEnabled)
        XCTAssertTrue(Log(domain: "AnyDomainAtAll").isDebugEnabled)
        let output = try written { Log(domain: "AnyDomainAtAll").debug("from anywhere") }
        XCTAssertTrue(output.contains("AnyDomainAtAll-DEBUG"), output)
        XCTAssertTrue(output.contains("from anywhere"), output)
    }

    /// The message is one field, passed whole: it is not a format, so `%` survives.
    func testTheMessageIsWrittenAsGiven() throws {
        let text = "100% sure: %s %d %n \\n"
        let output = try written { log.message(text) }
        XCTAssertTrue(output.contains(text), output)
    }
}
