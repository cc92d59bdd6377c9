import FoundationEssentials
import GLibCore

/// Receiving: any number of consumers, each by callback or async stream, so a relay can
/// fan one connection out to several pages while the app reads the same feed.
extension WebSocketClient {
    /// Calls `observer` with every message received from now on, until the observation is dropped.
    public func observeMessages(_ observer: @escaping @MainActor (WebSocketMessage) -> Void) -> Observation {
        messageObservers.add(observer)
    }

    /// Calls `observer` with every state change from now on, until the observation is dropped.
    public func observeState(_ observer: @escaping @MainActor (WebSocketState) -> Void) -> Observation {
        stateObservers.add(observer)
    }

    /// Calls `observer` with every message decoded as `Model`; a message that does not decode
    /// arrives as a `decodingFailed` failure and the next one is decoded as usual.
    public func observeDecoded<Model: Decodable>(
        _ type: Model.Type, decoder: JSONDecoder = JSONDecoder(),
        _ observer: @escaping @MainActor (Result<Model, WebSocketError>) -> Void
    ) -> Observation {
        observeMessages { message in
            do {
                observer(.success(try decoder.decode(Model.self, from: message.data)))
            } catch {
                observer(.failure(.decodingFailed(message: message, reason: "\(error)")))
            }
        }
    }

    /// Every message received from now on; ends when iteration stops.
    public var messages: AsyncStream<WebSocketMessage> {
        stream { observeMessages($0) }
    }

    /// The current state, then every change; ends when iteration stops.
    public var states: AsyncStream<WebSocketState> {
        let current = state
        return stream { yield in
            yield(current)
            return observeState(yield)
        }
    }

    /// Every message from now on decoded as `Model`, failures included as elements.
    public func decoded<Model: Decodable & Sendable>(
        _ type: Model.Type, decoder: JSONDecoder = JSONDecoder()
    ) -> AsyncStream<Result<Model, WebSocketError>> {
        stream { observeDecoded(type, decoder: decoder, $0) }
    }

    private func stream<Element: Sendable>(
        _ observe: (@escaping @MainActor (Element) -> Void) -> Observation
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let observation = observe { continuation.yield($0) }
        continuation.onTermination = { _ in Task { @MainActor in observation.cancel() } }
        return stream
    }
}
