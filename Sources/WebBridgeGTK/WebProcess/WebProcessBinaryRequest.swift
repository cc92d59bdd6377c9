import CGLib
import FoundationEssentials
import Glibc
import GLibCore
import WebKitGTK
import WebViewHostWebProcess

/// One request of a page's binary channel through the web process extension (see
/// `WebProcessExtension`): the URI the page's client formed and the bytes it sent, which
/// arrive as a memfd and are mapped, not copied; answered exactly once with a status and
/// bytes, streamed to the page straight into its ArrayBuffer.
@MainActor
public final class WebProcessBinaryRequest {
    /// The user message's name, as the extension sends it.
    nonisolated static let messageName = WEBVIEWHOST_BINARY_MESSAGE

    private let message: UserMessage
    private var descriptor: Int32
    private var answered = false

    /// The URI the page's client asked for.
    public let uri: String
    /// The length of the body, known before any of it is read.
    public let bodySize: Int

    /// nil for a message that is not a well-formed request (it is answered with 400).
    init?(_ message: UserMessage) {
        self.message = message
        let parameters = message.parameters
        var status = stat()
        let descriptors = message.fileDescriptors()
        guard let parameters, g_variant_is_of_type(parameters, Self.requestType) != 0,
              let descriptors, descriptors.count == 1 else {
            descriptors?.forEach { close($0) }
            descriptor = -1
            uri = ""
            bodySize = 0
            reply(status: 400, contentType: "text/plain")
            return nil
        }
        let child = g_variant_get_child_value(parameters, 0)!
        defer { g_variant_unref(child) }
        uri = String(cString: g_variant_get_string(child, nil))
        descriptor = descriptors[0]
        guard fstat(descriptor, &status) == 0 else {
            bodySize = 0
            reply(status: 400, contentType: "text/plain")
            return nil
        }
        bodySize = Int(status.st_size)
    }

    isolated deinit {
        if descriptor >= 0 { close(descriptor) }
        // A request dropped unanswered must not leave the page's Promise pending.
        if !answered { reply(status: 500, contentType: "text/plain") }
    }

    /// The body's bytes, mapped from the page's memfd (read-only, copy-on-write): nothing is
    /// copied until someone reads them. Taken once; later calls return no bytes.
    public func body() -> Data {
        guard descriptor >= 0, bodySize > 0 else { return Data() }
        defer {
            close(descriptor)
            descriptor = -1
        }
        let size = bodySize
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            return Data()
        }
        // Sendable, so not the main actor's: the last copy of the body may go on a sending thread.
        return Data(bytesNoCopy: mapped, count: size, deallocator: .custom { @Sendable pointer, count in munmap(pointer, count) })
    }

    /// Answers with `body`, streamed to the page through a socket as the page reads it (a
    /// thread writes what does not fit the socket's buffer at once), so the copy into the
    /// page's ArrayBuffer runs beside this one and the window keeps drawing meanwhile.
    public func respond(status: Int, contentType: String, body: Data) {
        guard !answered else { return }
        answered = true
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return sendAnswer(status: 500, contentType: "text/plain", size: 0, descriptor: nil)
        }
        let (reader, writer) = (ends[0], ends[1])
        shutdown(reader, Int32(SHUT_WR))
        shutdown(writer, Int32(SHUT_RD))
        sendAnswer(status: status, contentType: contentType, size: body.count, descriptor: reader)
        let sent = Self.send(body, to: writer, from: 0, waiting: false)
        if sent == body.count {
            close(writer)
        } else {
            // A thread of its own, as the rest may wait up to 30 s on a slow reader.
            let rest: @Sendable () -> Void = {
                _ = Self.send(body, to: writer, from: sent, waiting: true)
                close(writer)
            }
            g_thread_unref(g_thread_new("binary-send", runOnItsThread, ClosureBox.retainedPointer(for: rest)))
        }
    }

    /// Writes `body` from `offset` on; without `waiting`, only what the socket takes at
    /// once. Returns where it stopped: a reader that went away or stalled for 30 s ends it.
    private nonisolated static func send(_ body: Data, to socket: Int32, from offset: Int, waiting: Bool) -> Int {
        if waiting {
            var patience = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        }
        let flags = Int32(MSG_NOSIGNAL) | (waiting ? 0 : Int32(MSG_DONTWAIT))
        return body.withUnsafeBytes { bytes in
            var done = offset
            while done < bytes.count {
                let count = Glibc.send(socket, bytes.baseAddress! + done, bytes.count - done, flags)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                done += count
            }
            return done
        }
    }

    private func reply(status: Int, contentType: String) {
        respond(status: status, contentType: contentType, body: Data())
    }

    nonisolated(unsafe) private static let requestType = g_variant_type_new("(s)")

    /// Sends the answer's head: status, type, length, and the socket the bytes follow on
    /// (none when no socket could be made, which the page takes as a failed call).
    private func sendAnswer(status: Int, contentType: String, size: Int, descriptor: Int32?) {
        var children: [OpaquePointer?] = [g_variant_new_uint32(guint32(status)), g_variant_new_string(contentType),
                                          g_variant_new_uint64(guint64(size))]
        let parameters = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 3) }
        message.reply(name: Self.messageName, parameters: parameters!, descriptors: descriptor.map { [$0] } ?? [])
    }
}

/// A thread's body: the closure in its user data. Outside the main actor's type, as a closure
/// written in one would check, on the new thread, that it runs on the main actor, and trap.
private let runOnItsThread: GThreadFunc = { data in
    ClosureBox<@Sendable () -> Void>.take(data)()
    return nil
}
