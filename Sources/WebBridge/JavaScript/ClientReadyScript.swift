/// Finds out whether the page client runs in the document now showing, before the first
/// event or page call that document gets.
///
/// A commit lets script into the new document, but WebKit injects document-start scripts
/// (the client among them) only when the parser makes the document's root element, which
/// under load comes tens of milliseconds later, or whenever the rest of a slow response
/// arrives: script sent at the commit would find no `window.bridge`. So this waits, in that
/// document, until the client has defined `window.bridge` (it dispatches `event` on `window`
/// then) and answers `true`; or answers `false` once the document has its root element or
/// its DOM without the client, which will then never come (a page the client's own check
/// refuses, a document WebKit injects no script into).
package enum ClientReadyScript {
    /// What the client dispatches on `window` once it has defined `window.bridge`.
    static let event = WireProtocol.readyEvent

    /// The body of an async function (see `BridgeWebView.runAsyncJavaScript`): client-ready.js
    /// beside this file, called with the wire protocol's names.
    package static let source = "return await " + JavaScriptLiteral.call(EmbeddedJavaScript.clientReady, WireProtocol.json)
}
