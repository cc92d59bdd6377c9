import Foundation
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

/// What an app declares for its own origin is the answer, with no prompt: a prompt would
/// leave the page's `requestPermission()` pending, and the bounded wait fail.
final class AppPermissionsTests: GTKTestCase {
    private static let page = "<title>Permissions</title><body>app page</body>"

    func testDeclaredNotificationsAreGrantedWithoutAPrompt() {
        gtkTest {
            let configuration = AppWindowConfiguration(appName: "Granted", permissions: AppPermissions(notifications: .granted))
            let app = try AppPageWindow(pages: ["index.html": Self.page], configuration: configuration)
            defer { app.close() }
            try await app.load("index.html")
            let answer = try await app.window.webView.callAsyncJavaScript("return await Notification.requestPermission()", as: String.self)
            XCTAssertEqual(answer, "granted")
        }
    }

    /// A page that checks `Notification.permission` before it notifies (most do) reads the
    /// declaration at once, with no `requestPermission()` first.
    func testDeclaredNotificationsReadAsTheirAnswerBeforeThePageAsks() {
        gtkTest {
            for (decision, expected) in [(AppPermissions.Decision.granted, "granted"), (.ask, "default")] {
                let configuration = AppWindowConfiguration(appName: "Declared", permissions: AppPermissions(notifications: decision))
                let app = try AppPageWindow(pages: ["index.html": Self.page], configuration: configuration)
                defer { app.close() }
                try await app.load("index.html")
                let permission = try await app.window.webView.callAsyncJavaScript("return Notification.permission", as: String.self)
                XCTAssertEqual(permission, expected, "declared \(decision)")
            }
        }
    }

    func testDeclaredDenialsAreDeniedWithoutAPrompt() {
        gtkTest {
            let configuration = AppWindowConfiguration(appName: "Denied",
                                                       permissions: AppPermissions(notifications: .denied, geolocation: .denied))
            let app = try AppPageWindow(pages: ["index.html": Self.page], configuration: configuration)
            defer { app.close() }
            try await app.load("index.html")
            let notifications = try await app.window.webView.callAsyncJavaScript("return await Notification.requestPermission()", as: String.self)
            XCTAssertEqual(notifications, "denied")
            let location = try await app.window.webView.callAsyncJavaScript("""
                return await new Promise(done => navigator.geolocation.getCurrentPosition(() => done('granted'), e => done('error ' + e.code)))
                """, as: String.self)
            XCTAssertEqual(location, "error 1", "PERMISSION_DENIED")
        }
    }

    /// Issue 26 (10): a page asking at load, with no click, read `Notification.permission`
    /// "granted" but got "denied" from `requestPermission()` (WebKit denies a request without
    /// a user gesture unasked). A decided permission is now the answer, through the promise
    /// and the callback alike.
    func testDeclaredNotificationsAreTheAnswerToARequestWithoutAGesture() {
        gtkTest {
            let configuration = AppWindowConfiguration(appName: "Granted", permissions: AppPermissions(notifications: .granted))
            let app = try AppPageWindow(pages: ["index.html": """
                <title>Notifies</title><script>
                window.read = Notification.permission;
                Notification.requestPermission().then(answer => { window.answer = answer; });
                Notification.requestPermission(answer => { window.called = answer; });
                </script>
                """], configuration: configuration)
            defer { app.close() }
            try await app.load("index.html")
            var seen: String?
            try await waitUntil("the page's answers") {
                Task { seen = try await app.window.webView.evaluateJavaScript("window.answer && window.called ? [read, answer, called].join() : null").flatMap { if case .string(let s) = $0 { s } else { nil } } }
                return seen != nil
            }
            XCTAssertEqual(seen, "granted,granted,granted")
        }
    }

    /// Declarations are for the app's own origin only: another page's question is not answered by them.
    func testDeclarationsCoverOnlyTheAppsOwnOrigin() {
        MainActor.assumeIsolated {
            let answers = AppPermissions(notifications: .granted, camera: .granted, microphone: .denied)
                .answers(for: WindowGuards.appOrigin)
            XCTAssertEqual(answers[PermissionQuestion(origin: WindowGuards.appOrigin, kind: .notifications)], true)
            XCTAssertEqual(answers[PermissionQuestion(origin: WindowGuards.appOrigin, kind: .camera)], true)
            XCTAssertEqual(answers[PermissionQuestion(origin: WindowGuards.appOrigin, kind: .cameraAndMicrophone)], false)
            XCTAssertNil(answers[PermissionQuestion(origin: WindowGuards.appOrigin, kind: .geolocation)], "asked")
            XCTAssertNil(answers[PermissionQuestion(origin: Origin(scheme: "https", host: "example.com"), kind: .notifications)])
        }
    }
}
