import FoundationEssentials

/// One request of the page client's binary channel, as the web view hands it over: a URI
/// under `BinaryRoute.baseURI` (see `BinaryChannel`) with a body of bytes, answered exactly
/// once, whichever transport carried it (the GTK view has two: its web process extension's
/// and, as a fallback, a `fetch` to its scheme).
@MainActor
public protocol BinaryRequest: AnyObject {
    /// The whole URI the page asked for.
    var uri: String { get }
    /// The request body; throws `payload-too-large` as soon as it is longer than `limit`.
    func readBody(limit: Int) async throws(BridgeError) -> Data
    /// Answers with a status and a body; the view hands it to the page without extra copies.
    func respond(status: Int, contentType: String, body: Data)
}

/// Where a view takes the binary channel's requests, and the handle that keeps it doing so.
public struct BinaryRoute {
    /// `scheme://host/`: every request of the channel starts with it.
    public let baseURI: String
    /// Keeps the view routing the channel's requests to the bridge; released, the route goes.
    public let handle: AnyObject

    /// A route as a view makes it, for the bridge to hand to its page client.
    public init(baseURI: String, handle: AnyObject) {
        self.baseURI = baseURI
        self.handle = handle
    }
}
