import Foundation
import TestHelpers
import XCTest

/// The built `webview-host` speaks the user's language (issue 29): its command-line errors and
/// `--doctor` read in German and Russian from the catalogs the build compiled beside it, in
/// English under `LANG=C`, and in English for a language with no catalog.
final class TranslationTests: XCTestCase {
    /// Standard error and output of `webview-host arguments` under `LANG=language`.
    private func run(_ arguments: [String], language: String) throws -> (output: String, error: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = language
        for variable in ["LC_ALL", "LC_MESSAGES", "LANGUAGE"] { environment[variable] = nil }
        let process = try ChildProcess(try HostLauncher.builtExecutable(for: Self.self).path, arguments, environment: environment, output: .captured, error: .captured)
        _ = process.wait()
        return (String(decoding: process.output, as: UTF8.self), String(decoding: process.errorOutput, as: UTF8.self))
    }

    func testACommandLineErrorReadsInTheUsersLanguage() throws {
        let cases = [
            ("de_DE.UTF-8", "webview-host: Fehler: Datei nicht gefunden: /no/such/page.html\n»webview-host --help« zeigt die Verwendung.\n"),
            ("ru_RU.UTF-8", "webview-host: ошибка: нет такого файла: /no/such/page.html\nДля справки запустите «webview-host --help».\n"),
            ("C", "webview-host: error: no such file: /no/such/page.html\nTry 'webview-host --help' for usage.\n"),
            // No catalog for Italian: English, never an empty line.
            ("it_IT.UTF-8", "webview-host: error: no such file: /no/such/page.html\nTry 'webview-host --help' for usage.\n"),
        ]
        for (language, expected) in cases {
            XCTAssertEqual(try run(["/no/such/page.html"], language: language).error, expected, language)
        }
    }

    func testDoctorReadsInTheUsersLanguage() throws {
        let cases = [
            ("de_DE.UTF-8", ["Sandbox: ", "Darstellung: Hardwarebeschleunigung", "Medien: ", "Anzeige: ", "Daten: Zwischenspeicher "]),
            ("ru_RU.UTF-8", ["песочница: ", "отрисовка: аппаратное ускорение", "мультимедиа: ", "дисплей: ", "данные: кэш "]),
            ("C", ["sandbox: ", "renderer: hardware acceleration", "media: ", "display: ", "data: cache "]),
        ]
        for (language, lines) in cases {
            let report = try run(["--doctor"], language: language).output
            for line in lines { XCTAssertTrue(report.contains("\n" + line), "\(language): no “\(line)” in\n\(report)") }
        }
    }

    /// What the app says of its sandbox is the user's language too, the switch's name kept.
    func testTheSandboxsWordsReadInTheUsersLanguage() throws {
        // WebKitGTK 6.0 (GTK 4) cannot turn its sandbox off: the doctor says the opt-out changed nothing.
        #if GTK4
        let cases = [
            ("de_DE.UTF-8", "Sandbox: an: Web-Prozesse laufen in Bubblewrap; Web-Inhalte bleiben in der Sandbox, obwohl --no-sandbox "
                + "sie abschaltet: WebKitGTK 6.0 kann sie nicht ohne Sandbox ausführen"),
            ("ru_RU.UTF-8", "песочница: включена: веб-процессы работают в bubblewrap; веб-содержимое остаётся в песочнице, хотя "
                + "--no-sandbox её отключает: WebKitGTK 6.0 не может работать без песочницы"),
            ("C", "sandbox: on: web processes run in bubblewrap; web content stays in the sandbox although --no-sandbox turns it off: "
                + "WebKitGTK 6.0 cannot run it unconfined"),
        ]
        #else
        let cases = [
            ("de_DE.UTF-8", "Sandbox: aus: Web-Inhalte laufen ohne Sandbox (abgeschaltet durch --no-sandbox)"),
            ("ru_RU.UTF-8", "песочница: выключена: веб-содержимое работает без песочницы (отключена через --no-sandbox)"),
            ("C", "sandbox: off: web content runs without the sandbox (turned off by --no-sandbox)"),
        ]
        #endif
        for (language, line) in cases {
            let report = try run(["--doctor", "--no-sandbox"], language: language).output
            XCTAssertTrue(report.contains("\n" + line + "\n"), "\(language): no “\(line)” in\n\(report)")
        }
    }
}
