import CWebKitGTKHelpers
import GtkWidgets
import TestHelpers
import WebKitGTK
import XCTest

/// A closed window lets go of everything it was made with, down to the GObjects: the
/// `GtkWindow`, the `WebKitWebView` and, for a view with a context of its own, the
/// `WebKitWebContext` (and WebKitGTK 6.0's `WebKitNetworkSession`), whose web processes then
/// end. The Swift wrappers' and closures' counts (`LifetimeTests`, `AppWindowTests`) do not
/// prove it: GTK 4 disposes a window's children only when asked (`Window.destroyToplevel`),
/// and a reference held in C outlives every Swift object. A web process that stays after the
/// shared context's windows close on WebKitGTK 6.0 is WebKit's process cache, not a view kept
/// alive (docs/platform-notes.md, "Web processes after the last view").
final class ClosedWindowTests: GTKTestCase {
    func testAClosedWindowFreesItsWindowAndView() {
        gtkTest { @MainActor in
            var window: FinalizationWitness?
            var view: FinalizationWitness?
            do {
                let host = TestWindow()
                try await host.loadHTML("<p>page</p>")
                window = FinalizationWitness(host.window.widget)
                view = FinalizationWitness(host.view.reference.pointer)
                host.close()
            }
            // Script in flight when the window closed holds the view until WebKit answers it.
            try? await waitUntil(timeout: 5, "window and view finalized") { window?.isAlive == false && view?.isAlive == false }
            XCTAssertEqual(window?.isAlive, false, "the GtkWindow outlived its close")
            XCTAssertEqual(view?.isAlive, false, "the WebKitWebView outlived its window")
        }
    }

    func testAClosedViewsOwnContextEndsWithItsWebProcesses() {
        gtkTest(timeout: 60) { @MainActor in
            let before = WebProcesses.children()
            var objects: [String: FinalizationWitness] = [:]
            do {
                let host = TestWindow(view: WebView(context: .ephemeral()))
                try await host.loadHTML("<p>page</p>")
                XCTAssertFalse(WebProcesses.children().subtracting(before).isEmpty, "the view's context started no web process")
                objects["GtkWindow"] = FinalizationWitness(host.window.widget)
                objects["WebKitWebView"] = FinalizationWitness(host.view.reference.pointer)
                objects["WebKitWebContext"] = FinalizationWitness(host.view.context.reference.pointer)
                #if GTK4
                objects["WebKitNetworkSession"] = FinalizationWitness(host.view.context.session.pointer)
                #endif
                host.close()
            }
            try? await waitUntil(timeout: 5, "the window's objects finalized") { objects.values.allSatisfy { !$0.isAlive } }
            for (type, object) in objects.sorted(by: { $0.key < $1.key }) {
                XCTAssertFalse(object.isAlive, "the \(type) outlived its window")
            }
            try? await waitUntil(timeout: 10, "the context's web processes ended") { WebProcesses.children().subtracting(before).isEmpty }
            XCTAssertEqual(WebProcesses.children().subtracting(before), [], "web processes of a finalized context still run")
        }
    }
}

/// Whether a GObject has been finalized, told by data attached to it whose destroy-notify
/// GLib runs from `g_object_finalize`. A `GWeakRef` or `g_object_weak_ref` would not do:
/// GLib clears them at dispose (`g_object_run_dispose`, which GTK 3's destroy and
/// `Window.destroyToplevel` call), while a reference still held keeps the object alive.
private final class FinalizationWitness {
    private final class Flag { var isSet = false }
    private let finalized = Flag()

    /// Watches `object`; one witness per object (a second would replace the first's data).
    init<Object>(_ object: UnsafeMutablePointer<Object>) {
        g_object_set_data_full(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self), "closed-window-tests-witness",
                               Unmanaged.passRetained(finalized).toOpaque()) { flag in
            Unmanaged<Flag>.fromOpaque(flag!).takeRetainedValue().isSet = true
        }
    }

    /// False once GLib has finalized the object.
    var isAlive: Bool { !finalized.isSet }
}
