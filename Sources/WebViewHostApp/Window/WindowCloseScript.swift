import WebKitGTK

/// Lets the app's pages close their window with `window.close()`.
///
/// WebKit ignores `window.close()` from a window the script did not open once it has
/// history, so a main-frame script routes the call to a message handler instead; iframes
/// keep WebKit's own behaviour.
@MainActor
enum WindowCloseScript {
    static let handlerName = "webviewhostClose"

    static let source = """
        (() => {
          const handler = window.webkit.messageHandlers.\(handlerName);
          Object.defineProperty(window, "close", {
            configurable: true, writable: true,
            value: function close() { handler.postMessage(null); }
          });
        })();
        """

    /// Installs the script and calls `onClose` when a page asks to close.
    static func install(in content: UserContentManager, onClose: @escaping @MainActor () -> Void) {
        content.addMessageHandler(name: handlerName) { _, reply in
            reply.resolve(json: "null")
            onClose()
        }
        content.add(UserScript(source: source, injectionTime: .documentStart, frames: .mainFrameOnly))
    }
}
