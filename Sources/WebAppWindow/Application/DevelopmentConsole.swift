import FoundationEssentials
import Glibc
import WebBridge
import WebKitGTK

/// In development mode, a window's page's console messages and uncaught errors (and
/// unhandled rejections) on standard error, one line each, with where they came from:
/// `notes-app: page console.log app://localhost/notes.js:12:5: hello`.
///
/// Everything in the line but the program's name and `page` comes from the page, so all of
/// it is escaped (`TerminalText`): a message cannot drive the terminal, and each stays one
/// line that starts `notes-app: page `, never posing as the app's own.
///
/// dev-console.js beside this file wraps the console and listens for errors in the main
/// frame, and posts each message to a handler on the window's bridge, so it travels the
/// bridge's route under its caller checks (only pages the bridge trusts print).
@MainActor
enum DevelopmentConsole {
    static let handlerName = BridgeContract.internalPrefix + "console"

    /// One message, as dev-console.js posts it.
    struct Message: Decodable {
        /// `log`, `info`, `warn`, `error`, `debug`, or `uncaught` for an error nobody caught.
        let level: String
        let text: String
        let source: String
        let line: Int
        let column: Int

        /// The line printed for it, the page's parts escaped.
        var printed: String {
            let kind = level == "uncaught" ? "uncaught error" : "console.\(level)"
            let place = source.isEmpty ? "(unknown source)" : "\(source):\(line):\(column)"
            return "page " + TerminalText.escaped("\(kind) \(place): \(text)")
        }
    }

    /// dev-console.js's parameters.
    private struct Settings: Encodable {
        var handlerName: String
    }

    /// dev-console.js, called with the handler's name.
    static let source = JavaScriptLiteral.call(EmbeddedJavaScript.devConsole,
                                               // Encoding a string cannot fail.
                                               try! JavaScriptLiteral.encode(Settings(handlerName: handlerName)))

    /// Adds the handler to `bridge` and the script to its view's pages; each message goes to
    /// `print` (standard error, prefixed with the program's name, by default).
    static func install(on bridge: WebViewBridge, in content: UserContentManager,
                        print: @escaping @MainActor (String) -> Void = Self.printToStandardError) {
        bridge.add(Handler.message(handlerName, as: Message.self) { print($0.printed) })
        content.add(UserScript(source: source, injectionTime: .documentStart, frames: .mainFrameOnly))
    }

    static func printToStandardError(_ line: String) {
        let program = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "app"
        let text = "\(program): \(line)\n"
        _ = write(STDERR_FILENO, text, text.utf8.count)
    }
}
