extension BridgeContract {
    /// The contract as a TypeScript declaration file: the types; one map per way in —
    /// `<name>Handlers` (`invoke`, `post`), `<name>BinaryHandlers` (`invokeBinary`),
    /// `<name>Streams` (`stream`), `<name>Events` (`on`, `off`); `<name>Bridge`, whose methods
    /// take exactly those names (any other fails tsc with "Unknown handler: NAME" and the
    /// like) and type each payload and answer by its name; and `<name>MessageHandlers` for
    /// WKWebView-style pages.
    ///
    /// `generator` is what the first line says wrote it (the command that writes it again),
    /// so a page author knows where to regenerate it.
    public func typeScript(generatedBy generator: String) throws -> String {
        let describer = TypeDescriber()
        var maps: [Entry.Kind: [String]] = [:]
        var messageHandlers: [String] = []
        var seen: Set<String> = []
        for entry in entries {
            // Events and calls are looked up apart; the three kinds of call share the bridge's names.
            guard seen.insert("\(entry.kind == .event ? "event" : "call") \(entry.name)").inserted else {
                throw ContractError.duplicate(entry.name)
            }
            let (payload, answer) = try entry.types(describer)
            let comment = entry.summary.map { "  /** \($0) */\n" } ?? ""
            let key = TypeScriptName.property(entry.name)
            // A page may leave out a payload the handler reads as null.
            let optional = payload == .null || payload.admitsNull
            let argument = { (label: String) in "[\(label)\(optional ? "?" : ""): \(payload.source(indent: "  "))]" }
            let member: String
            switch entry.kind {
            case .handler:
                member = "{ payload: \(argument("payload")); answer: \(answer.source(indent: "  ")) }"
                messageHandlers.append(comment + "  readonly \(key): { postMessage(message: \(payload.source(indent: "  "))): Promise<\(answer.source(indent: "  "))> };\n")
            case .binary where entry.sendsBytes:
                member = "{ data: ArrayBuffer | ArrayBufferView | Blob | null; meta: \(argument("meta")); answer: \(answer.source(indent: "  ")) }"
            case .binary:
                member = "{ data: \(payload.source(indent: "  ")); meta: []; answer: \(answer.source(indent: "  ")) }"
            case .stream:
                member = "{ payload: \(argument("payload")); chunk: \(answer.source(indent: "  ")) }"
            case .event:
                member = payload.source(indent: "  ")
            }
            maps[entry.kind, default: []].append(comment + "  \(key): \(member);\n")
        }
        let known = "\(name)Known"
        let handlers = "\(name)Handlers", binary = "\(name)BinaryHandlers", streams = "\(name)Streams", events = "\(name)Events"
        /// `Map[Name][field]` for a listed name, else `otherwise`.
        func lookUp(_ map: String, _ field: String?, otherwise: String) -> String {
            "Name extends keyof \(map) ? \(map)[Name]\(field.map { "[\"\($0)\"]" } ?? "") : \(otherwise)"
        }
        func map(_ kind: Entry.Kind, _ name: String, _ documentation: String) -> String {
            "/** \(documentation) */\nexport interface \(name) {\n" + (maps[kind] ?? []).joined() + "}\n"
        }
        // Lines of TypeScript, not a multi-line literal: declaration text, never injected script.
        return [
            "// Generated from the Swift contract \"\(name)\" by \(generator): do not edit.",
            "// A page types `window.bridge` with it (JSDoc in a script; a global of its own",
            "// named `bridge` also works: it shadows window.bridge, and window.webkit.bridge stays):",
            "//   /** @type {import(\"./contract\").\(name)Bridge} */ const \(name.lowercased()) = window.bridge;",
            "",
            try describer.finish().map(\.source).joined(separator: "\n"),
            map(.handler, handlers, "What each handler takes (`invoke`, `post`) and answers."),
            map(.binary, binary, "What each binary handler takes (`invokeBinary`: bytes and meta, or a JSON request) and answers."),
            map(.stream, streams, "What each stream takes (`stream`) and the chunks it yields."),
            map(.event, events, "The payload of each event (`on`, `off`)."),
            "/** A name `Map` lists, else a string no name is: tsc then says \"Unknown handler: NAME\". */",
            "type \(known)<Map, Name extends string, What extends string> = Name extends keyof Map ? Name : `Unknown ${What}: ${Name}`;",
            "",
            "/** `window.bridge` with the handlers, binary handlers, streams and events of \"\(name)\". */",
            "export interface \(name)Bridge {",
            "  invoke<Name extends string>(name: \(known)<\(handlers), Name, \"handler\">, ...payload: \(lookUp(handlers, "payload", otherwise: "[payload?: never]"))): Promise<\(lookUp(handlers, "answer", otherwise: "unknown"))>;",
            "  post<Name extends string>(name: \(known)<\(handlers), Name, \"handler\">, ...payload: \(lookUp(handlers, "payload", otherwise: "[payload?: never]"))): void;",
            "  invokeBinary<Name extends string>(name: \(known)<\(binary), Name, \"binary handler\">, data: \(lookUp(binary, "data", otherwise: "never")), ...meta: \(lookUp(binary, "meta", otherwise: "[meta?: never]"))): Promise<\(lookUp(binary, "answer", otherwise: "unknown"))>;",
            "  stream<Name extends string>(name: \(known)<\(streams), Name, \"stream\">, ...payload: \(lookUp(streams, "payload", otherwise: "[payload?: never]"))): AsyncIterableIterator<\(lookUp(streams, "chunk", otherwise: "unknown"))>;",
            "  on<Name extends string>(event: \(known)<\(events), Name, \"event\">, listener: (payload: \(lookUp(events, nil, otherwise: "never"))) => void): void;",
            "  off<Name extends string>(event: \(known)<\(events), Name, \"event\">, listener: (payload: \(lookUp(events, nil, otherwise: "never"))) => void): void;",
            "}",
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
