import CWebKitGTKHelpers
import WebBridge

/// The floor: an echo handler on WebKit's reply API with no Swift layer in the path —
/// a plain C-convention signal callback that turns the JSCValue into JSON and back.
enum FloorEcho {
    static let name = "floor"

    /// Saves the floor's handler before the bridge's client shadows `window.webkit.messageHandlers`,
    /// so the floor is called with nothing of the bridge in between: floor-capture.js beside this file.
    // Encoding a string cannot fail.
    static let captureScript = JavaScriptLiteral.call(EmbeddedJavaScript.floorCapture, try! JavaScriptLiteral.encode(["name": name]))

    @MainActor
    static func register(on manager: UnsafeMutablePointer<WebKitUserContentManager>) {
        let registered = webkit_user_content_manager_register_script_message_handler_with_reply(manager, name, nil)
        precondition(registered != 0, "could not register the floor handler")
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<JSCValue>?, OpaquePointer?,
                                      UnsafeMutableRawPointer?) -> gboolean = { _, value, reply, _ in
            let json = jsc_value_to_json(value, 0)
            let answer = jsc_value_new_from_json(jsc_value_get_context(value), json)
            webkit_script_message_reply_return_value(reply, answer)
            g_object_unref(answer)
            g_free(json)
            return 1
        }
        g_signal_connect_data(manager, "script-message-with-reply-received::\(name)",
                              unsafeBitCast(callback, to: GCallback.self), nil, nil, GConnectFlags(0))
    }
}
