extension BridgeContract {
    /// The contract as a TypeScript declaration file: the types, `<name>Bridge` with an
    /// `invoke` and `post` overload per handler and `on`/`off` per event, and
    /// `<name>MessageHandlers` for WKWebView-style pages.
    public func typeScript() throws -> String {
        let describer = TypeDescriber()
        var bridge: [String] = []
        var messageHandlers: [String] = []
        var seen: Set<String> = []
        for entry in entries {
            guard seen.insert("\(entry.kind) \(entry.name)").inserted else { throw ContractError.duplicate(entry.name) }
            let (payload, answer) = try entry.types(describer)
            let name = JavaScriptLiteral.string(entry.name)
            let comment = entry.summary.map { "  /** \($0) */\n" } ?? ""
            switch entry.kind {
            case .handler:
                // A page may leave out a payload the handler reads as null.
                let parameter = (payload == .null || payload.admitsNull ? "payload?: " : "payload: ") + payload.source(indent: "  ")
                bridge.append(comment + "  invoke(name: \(name), \(parameter)): Promise<\(answer.source(indent: "  "))>;\n")
                bridge.append("  post(name: \(name), \(parameter)): void;\n")
                messageHandlers.append(comment + "  readonly \(TypeScriptName.property(entry.name)): { postMessage(message: \(payload.source(indent: "  "))): Promise<\(answer.source(indent: "  "))> };\n")
            case .event:
                let listener = "listener: (payload: \(payload.source(indent: "  "))) => void"
                bridge.append(comment + "  on(event: \(name), \(listener)): void;\n")
                bridge.append("  off(event: \(name), \(listener)): void;\n")
            }
        }
        // Lines of TypeScript, not a multi-line literal: declaration text, never injected script.
        return [
            "// Generated from the Swift contract \"\(name)\" by `swift run webview-contract`: do not edit.",
            "// A page types `window.bridge` with it (JSDoc in a script; a global of its own",
            "// named `bridge` also works: it shadows window.bridge, and window.webkit.bridge stays):",
            "//   /** @type {import(\"./contract\").\(name)Bridge} */ const \(name.lowercased()) = window.bridge;",
            "",
            try describer.finish().map(\.source).joined(separator: "\n"),
            "/** `window.bridge` with the handlers and events of \"\(name)\". */",
            "export interface \(name)Bridge {",
            bridge.joined() + "}",
            "",
            "/** `window.webkit.messageHandlers` with the handlers of \"\(name)\", for WKWebView-style pages. */",
            "export type \(name)MessageHandlers = {",
            messageHandlers.joined() + "};",
            "",
        ].joined(separator: "\n")
    }
}

extension TypeScriptType {
    /// Whether null is one of the values.
    var admitsNull: Bool {
        if case .union(let members) = self { members.contains(.null) } else { self == .null }
    }
}
