import FoundationEssentials
import WebBridge
import WebKitGTK

/// A request to the view's bridge scheme as the bridge's binary channel takes it.
extension ViewSchemeRequest: BinaryRequest {
    public func readBody(limit: Int) async throws(BridgeError) -> Data {
        do {
            return try await body(limit: limit)
        } catch is BodyTooLarge {
            throw BridgeError(.payloadTooLarge, "the body is over the limit of \(limit) bytes")
        } catch {
            throw BridgeError(.handlerFailed, "the request body could not be read: \(error)")
        }
    }
}
