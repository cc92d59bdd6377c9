import CSoup
import CGLib
import Dispatch
import FoundationEssentials
import GLibCore

/// Streams one byte range of a file into a libsoup server response, a chunk at a time.
///
/// The response body does not accumulate: each chunk is appended when libsoup has written
/// the previous one to the socket (`wrote-chunk`), so at most one chunk per response is in
/// memory and a slow or paused client holds the reading back instead of filling memory.
/// Reads are `pread`s of one chunk from a local file.
@MainActor
final class MediaBodyWriter {
    private let message: OpaquePointer
    private let descriptor: Int32
    private var offset: Int
    private var remaining: Int
    private let chunkSize: Int
    private var connections: [SignalConnection] = []

    /// Starts streaming `count` bytes of the open file `descriptor` (which it closes when done)
    /// from `offset`. `onFinished` runs once libsoup is done with the message (sent, or the
    /// client went away).
    init(message: OpaquePointer, descriptor: Int32, offset: Int, count: Int, chunkSize: Int,
         onFinished: @escaping @MainActor (MediaBodyWriter) -> Void) {
        self.descriptor = descriptor
        self.message = message
        self.offset = offset
        remaining = count
        self.chunkSize = chunkSize
        let instance = UnsafeMutableRawPointer(message)
        soup_message_body_set_accumulate(soup_server_message_get_response_body(message), 0)
        connections = [
            Signals.connect(instance, "wrote-chunk") { [weak self] in self?.appendNextChunk() },
            Signals.connect(instance, "finished") { [weak self] in
                // Released after the signal returns: the closure must not free itself while it runs.
                guard let self else { return }
                DispatchQueue.main.async { onFinished(self) }
            },
        ]
        appendNextChunk()
    }

    isolated deinit {
        close(descriptor)
    }

    private func appendNextChunk() {
        let body = soup_server_message_get_response_body(message)
        guard remaining > 0 else { return soup_message_body_complete(body) }
        var buffer = [UInt8](repeating: 0, count: min(chunkSize, remaining))
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard read > 0 else {
            // The file shrank or failed: end here; the client sees a short body and may ask again.
            remaining = 0
            return soup_message_body_complete(body)
        }
        offset += read
        remaining -= read
        buffer.withUnsafeBytes { soup_message_body_append(body, SOUP_MEMORY_COPY, $0.baseAddress, gsize(read)) }
    }
}
