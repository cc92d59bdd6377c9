import Foundation
import TestHelpers
import XCTest

/// The built `webview-host`'s window as a screen reader reads it in a German, Russian and
/// Hebrew session (issue 29): the header bar's buttons, the primary menu, an error page, the
/// question before leaving a page with unsaved work and the not-responding bar with their
/// buttons in the session's language, and a right-to-left session
/// mirroring the header bar (Back to the right of Forward), as GTK mirrors its own widgets; and
/// the notes example's own words, from its own text domain.
///
/// On GTK 4 (4.8) the page is out of AT-SPI's reach (docs/platform-notes.md): the error page's
/// title is read from the window's title (the header bar's label and the X window's), the
/// test checks that the page itself cannot be read, so that it fails once the platform embeds
/// the page, and the loop page's button is clicked with the pointer.
final class LocalizedWindowTests: XCTestCase {
    /// The words the window must show in one language.
    private struct Words {
        let language: String
        let back, forward, reload, mainMenu, newWindow, blocked, leaveQuestion, stay, leave, notResponding, wait: String
        let rightToLeft: Bool
    }

    private static let german = Words(language: "de_DE.UTF-8", back: "Zurück", forward: "Vorwärts", reload: "Neu laden",
                                      mainMenu: "Hauptmenü", newWindow: "Neues Fenster",
                                      blocked: "Gesperrter Port", leaveQuestion: "Diese Seite verlassen?", stay: "Bleiben",
                                      leave: "Verlassen", notResponding: "Diese Seite antwortet nicht",
                                      wait: "Warten", rightToLeft: false)
    private static let russian = Words(language: "ru_RU.UTF-8", back: "Назад", forward: "Вперёд", reload: "Перезагрузить",
                                       mainMenu: "Главное меню", newWindow: "Новое окно",
                                       blocked: "Заблокированный порт", leaveQuestion: "Покинуть эту страницу?", stay: "Остаться",
                                       leave: "Покинуть", notResponding: "Эта страница не отвечает",
                                       wait: "Подождать", rightToLeft: false)
    private static let english = Words(language: "C", back: "Back", forward: "Forward", reload: "Reload",
                                       mainMenu: "Main Menu", newWindow: "New Window",
                                       blocked: "Blocked port", leaveQuestion: "Leave this page?", stay: "Stay",
                                       leave: "Leave", notResponding: "This page is not responding",
                                       wait: "Wait", rightToLeft: false)
    private static let hebrew = Words(language: "he_IL.UTF-8", back: "אחורה", forward: "קדימה", reload: "רענון",
                                      mainMenu: "תפריט ראשי", newWindow: "חלון חדש",
                                      blocked: "פתחה חסומה", leaveQuestion: "לעזוב את העמוד הזה?", stay: "להישאר",
                                      leave: "לעזוב", notResponding: "העמוד הזה לא מגיב",
                                      wait: "המתנה", rightToLeft: true)

    /// Where pictures of icons stay until the test compares them (a session's folder goes with it).
    private let pictures = TestDirectory()

    private static let page = """
        <!doctype html><title>Loop page</title>
        <style>#loop { position: fixed; inset: 0; }</style>
        <button id="loop">loop</button>
        <script src="page.js"></script>
        """
    // The button fills the page: on GTK 4 the pointer clicks it in the middle of the web view.
    private static let script = """
        document.getElementById('loop').addEventListener('click', () => { setTimeout(() => { while (true) {} }, 200); });
        """
    /// A page that keeps unsaved work once the user has touched it (WebKit asks only then).
    private static let unsavedPage = """
        <!doctype html><title>Unsaved work</title>
        <style>html, body { height: 100%; margin: 0; }</style>
        <script>
          addEventListener("mousedown", () => { document.title = "Unsaved work touched"; });
          addEventListener("beforeunload", (e) => { e.preventDefault(); e.returnValue = ""; });
        </script>
        """

    func testAGermanSessionReadsGerman() throws { try check(Self.german) }
    func testARussianSessionReadsRussian() throws { try check(Self.russian) }
    /// Mirrored as GTK mirrors: Back right of Forward, and each arrow pointing the other way,
    /// so Back points right, as Forward does in a left-to-right session.
    func testAHebrewSessionIsMirrored() throws {
        let mirrored = try check(Self.hebrew)
        let plain = try errorPage(Self.english)
        XCTAssertEqual(try Screenshots.differingPixels(mirrored.back, plain.forward), 0, "Back should point as Forward does in English")
        XCTAssertGreaterThan(try Screenshots.differingPixels(mirrored.back, plain.back), 0, "Back points as in English")
    }

