import CWebKitGTKHelpers
import Foundation
import GtkWidgets
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// Answers permission prompts with a fixed answer and records the questions.
@MainActor
final class RecordingPermissionPrompter: PermissionPrompter {
    var answer: Bool
    private(set) var questions: [PermissionQuestion] = []

    init(answer: Bool) {
        self.answer = answer
    }

    func decide(_ question: PermissionQuestion) async -> Bool {
        questions.append(question)
        return answer
    }
}

/// Permission requests from a real page on a loopback origin.
final class PermissionGuardTests: GTKTestCase {
    private static let notificationScript = "return await Notification.requestPermission();"
    private static let geolocationScript = """
        return await new Promise(resolve => navigator.geolocation.getCurrentPosition(
            () => resolve('position'), error => resolve('error ' + error.code), {timeout: 2000}));
        """

    /// A context of its own that keeps data (in a temporary directory): WebKit denies
    /// notifications in ephemeral contexts without asking.
    @MainActor
    static func freshContext() -> WebContext {
        let directory = TestDirectory()
        let context = WebContext(dataDirectory: directory.url.path + "/data", cacheDirectory: directory.url.path + "/cache")
        keptDirectories.append(directory)
        return context
    }

    @MainActor private static var keptDirectories: [TestDirectory] = []

    override func tearDown() {
        MainActor.assumeIsolated { Self.keptDirectories.removeAll() }
        super.tearDown()
    }

    /// A new view of a fresh context, its permission requests guarded by `prompter` and
    /// `store`, showing the server's asking page; keep the guard as long as the view.
    @MainActor
    private static func guardedView(showing server: LoopbackServer, prompter: PermissionPrompter,
                                    store: PermissionStore = PermissionStore()) async throws -> (TestWindow, PermissionGuard) {
        let host = TestWindow(view: WebView(context: freshContext()))
        let guardian = PermissionGuard(view: host.view, prompter: prompter, store: store)
        host.view.load(uri: server.url("/page.html"))
        try await host.waitForLoad()
        return (host, guardian)
    }

