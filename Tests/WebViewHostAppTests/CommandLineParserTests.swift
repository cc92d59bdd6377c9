import TestHelpers
import WebViewHostApp
import XCTest

final class CommandLineParserTests: XCTestCase {
    private let existing: [String: FileKind] = [
        "/home/ada/page.html": .regular, "/home/ada/--ephemeral": .regular, "/home/ada/pages/index.html": .regular,
        "/srv/site/page.html": .regular, "/tmp/a b.html": .regular, "/home/ada/caf\u{E9}.html": .regular,
        "/srv/site": .directory, "/home/ada/pages": .directory, "/home/ada/pipe": .other, "/dev/zero": .other,
    ]

    private var parser: CommandLineParser {
        let files = existing
        return CommandLineParser(currentDirectory: "/home/ada", fileKind: { files[String(decoding: $0, as: UTF8.self)] ?? .missing })
    }

    func testAcceptedCommandLines() throws {
        let table: [([String], LaunchRequest)] = [
            ([], .launch(Launch())),
            (["--ephemeral"], .launch(Launch(ephemeral: true))),
            (["--clear-data", "--devtools"], .launch(Launch(clearData: true, developerTools: true))),
            (["--devtools", "page.html", "--ephemeral"], .launch(Launch(uris: ["file:///home/ada/page.html"], ephemeral: true, developerTools: true))),
            (["--", "--ephemeral"], .launch(Launch(uris: ["file:///home/ada/--ephemeral"]))),
            (["page.html", "https://example.org/", "/srv/site/page.html"],
             .launch(Launch(uris: ["file:///home/ada/page.html", "https://example.org/", "file:///srv/site/page.html"]))),
            // WebKitWebDriver's launch: ephemeral, no page of its own.
            (["--automation"], .launch(Launch(ephemeral: true, automation: true))),
            (["--automation", "--devtools"], .launch(Launch(ephemeral: true, developerTools: true, automation: true))),
            (["--no-sandbox", "page.html"], .launch(Launch(uris: ["file:///home/ada/page.html"], noSandbox: true))),
            (["--doctor"], .showDoctor),
            (["--help"], .showUsage),
            (["-h"], .showUsage),
            (["page.html", "--help"], .showUsage),
            (["pages/index.html"], .launch(Launch(uris: ["file:///home/ada/pages/index.html"]))),
            (["./pages/../pages/index.html"], .launch(Launch(uris: ["file:///home/ada/pages/index.html"]))),
            (["/srv/site/page.html"], .launch(Launch(uris: ["file:///srv/site/page.html"]))),
            (["/tmp/a b.html"], .launch(Launch(uris: ["file:///tmp/a%20b.html"]))),
            (["--", "/srv/site/page.html"], .launch(Launch(uris: ["file:///srv/site/page.html"]))),
            (["file:///srv/site/page.html"], .launch(Launch(uris: ["file:///srv/site/page.html"]))),
            (["http://127.0.0.1:8080/x?y=1#z"], .launch(Launch(uris: ["http://127.0.0.1:8080/x?y=1#z"]))),
            (["https://example.org/"], .launch(Launch(uris: ["https://example.org/"]))),
            (["HTTPS://example.org/"], .launch(Launch(uris: ["HTTPS://example.org/"]))),
            (["caf\u{E9}.html"], .launch(Launch(uris: ["file:///home/ada/caf%C3%A9.html"]))),
        ]
        for (arguments, expected) in table {
            XCTAssertEqual(try parser.parse(arguments), expected, "\(arguments)")
        }
    }

