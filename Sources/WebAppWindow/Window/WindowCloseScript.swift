import WebBridge
import WebKitGTK

/// Lets the app's pages close their window with `window.close()`, through the bridge.
///
/// WebKit ignores `window.close()` from a window the script did not open once it has
/// history, so a main-frame script in the page's world routes the call to a handler on the
/// window's bridge instead. That handler is the bridge's like any other: it lives in the
/// bridge's script world, is reached only through the relay of a trusted main frame, and
/// its caller policy is checked on every call. So only trusted pages close the window;
/// iframes and untrusted pages get nothing from this script, and no handler of the app
/// is visible in the page's world. Every other page (a popup among them) keeps WebKit's own
/// `window.close()`, reported on its own view.
@MainActor
enum WindowCloseScript {
    static let handlerName = "webviewhost.closeWindow"

    /// window-close.js's parameters.
    private struct Settings: Encodable {
        var handlerName: String
    }

    /// window-close.js beside this file, called with the handler's name.
    static let source = JavaScriptLiteral.call(EmbeddedJavaScript.windowClose,
                                               // Encoding a string cannot fail.
                                               try! JavaScriptLiteral.encode(Settings(handlerName: handlerName)))

    /// Adds the handler to `bridge` and the script to its view's pages; calls `onClose`
    /// when a trusted page asks to close (the window then asks the page's `beforeunload`).
    static func install(on bridge: WebViewBridge, in content: UserContentManager, onClose: @escaping @MainActor () -> Void) {
        bridge.add(Handler.action(handlerName) { onClose() })
        content.add(UserScript(source: source, injectionTime: .documentStart, frames: .mainFrameOnly))
    }
}
