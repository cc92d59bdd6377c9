import FoundationEssentials
import WebBridge
import WebKitGTK

/// A request through the web process extension as the bridge's binary channel takes it.
extension WebProcessBinaryRequest: BinaryRequest {
    public func readBody(limit: Int) async throws(BridgeError) -> Data {
        guard bodySize <= limit else {
            throw BridgeError(.payloadTooLarge, "the body is over the limit of \(limit) bytes")
        }
        return body()
    }
}