    /// The notes example's own words come from its own domain, `notes-app`, and its catalogs.
    func testTheNotesExampleTranslatesItsOwnWords() throws {
        for (language, importNotes, exportNotes) in [("de_DE.UTF-8", "Notizen importieren …", "Notizen exportieren …"),
                                                     ("ru_RU.UTF-8", "Импортировать заметки…", "Экспортировать заметки…"),
                                                     ("C", "Import notes…", "Export notes…")] {
            let host = try HostLauncher(executable: HostLauncher.builtExecutable("notes-app", for: Self.self))
            let accessibility = try AccessibilityBus(on: host.bus)
            let environment = Self.session(language, on: host, accessibility: accessibility)
            let app = try AppProcess(host.executable, [], environment: environment, keepingAlive: [host.bus, accessibility])
            defer { app.process.stop() }
            let tree = try AccessibilityTree(pid: app.pid, environment: environment)
            let nodes = try XCTUnwrap(poll(timeout: 60) { () -> [AccessibilityTree.Node]? in
                guard let nodes = try? tree.nodes(appOnly: true), nodes.contains(where: { $0.role == "push button" && $0.name == importNotes })
                else { return nil }
                return nodes
            }, "\(language): no button “\(importNotes)”: \(Result { try tree.nodes(appOnly: true) }) \(app.printed)")
            XCTAssertTrue(nodes.contains { $0.role == "push button" && $0.name == exportNotes }, "\(language): \(nodes)")
        }
    }

    /// The app's environment for a session in `language`, on the test's accessibility bus.
    private static func session(_ language: String, on host: HostLauncher, accessibility: AccessibilityBus) -> [String: String] {
        var environment = accessibility.joined(host.environment)
        environment["LANG"] = language
        for variable in ["LC_ALL", "LC_MESSAGES", "LANGUAGE"] { environment[variable] = nil }
        return environment
    }

    /// Checks every part in `words`' language; returns pictures of its Back and Forward icons.
    @discardableResult
    private func check(_ words: Words) throws -> (back: URL, forward: URL) {
        let session = try Session(words.language)
        let arrows = try errorPage(words, in: session)
        try leavingAsks(words, in: session)
        try hungPageBar(words, in: session)
        return arrows
    }

    /// The app launched in a session in one language, with its accessibility bus and a folder of pages.
    private struct Session {
        let host: HostLauncher
        let accessibility: AccessibilityBus
        let environment: [String: String]
        let folder: URL
        var keptAlive: [AnyObject] { [host.bus, accessibility] }

