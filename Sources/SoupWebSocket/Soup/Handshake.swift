import CGLib
import CSoup
import FoundationEssentials
import GLibCore

/// One opening handshake through libsoup, bounded by a timeout and cancellable by `close()`.
@MainActor
final class Handshake {
    private let cancellable = ObjectReference<GCancellable>(adopting: g_cancellable_new())
    private var timedOut = false

    /// Stops the handshake; `run` then throws `closedByClient`.
    func cancel() {
        g_cancellable_cancel(cancellable.pointer)
    }

    /// Connects and returns the open connection, or throws why it could not.
    func run(session: ObjectReference<SoupSession>, url: WebSocketURL, configuration: WebSocketConfiguration,
             onEvent: @escaping @MainActor (SoupConnection.Event) -> Void) async throws(WebSocketError) -> SoupConnection {
        guard let rawMessage = soup_message_new("GET", url.string) else { throw .invalidURL(url.string) }
        let message = ObjectReference<GObject>(adopting: UnsafeMutablePointer<GObject>(rawMessage))
        let headers = soup_message_get_request_headers(rawMessage)
        for (name, value) in configuration.headers {
            soup_message_headers_append(headers, name, value)
        }
        let timer = MainLoop.after(configuration.handshakeTimeout) { [weak self] in
            self?.timedOut = true
            self?.cancel()
        }
        defer { timer.cancel() }

        var protocols: [UnsafeMutablePointer<CChar>?] = configuration.subprotocols.map { strdup($0) } + [nil]
        defer { protocols.forEach { free($0) } }
        let offered = !configuration.subprotocols.isEmpty
        do {
            let connection = try await asyncCall(start: { callback, data in
                protocols.withUnsafeMutableBufferPointer { list in
                    soup_session_websocket_connect_async(session.pointer, OpaquePointer(message.pointer), nil,
                                                         offered ? list.baseAddress : nil, G_PRIORITY_DEFAULT,
                                                         cancellable.pointer, callback, data)
                }
            }, finish: { result in
                try throwingGError { soup_session_websocket_connect_finish(session.pointer, result, $0) }
            })
            guard let connection else { throw GLibError(domain: "libsoup", code: 0, message: "no connection") }
            return SoupConnection(adopting: connection, configuration: configuration, onEvent: onEvent)
        } catch let error as GLibError {
            if timedOut { throw .handshakeTimedOut(after: configuration.handshakeTimeout) }
            if g_cancellable_is_cancelled(cancellable.pointer) != 0 { throw .closedByClient }
            throw .handshakeFailed(error)
        } catch {
            throw .handshakeFailed(GLibError(domain: "swift", code: 0, message: "\(error)"))
        }
    }
}
