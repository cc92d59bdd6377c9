/// What an app's pages may ask of it and will hear from it, described once in Swift: its
/// handlers' request and response types, its binary handlers and streams, and its events'
/// payload types, from which `typeScript()` writes the pages' declaration file.
///
/// ```swift
/// let contract = BridgeContract("App", [
///     .invoke("geocodeAddress", Address.self, Place.self),
///     .binary("saveThumbnail", meta: ThumbnailName.self, answer: SavedFile.self),
///     .stream("tail", TailRequest.self, chunks: LogLine.self),
///     .event(StateEvent.self),
/// ])
/// ```
///
/// The types are read from their `Codable` conformance (see `TypeDescriber`), so the
/// declarations change when the Swift types do.
public struct BridgeContract {
    /// The prefix of the generated interfaces: `<name>Bridge`, `<name>MessageHandlers`.
    public var name: String
    /// The handlers and events, in the order the generated file lists them.
    public var entries: [Entry]

    /// What the names of the library's own handlers start with (`webviewhost.closeWindow`):
    /// no contract lists them, as no page script calls them.
    public static let internalPrefix = "webviewhost."

    /// A contract named `name` (the generated interfaces' prefix) with these entries.
    public init(_ name: String, _ entries: [Entry]) {
        self.name = name
        self.entries = entries
    }

    /// The names of its handlers, binary handlers and streams, sorted as
    /// `WebViewBridge.contractNames` lists the ones added.
    public var handlerNames: [String] {
        entries.filter { $0.kind != .event }.map(\.name).sorted()
    }

    /// One handler or event of the contract.
    public struct Entry {
        /// How the page reaches the entry, which decides the overloads generated.
        public enum Kind: Sendable {
            /// A handler: the page calls it with `invoke` or `post`.
            case handler
            /// A binary handler (`BinaryHandler`): the page calls it with `invokeBinary`.
            case binary
            /// A stream handler (`StreamHandler`): the page iterates `stream(name, payload)`.
            case stream
            /// An event: the page listens with `on` and `off`.
            case event
        }
        /// Whether this entry is a handler, a binary handler, a stream or an event.
        public let kind: Kind
        /// The handler's or event's name, as the page spells it.
        public let name: String
        /// A sentence for the generated doc comment.
        public let summary: String?
        /// For a binary handler: whether the page sends bytes (with `meta` beside them) or a
        /// JSON request alone.
        let sendsBytes: Bool
        /// The payload type (a binary handler's meta or request; a stream's request), and
        /// the answer (a stream's chunks).
        let types: (TypeDescriber) throws -> (payload: TypeScriptType, answer: TypeScriptType)

        init(kind: Kind, name: String, summary: String?, sendsBytes: Bool = false,
             types: @escaping (TypeDescriber) throws -> (payload: TypeScriptType, answer: TypeScriptType)) {
            self.kind = kind
            self.name = name
            self.summary = summary
            self.sendsBytes = sendsBytes
            self.types = types
        }
    }
}

extension TypeScriptType {
    /// What bytes are on the page: an `ArrayBuffer`.
    static let bytes = TypeScriptType.reference("ArrayBuffer")
}
