import CWebKitGTKHelpers
import GLibCore
import ScriptMessaging

/// The scripts, style sheets and message handlers a web view's pages get.
///
/// Message handlers are always registered reply-capable, so a page's
/// `await window.webkit.messageHandlers.NAME.postMessage(x)` settles with what
/// the handler answers through its `MessageReply`.
@MainActor
public final class UserContentManager {
    /// What receives a page's message: its body and the reply the page's Promise waits on,
    /// to be answered once, now or later.
    public typealias MessageHandler = @MainActor (MessageBody, MessageReply) -> Void

    package let reference: ObjectReference<WebKitUserContentManager>
    private var handlers: [HandlerKey: SignalConnection] = [:]

    private struct HandlerKey: Hashable {
        let name: String
        let world: String?
    }

    /// An empty manager, for one `WebView`: the view adds its own frame witness to it.
    public init() {
        reference = ObjectReference(adopting: webkit_user_content_manager_new())
    }

    /// Adds a script for pages loaded from now on; keep the result to remove it later.
    @discardableResult
    public func add(_ script: UserScript) -> InstalledUserScript {
        let webkitScript = script.makeWebKitScript()
        webkit_user_content_manager_add_script(reference.pointer, webkitScript)
        return InstalledUserScript(adopting: webkitScript)
    }

    /// Removes one script added with `add(_:)`; pages loaded from now on no longer get it.
    public func remove(_ script: InstalledUserScript) {
        webkit_user_content_manager_remove_script(reference.pointer, script.pointer)
    }

    /// Adds CSS to the pages. Unlike a script it returns no handle: `removeAllStyleSheets()`
    /// is the only way to take it out again.
    public func add(_ styleSheet: UserStyleSheet) {
        let sheet = styleSheet.makeWebKitStyleSheet()
        defer { webkit_user_style_sheet_unref(sheet) }
        webkit_user_content_manager_add_style_sheet(reference.pointer, sheet)
    }

    /// Removes every user script, the library's own included (the frame witness, a bridge's
    /// page client): pages loaded afterwards get none. To take out one script, use `remove(_:)`.
    public func removeAllScripts() {
        webkit_user_content_manager_remove_all_scripts(reference.pointer)
    }

    /// Removes every style sheet added with `add(_:)`.
    public func removeAllStyleSheets() {
        webkit_user_content_manager_remove_all_style_sheets(reference.pointer)
    }

    /// Makes `window.webkit.messageHandlers[name]` exist in `world` (nil: the page's own
    /// world) and routes its messages to `handler`. Replaces any handler of that name there.
    ///
    /// The handler must answer `reply` (now or later); an unanswered reply rejects the
    /// page's Promise when it is dropped.
    public func addMessageHandler(name: String, world: String? = nil, _ handler: @escaping MessageHandler) {
        addChannelMessageHandler(name: name, world: world) { message, channel in handler(message, MessageReply(channel)) }
    }

    /// `addMessageHandler(name:world:_:)` for a handler that wraps WebKit's reply itself
    /// (the bridge, in its `BridgeReply`): `handler` must answer the channel or hand it to a
    /// `MessageReply`.
    package func addChannelMessageHandler(name: String, world: String?,
                                          _ handler: @escaping @MainActor (MessageBody, ScriptMessageChannel) -> Void) {
        removeMessageHandler(name: name, world: world)
        let registered = webkit_user_content_manager_register_script_message_handler_with_reply(
            reference.pointer, name, world)
        precondition(registered != 0, "could not register script message handler '\(name)'")
        handlers[HandlerKey(name: name, world: world)] = Signals.connect(
            reference.raw, "script-message-with-reply-received::\(name)"
        ) { (value: Signals.Pointer, reply: Signals.Pointer) -> Bool in
            let jsValue = value!.assumingMemoryBound(to: JSCValue.self)
            let message = MessageBody(jsValue)
            handler(message, ScriptMessageChannel(retaining: OpaquePointer(reply!), context: jsc_value_get_context(jsValue)))
            return true
        }
    }

    /// Removes a handler; `window.webkit.messageHandlers[name]` disappears for new pages.
    public func removeMessageHandler(name: String, world: String? = nil) {
        guard let connection = handlers.removeValue(forKey: HandlerKey(name: name, world: world)) else { return }
        connection.disconnect()
        #if GTK4
        // WebKitGTK 6.0 names the world in one call (NULL: the page's).
        webkit_user_content_manager_unregister_script_message_handler(reference.pointer, name, world)
        #else
        if let world {
            webkit_user_content_manager_unregister_script_message_handler_in_world(reference.pointer, name, world)
        } else {
            webkit_user_content_manager_unregister_script_message_handler(reference.pointer, name)
        }
        #endif
    }

    /// The names of the handlers registered in `world`.
    public func messageHandlerNames(world: String? = nil) -> [String] {
        handlers.keys.filter { $0.world == world }.map(\.name).sorted()
    }

    isolated deinit {
        for key in handlers.keys {
            removeMessageHandler(name: key.name, world: key.world)
        }
    }
}
