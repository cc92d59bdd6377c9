import Foundation

/// One request of the page client's binary channel, as the web view hands it over: a
/// `fetch` POST to `BinaryRoute.baseURI` (see `BinaryChannel`), answered exactly once.
@MainActor
public protocol BinaryRequest: AnyObject {
    /// The whole URI the page fetched.
    var uri: String { get }
    /// The request body; throws `payload-too-large` as soon as it is longer than `limit`.
    func readBody(limit: Int) async throws(BridgeError) -> Data
    /// Answers with a status and a body, which the view hands to the page without a copy.
    func respond(status: Int, contentType: String, body: Data)
}

/// Where a view takes the binary channel's requests, and the handle that keeps it doing so.
public struct BinaryRoute {
    /// `scheme://host/`: every request of the channel starts with it.
    public let baseURI: String
    public let handle: AnyObject

    public init(baseURI: String, handle: AnyObject) {
        self.baseURI = baseURI
        self.handle = handle
    }
}