        init(_ language: String) throws {
            host = try HostLauncher(executable: HostLauncher.builtExecutable(for: LocalizedWindowTests.self))
            accessibility = try AccessibilityBus(on: host.bus)
            environment = LocalizedWindowTests.session(language, on: host, accessibility: accessibility)
            folder = host.home.url.appendingPathComponent("pages")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    /// An error page (port 1 is one WebKit refuses pages) with the header bar and the primary
    /// menu; returns pictures of the Back and Forward icons.
    private func errorPage(_ words: Words, in session: Session? = nil) throws -> (back: URL, forward: URL) {
        let session = try session ?? Session(words.language)
        let app = try AppProcess(session.host.executable, ["http://127.0.0.1:1/"], environment: session.environment,
                                 keepingAlive: session.keptAlive)
        defer { app.process.stop() }
        _ = try X11Windows.waitFor(words.blocked, timeout: 30)
        let tree = try AccessibilityTree(pid: app.pid, environment: session.environment)
        #if GTK4
        let nodes = try XCTUnwrap(poll(timeout: 60) { () -> [AccessibilityTree.Node]? in
            guard let nodes = try? tree.nodes(), nodes.contains(where: { $0.role == "label" && $0.name == words.blocked && $0.showing })
            else { return nil }
            return nodes
        }, "\(words.language): no window titled “\(words.blocked)”: \(Result { try tree.nodes() }) \(app.printed)")
        AccessibilityTree.assertThePageIsOutOfReach(nodes, of: app.pid)
        #else
        let nodes = try XCTUnwrap(poll(timeout: 60) { () -> [AccessibilityTree.Node]? in
            guard let nodes = try? tree.nodes(), nodes.contains(where: { $0.role == "heading" && $0.name == words.blocked })
            else { return nil }
            return nodes
        }, "\(words.language): no error page headed “\(words.blocked)”: \(Result { try tree.nodes() }) \(app.printed)")
        #endif
        let back = try XCTUnwrap(nodes.first { $0.role == "push button" && $0.name == words.back }, "\(words.language): \(nodes)")
        let forward = try XCTUnwrap(nodes.first { $0.role == "push button" && $0.name == words.forward }, "\(words.language)")
        XCTAssertTrue(nodes.contains { $0.role == "push button" && $0.name == words.reload }, "\(words.language): \(nodes)")
        let (backX, forwardX) = (try XCTUnwrap(back.x), try XCTUnwrap(forward.x))
        if words.rightToLeft {
            XCTAssertGreaterThan(backX, forwardX, "\(words.language): Back should sit right of Forward in a mirrored window")
        } else {
            XCTAssertLessThan(backX, forwardX, "\(words.language): Back should sit left of Forward")
        }
        let arrows = (back: try Self.icon(of: back, named: "\(words.language)-back", in: pictures.url),
                      forward: try Self.icon(of: forward, named: "\(words.language)-forward", in: pictures.url))
        try tree.act("click", on: AccessibilityTree.menuButtonRole, named: words.mainMenu, appOnly: true)
        XCTAssertNotNil(poll(timeout: 10) { () -> Bool? in
            (try? tree.nodes(appOnly: true))?.contains { $0.role == AccessibilityTree.menuItemRole && $0.name == words.newWindow && $0.showing } == true ? true : nil
        }, "\(words.language): no “\(words.newWindow)” in the primary menu")
        return arrows
    }

    /// A picture of the middle of `button` on screen (half its width and height: its icon,
    /// not its frame, whose corners are rounded on the side it ends a row).
    private static func icon(of button: AccessibilityTree.Node, named name: String, in folder: URL) throws -> URL {
        let (x, y) = (try XCTUnwrap(button.x), try XCTUnwrap(button.y))
        let (width, height) = (try XCTUnwrap(button.width), try XCTUnwrap(button.height))
        let file = folder.appendingPathComponent("\(name).png")
        let result = try runTool("/usr/bin/import", ["-window", "root", "-crop", "\(width / 2)x\(height / 2)+\(x + width / 4)+\(y + height / 4)",
                                                     "+repage", file.path])
        guard result.status == 0 else { throw HarnessError("import could not take \(name): \(result.output)") }
        return file
    }

    /// Closing a page with unsaved work: the question and its answers.
    private func leavingAsks(_ words: Words, in session: Session) throws {
        let file = session.folder.appendingPathComponent("unsaved.html")
        try Self.unsavedPage.write(to: file, atomically: true, encoding: .utf8)
        let app = try AppProcess(session.host.executable, [file.path], environment: session.environment, keepingAlive: session.keptAlive)
        defer { app.process.stop() }
        let window = try XCTUnwrap(try X11Windows.waitFor("Unsaved work", timeout: 30), "no window: \(app.printed)")
        try runTool("/usr/bin/xdotool", ["windowraise", window, "mousemove", "--window", window, "300", "300", "click", "1"])
        XCTAssertNotNil(try X11Windows.waitFor("Unsaved work touched", timeout: 10), "the click did not reach the page")
        try X11Windows.press("ctrl+w", in: window)
        let tree = try AccessibilityTree(pid: app.pid, environment: session.environment)
        let question = try XCTUnwrap(poll(timeout: 30) { () -> [AccessibilityTree.Node]? in
            let nodes = try? tree.nodes(appOnly: true)
            return nodes.flatMap { $0.contains { $0.role == "label" && $0.name == words.leaveQuestion && $0.showing } ? $0 : nil }
        }, "\(words.language): closing never asked “\(words.leaveQuestion)”: \(Result { try tree.nodes(appOnly: true) }) \(app.printed)")
        for button in [words.stay, words.leave] {
            XCTAssertTrue(question.contains { $0.role == "push button" && $0.name == button && $0.showing },
                          "\(words.language): no “\(button)” in \(question)")
        }
    }

    /// A page stuck in a loop: the not-responding bar and its buttons.
    private func hungPageBar(_ words: Words, in session: Session) throws {
        try Self.page.write(to: session.folder.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        try Self.script.write(to: session.folder.appendingPathComponent("page.js"), atomically: true, encoding: .utf8)
        let app = try AppProcess(session.host.executable, [session.folder.appendingPathComponent("page.html").path], environment: session.environment,
                                 keepingAlive: session.keptAlive)
        defer { app.process.stop() }
        let window = try XCTUnwrap(try X11Windows.waitFor("Loop page", timeout: 30), "no window: \(app.printed)")
        let tree = try AccessibilityTree(pid: app.pid, environment: session.environment)
        #if GTK4
        let view = try XCTUnwrap(poll(timeout: 60) { (try? tree.nodes(appOnly: true))?.first { $0.name == "WebKitWebView" && $0.showing } },
                                 "the web view never showed")
        try tree.click(view)
        #else
        try XCTUnwrap(poll(timeout: 60) { try? tree.act("press", on: "push button", named: "loop") }, "the page's button never showed")
        #endif
        let hung = try XCTUnwrap(poll(timeout: 40) { () -> [AccessibilityTree.Node]? in
            try? X11Windows.press("a", in: window)
            let nodes = try? tree.nodes(appOnly: true)
            return nodes.flatMap { $0.contains { $0.role == "label" && $0.name == words.notResponding && $0.showing } ? $0 : nil }
        }, "\(words.language): the not-responding bar never read “\(words.notResponding)”: \(Result { try tree.nodes(appOnly: true) }) \(app.printed)")
        for button in [words.wait, words.reload] {
            XCTAssertTrue(hung.contains { $0.role == "push button" && $0.name == button && $0.showing }, "\(words.language): no \(button) in \(hung)")
        }
    }
}