    func testRefusedCommandLines() {
        let table: [([String], CommandLineError)] = [
            (["--bogus"], .unknownOption("--bogus")),
            (["-x", "page.html"], .unknownOption("-x")),
            (["page.html", "missing.html"], .fileNotFound(path: "missing.html")),
            ([""], .emptyArgument),
            (["missing.html"], .fileNotFound(path: "missing.html")),
            (["/srv/site"], .directory(path: "/srv/site")),
            (["pages"], .directory(path: "pages")),
            (["file:///srv/site"], .directory(path: "/srv/site")),
            (["pipe"], .notARegularFile(path: "pipe")),
            (["/dev/zero"], .notARegularFile(path: "/dev/zero")),
            (["example.com"], .fileNotFound(path: "example.com")),
            (["file:///nope.html"], .fileNotFound(path: "/nope.html")),
            (["ftp://example.org/file"], .unsupportedScheme("ftp")),
            (["javascript:alert(1)"], .unsupportedScheme("javascript")),
            (["about:blank"], .unsupportedScheme("about")),
            (["http://"], .invalidURL("http://")),
            // A page whose origin the security decisions could not read is refused here already.
            (["http://example.org:99999/"], .invalidURL("http://example.org:99999/")),
            (["https://example.org:8x/"], .invalidURL("https://example.org:8x/")),
            (["--automation", "https://example.org/"], .pagesUnderAutomation),
        ]
        for (arguments, expected) in table {
            XCTAssertThrowsError(try parser.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual(error as? CommandLineError, expected, "\(arguments)")
            }
        }
    }

    func testErrorsReadClearly() {
        XCTAssertEqual(CommandLineError.fileNotFound(path: "x.html").description, "no such file: x.html")
        XCTAssertEqual(CommandLineError.fileNotFound(path: "example.com").description,
                       "no such file: example.com (for a web site, add https:// as in https://example.com)")
        XCTAssertEqual(CommandLineError.fileNotFound(path: "localhost:8080/app").description,
                       "no such file: localhost:8080/app (for a web site, add https:// as in https://localhost:8080/app)")
        XCTAssertEqual(CommandLineError.fileNotFound(path: "notes/today.html").description, "no such file: notes/today.html")
        XCTAssertEqual(CommandLineError.directory(path: "/srv").description, "/srv is a directory: name a page file in it")
        XCTAssertEqual(CommandLineError.notARegularFile(path: "pipe").description,
                       "pipe is not a regular file (a pipe, device or socket cannot be shown)")
        XCTAssertTrue(CommandLineError.unsupportedScheme("ftp").description.contains("use http, https or file"))
        XCTAssertTrue(CommandLineParser.usage.hasPrefix("Usage: webview-host [OPTION…] [URL-OR-FILE…]"))
        for option in ["--ephemeral", "--clear-data", "--devtools", "--automation", "--help"] {
            XCTAssertTrue(CommandLineParser.usage.contains(option), "usage does not document \(option)")
        }
    }

    func testRealFileSystemIsUsedByDefault() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("here.html")
        try "<p>hi</p>".write(to: file, atomically: true, encoding: .utf8)
        let parser = CommandLineParser(currentDirectory: directory.path)
        XCTAssertEqual(try parser.parse(["here.html"]), .launch(Launch(uris: [file.absoluteString])))
        XCTAssertThrowsError(try parser.parse([directory.path])) { error in
            XCTAssertEqual(error as? CommandLineError, .directory(path: directory.path))
        }
        let fifo = directory.appendingPathComponent("fifo")
        XCTAssertEqual(try runTool("/usr/bin/mkfifo", [fifo.path]).status, 0)
        XCTAssertThrowsError(try parser.parse(["fifo"])) { error in
            XCTAssertEqual(error as? CommandLineError, .notARegularFile(path: "fifo"))
        }
        // A file name that is not UTF-8 (Latin-1 "café") names the file by its bytes.
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".html".utf8)
        let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + latin1
        XCTAssertEqual(try runTool("/bin/sh", ["-c", "printf '<p>hi</p>' > \"$(printf '%s/caf\\351.html' \"$1\")\"", "sh",
                                               directory.path]).status, 0)
        XCTAssertEqual(CommandLineParser.realFileKind(path), .regular)
        XCTAssertEqual(try parser.parse(arguments: [latin1]), .launch(Launch(uris: [file.deletingLastPathComponent().absoluteString + "caf%E9.html"])))
    }
}
