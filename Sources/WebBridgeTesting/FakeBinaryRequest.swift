import Foundation
import WebBridge

/// One request of the bridge's binary channel as a page makes it: a URI, a body, and the
/// one answer the bridge gives it.
@MainActor
final class FakeBinaryRequest: BinaryRequest {
    /// An answer as the page's `fetch` sees it.
    struct Response {
        let status: Int
        let contentType: String
        let body: Data
    }

    let uri: String
    private let body: Data
    private var waiter: CheckedContinuation<Response, Never>?

    init(uri: String, body: Data) {
        self.uri = uri
        self.body = body
    }

    /// The limit is checked as the real view's transports check it.
    func readBody(limit: Int) async throws(BridgeError) -> Data {
        guard body.count <= limit else { throw BridgeError(.payloadTooLarge, "the body is over the limit of \(limit) bytes") }
        return body
    }

    func respond(status: Int, contentType: String, body: Data) {
        waiter?.resume(returning: Response(status: status, contentType: contentType, body: body))
        waiter = nil
    }

    /// Hands the request to `receive` and waits for its answer.
    func send(to receive: @MainActor (any BinaryRequest) -> Void) async -> Response {
        await withCheckedContinuation { waiter in
            self.waiter = waiter
            receive(self)
        }
    }
}
