/// Starts the page client in a page of the bridge's own view that reads another page number
/// than the client was given.
///
/// The client serves only the pages of its view, told apart by the number WebKit's web process
/// extension gives each page (`BridgeWebView.pageIdentifier`): WebKit runs a popup's pages with
/// its opener's scripts. But WebKit moves a cross-origin isolated page
/// (`Cross-Origin-Opener-Policy: same-origin`) to a web process of its own, where the view's
/// page has a new number. There the client waits, and only its own view can start it: the
/// bridge runs this, with a code of 128 random bits the client was given, in the view's own
/// page; a popup, another view, never gets it.
enum ClientActivationScript {
    /// What the bridge's view runs in its page: client-activate.js beside this file.
    static func source(code: String) -> String {
        struct Activation: Encodable {
            var name: String
            var code: String
        }
        // Encoding two strings cannot fail.
        return JavaScriptLiteral.call(EmbeddedJavaScript.clientActivate,
                                      try! JavaScriptLiteral.encode(Activation(name: WireProtocol.activate, code: code)))
    }
}
