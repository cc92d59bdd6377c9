import Foundation
import WebBridge

/// The bridge's binary channel, served by the view as a real one serves it, and called as
/// the page client calls it.
extension FakeWebView {
    public func serveBinaryRequests(host: String, _ receive: @escaping @MainActor (any BinaryRequest) -> Void) -> BinaryRoute? {
        let token = Token()
        let baseURI = "fake-bridge://\(host)/"
        binaryRoute = (token, baseURI, receive)
        token.onDeinit = { [weak self, id = token.id] in
            MainActor.assumeIsolated { if self?.binaryRoute?.token.id == id { self?.binaryRoute = nil } }
        }
        return BinaryRoute(baseURI: baseURI, handle: token)
    }

    /// `await bridge.invokeBinary(name, data, meta)` in the page: the bytes and the meta's
    /// JSON to the binary handler `name`; throws the error the Promise rejects with.
    public func invokeBinary(_ name: String, _ data: Data, meta: (any Encodable)? = nil) async throws(BridgeError) -> BinaryAnswer {
        let query = try meta.map { meta throws(BridgeError) in try PageWire.json(of: meta) }
        return try await binaryCall("binary", name, body: data, query: query)
    }

    /// `await bridge.invokeBinary(name, request)` in the page: a JSON request alone, to a
    /// handler made with `BinaryHandler(_:request:timeout:_:)`; throws the error the Promise rejects with.
    public func invokeBinary(_ name: String, request: some Encodable) async throws(BridgeError) -> BinaryAnswer {
        try await binaryCall("request", name, body: Data(), query: try PageWire.json(of: request))
    }

    /// One request of the channel, its URI written as the page client writes it.
    private func binaryCall(_ kind: String, _ name: String, body: Data, query: String?) async throws(BridgeError) -> BinaryAnswer {
        guard let route = binaryRoute else { throw BridgeError(.handlerFailed, "this view has no binary channel") }
        let uri = route.baseURI + kind + "/" + Self.uriComponent(name) + (query.map { "?" + Self.uriComponent($0) } ?? "")
        let response = await FakeBinaryRequest(uri: uri, body: body).send(to: route.receive)
        guard (200...299).contains(response.status) else {
            throw PageWire.error(fromRejection: String(decoding: response.body, as: UTF8.self))
        }
        return response.contentType.hasPrefix("application/json")
            ? .json(String(decoding: response.body, as: UTF8.self)) : .bytes(response.body)
    }

    /// JavaScript's `encodeURIComponent`.
    private static func uriComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: uriComponentCharacters) ?? text
    }

    private static let uriComponentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
}