    /// Serves the asking page and shows it in a guarded view (`guardedView`); calls `body`
    /// with the server and the view, then closes both.
    @MainActor
    private static func withAskingPage(prompter: PermissionPrompter, store: PermissionStore = PermissionStore(),
                                       _ body: @MainActor (LoopbackServer, TestWindow) async throws -> Void) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        server.page("/page.html", "<title>asks</title>")
        let (host, guardian) = try await guardedView(showing: server, prompter: prompter, store: store)
        defer {
            withExtendedLifetime(guardian) {}
            host.close()
        }
        try await body(server, host)
    }

    func testDeclinedPromptDeniesAndIsAskedOncePerOrigin() {
        gtkTest {
            let prompter = RecordingPermissionPrompter(answer: false)
            try await Self.withAskingPage(prompter: prompter) { server, host in
                let first = try await host.view.evaluateAsync(Self.geolocationScript, as: String.self)
                XCTAssertEqual(first, "error 1", "PERMISSION_DENIED")
                let notification = try await host.view.evaluateAsync(Self.notificationScript, as: String.self)
                XCTAssertEqual(notification, "denied")
                // A new document of the same origin: the session's answer is reused, not asked again.
                host.view.reload()
                try await host.waitForLoad()
                let again = try await host.view.evaluateAsync(Self.geolocationScript, as: String.self)
                XCTAssertEqual(again, "error 1")
                let origin = Origin(uri: server.origin)!
                XCTAssertEqual(prompter.questions, [PermissionQuestion(origin: origin, kind: .geolocation),
                                                    PermissionQuestion(origin: origin, kind: .notifications)])
            }
        }
    }

    func testAcceptedPromptAllows() {
        gtkTest {
            let prompter = RecordingPermissionPrompter(answer: true)
            try await Self.withAskingPage(prompter: prompter) { _, host in
                let notification = try await host.view.evaluateAsync(Self.notificationScript, as: String.self)
                XCTAssertEqual(notification, "granted")
                let position = try await host.view.evaluateAsync(Self.geolocationScript, as: String.self)
                XCTAssertNotEqual(position, "error 1", "allowed: no position source here, but not PERMISSION_DENIED")
                XCTAssertEqual(prompter.questions.map(\.kind), [.notifications, .geolocation])
            }
        }
    }

    /// Asked with the location: WebKit's web process keeps a notification grant as
    /// `Notification.permission`, which `requestPermission()` now answers with (issue 26, 10),
    /// so forgetting the session's answers reaches only kinds WebKit asks about each document.
    func testAnswersAreRememberedAcrossViewsSharingAStore() {
        gtkTest {
            let store = PermissionStore()
            let prompter = RecordingPermissionPrompter(answer: true)
            try await Self.withAskingPage(prompter: prompter, store: store) { server, host in
                let granted = try await host.view.evaluateAsync(Self.geolocationScript, as: String.self)
                XCTAssertNotEqual(granted, "error 1")
                prompter.answer = false
                let (second, secondGuard) = try await Self.guardedView(showing: server, prompter: prompter, store: store)
                let remembered = try await second.view.evaluateAsync(Self.geolocationScript, as: String.self)
                XCTAssertNotEqual(remembered, "error 1")
                XCTAssertEqual(prompter.questions.count, 1)
                store.forgetAll()
                second.view.reload()
                try await second.waitForLoad()
                let askedAgain = try await second.view.evaluateAsync(Self.geolocationScript, as: String.self)
                XCTAssertEqual(askedAgain, "error 1")
                XCTAssertEqual(prompter.questions.count, 2)
                _ = secondGuard
                second.close()
            }
        }
    }

    /// Issue 22 (item 6): WebKit's clipboard request is asked like any other, not denied
    /// unasked; allowed, the page reads what the clipboard holds, declined it gets NotAllowedError.
    func testReadingTheClipboardAsksAndReturnsTheTextWhenAllowed() {
        gtkTest {
            let prompter = RecordingPermissionPrompter(answer: true)
            try await Self.withAskingPage(prompter: prompter) { server, host in
                let text = "clipboard \(UUID().uuidString)"
                DisplayClipboard.general.setText(text)
                let readText = "try { return await navigator.clipboard.readText(); } catch (e) { return e.name; }"
                let read = try await host.view.evaluateAsync(readText, as: String.self)
                XCTAssertEqual(read, text)
                let origin = Origin(uri: server.origin)!
                XCTAssertEqual(prompter.questions, [PermissionQuestion(origin: origin, kind: .clipboard)])

                prompter.answer = false
                let (declining, secondGuard) = try await Self.guardedView(showing: server, prompter: prompter)
                let refused = try await declining.view.evaluateAsync(readText, as: String.self)
                XCTAssertEqual(refused, "NotAllowedError")
                XCTAssertEqual(prompter.questions.count, 2, "declined after asking, not unasked")
                _ = secondGuard
                declining.close()
            }
        }
    }

    func testGTKPromptNamesTheOriginAndAllowsOnAccept() {
        gtkTest {
            let prompter = GTKPermissionPrompter()
            try await Self.withAskingPage(prompter: prompter) { server, host in
                _ = try await host.view.evaluateJavaScript(
                    "Notification.requestPermission().then(answer => { window.answer = answer }); undefined")
                try await waitUntil("dialog shown") { prompter.visibleDialog != nil }
                let dialog = try XCTUnwrap(prompter.visibleDialog)
                XCTAssertTrue(dialog.isVisible)
                let message = dialog.heading
                XCTAssertTrue(message.contains(server.origin), message)
                XCTAssertTrue(message.contains("notifications"), message)
                dialog.respond(.accept)
                try await waitUntil("dialog gone") { prompter.visibleDialog == nil }
                var answer: String?
                for _ in 0..<200 where answer == nil {
                    if case .string(let value)? = try await host.view.evaluateJavaScript("window.answer ?? null") { answer = value }
                    try await Task.sleep(nanoseconds: 10_000_000)
                }
                XCTAssertEqual(answer, "granted")
            }
        }
    }
}

/// The session store on its own: one prompt per origin and kind, even for simultaneous requests.
final class PermissionStoreTests: GTKTestCase {
    @MainActor
    private final class SlowPrompter: PermissionPrompter {
        private(set) var asked: [PermissionQuestion] = []
        func decide(_ question: PermissionQuestion) async -> Bool {
            asked.append(question)
            try? await Task.sleep(nanoseconds: 50_000_000)
            return question.kind == .geolocation
        }
    }

    func testSimultaneousAndRepeatedQuestionsShareOneAnswer() {
        gtkTest {
            let store = PermissionStore()
            let prompter = SlowPrompter()
            let site = Origin(scheme: "https", host: "example.com")
            let other = Origin(scheme: "https", host: "other.example")
            let location = PermissionQuestion(origin: site, kind: .geolocation)
            async let first = store.answer(location, asking: prompter)
            async let second = store.answer(location, asking: prompter)
            let answers = await [first, second]
            XCTAssertEqual(answers, [true, true])
            let camera = await store.answer(PermissionQuestion(origin: site, kind: .camera), asking: prompter)
            XCTAssertFalse(camera)
            let again = await store.answer(location, asking: prompter)
            XCTAssertTrue(again)
            _ = await store.answer(PermissionQuestion(origin: other, kind: .geolocation), asking: prompter)
            XCTAssertEqual(prompter.asked.map(\.origin), [site, site, other])
            XCTAssertEqual(prompter.asked.map(\.kind), [.geolocation, .camera, .geolocation])
        }
    }
}
