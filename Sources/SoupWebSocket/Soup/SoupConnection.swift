import CGLib
import CSoup
import FoundationEssentials
import GLibCore

/// One open libsoup WebSocket connection, reporting its signals as events.
///
/// Dropping it disconnects the signals, so a connection the client has left
/// behind can never deliver a late frame or close into a newer one.
@MainActor
final class SoupConnection {
    enum Event {
        case message(WebSocketMessage)
        case pong
        case error(GLibError)
        case closed(code: UInt16, reason: String)
    }

    private let reference: ObjectReference<GObject>
    private var signals: [SignalConnection] = []
    private var connection: OpaquePointer { OpaquePointer(reference.pointer) }

    /// Adopts the connection libsoup's handshake returned and applies the configuration's limits.
    init(adopting connection: OpaquePointer, configuration: WebSocketConfiguration,
         onEvent: @escaping @MainActor (Event) -> Void) {
        reference = ObjectReference(adopting: UnsafeMutablePointer<GObject>(connection))
        soup_websocket_connection_set_max_incoming_payload_size(connection, guint64(configuration.maxIncomingPayloadSize))
        soup_websocket_connection_set_keepalive_interval(connection, configuration.keepAlive?.pingSeconds ?? 0)
        connectSignals(onEvent)
    }

    /// Whether libsoup takes frames now; a frame handed over while this is true counts as sent.
    var isOpen: Bool {
        soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN
    }

    /// The subprotocol the server chose, if any.
    var subprotocol: String? {
        soup_websocket_connection_get_protocol(connection).map { String(cString: $0) }
    }

    /// The close code the peer sent (0 when none), once closed.
    var closeCode: UInt16 {
        soup_websocket_connection_get_close_code(connection)
    }

    /// The close reason the peer sent, once closed.
    var closeReason: String {
        soup_websocket_connection_get_close_data(connection).map { String(cString: $0) } ?? ""
    }

    /// Hands one frame to libsoup, which writes it in order with every frame before it.
    func send(_ message: WebSocketMessage) {
        let type = switch message {
        case .text: SOUP_WEBSOCKET_DATA_TEXT
        case .binary: SOUP_WEBSOCKET_DATA_BINARY
        }
        message.data.withUnsafeBytes { payload in
            let bytes = g_bytes_new(payload.baseAddress, gsize(payload.count))
            soup_websocket_connection_send_message(connection, type, bytes)
            g_bytes_unref(bytes)
        }
    }

    /// Starts the close handshake; `closed` follows when the peer answers.
    func close(code: UInt16, reason: String) {
        if isOpen { soup_websocket_connection_close(connection, code, reason) }
    }

    /// Ends the connection at once, without a close handshake and without further events:
    /// for a peer that no longer answers.
    func abort() {
        signals.removeAll()
        g_io_stream_close(soup_websocket_connection_get_io_stream(connection), nil, nil)
    }

    private func connectSignals(_ onEvent: @escaping @MainActor (Event) -> Void) {
        let instance = reference.raw
        signals = [
            Signals.connect(instance, "message") { (type: Int32, bytes: Signals.Pointer) in
                onEvent(.message(Self.message(type: type, bytes: bytes)))
            },
            Signals.connect(instance, "pong") { (_: Signals.Pointer) in onEvent(.pong) },
            Signals.connect(instance, "error") { (error: Signals.Pointer) in
                guard let error = error?.assumingMemoryBound(to: GError.self) else { return }
                onEvent(.error(GLibError(domain: String(cString: g_quark_to_string(error.pointee.domain)),
                                         code: Int(error.pointee.code),
                                         message: error.pointee.message.map { String(cString: $0) } ?? "")))
            },
            Signals.connect(instance, "closed") { [weak self] in
                guard let self else { return }
                onEvent(.closed(code: closeCode, reason: closeReason))
            },
        ]
    }

    private static func message(type: Int32, bytes: Signals.Pointer) -> WebSocketMessage {
        var size: gsize = 0
        let start = g_bytes_get_data(OpaquePointer(bytes), &size)
        let data = start.map { Data(bytes: $0, count: Int(size)) } ?? Data()
        return UInt32(type) == SOUP_WEBSOCKET_DATA_TEXT.rawValue
            ? .text(String(decoding: data, as: UTF8.self)) : .binary(data)
    }
}
