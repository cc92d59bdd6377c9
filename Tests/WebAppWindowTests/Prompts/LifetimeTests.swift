import CWebKitGTKHelpers
import TestHelpers
import WebAppWindow
import WebKitGTK
import XCTest

final class LifetimeTests: GTKTestCase {
    func testDeallocatedWebViewLeavesNoSignalConnectionBehind() {
        gtkTest {
            // The process's first page connects what lives as long as the process (its
            // context's signals): one loaded and gone before the count, whatever ran before.
            let first = TestWindow()
            try await first.loadHTML("<title>first</title>")
            first.close()
            drainPendingEvents()
            let baseline = SignalConnection.liveClosureCount
            var widget: UnsafeMutableRawPointer?
            weak var weakView: WebView?
            do {
                let host = TestWindow()
                host.view.scriptDialogPresenter = GTKScriptDialogPresenter(parent: host.window)
                widget = UnsafeMutableRawPointer(host.view.reference.pointer)
                g_object_ref(widget)
                XCTAssertTrue(Self.hasHandlers(widget!, "load-changed"))
                XCTAssertTrue(Self.hasHandlers(widget!, "script-dialog"))
                try await host.loadHTML("<title>gone soon</title>")
                XCTAssertGreaterThan(SignalConnection.liveClosureCount, baseline)
                weakView = host.view
                host.close()
            }
            drainPendingEvents()
            XCTAssertNil(weakView, "the WebView outlived its owners")
            XCTAssertEqual(SignalConnection.liveClosureCount, baseline)
            for signal in ["load-changed", "load-failed", "notify", "script-dialog", "close", "web-process-terminated"] {
                XCTAssertFalse(Self.hasHandlers(widget!, signal), "a '\(signal)' handler is still connected")
            }
            g_object_unref(widget)
        }
    }

    /// Whether any handler (blocked or not) is connected to `signal` on `instance`.
    static func hasHandlers(_ instance: UnsafeMutableRawPointer, _ signal: String) -> Bool {
        let type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        let id = g_signal_lookup(signal, type)
        return id != 0 && g_signal_has_handler_pending(instance, id, 0, 0) != 0
    }
}
