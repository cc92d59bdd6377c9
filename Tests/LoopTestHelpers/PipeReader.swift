import Foundation
import Glibc

/// The parent's end of a pipe a child writes to, read to its end on a thread of its own (a
/// plain thread: no libdispatch), so the child never blocks on a full pipe.
///
/// Reads happen under a lock and never block (the end is non-blocking; the thread waits in
/// `poll`), so `drain()` can take in at once whatever the pipe holds: once the child has
/// ended, that is all it wrote, even while a child of its own keeps the pipe open.
final class PipeReader: @unchecked Sendable {
    private let descriptor: Int32
    private let deliver: @Sendable (Data) -> Void
    private let lock = NSLock()
    private var atEnd = false

    /// Starts reading `descriptor`, which it closes at the end; `deliver` gets each chunk.
    init(_ descriptor: Int32, deliver: @escaping @Sendable (Data) -> Void) {
        self.descriptor = descriptor
        self.deliver = deliver
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        Thread { [self] in run() }.start()
    }

    /// Delivers whatever the pipe holds now.
    func drain() {
        lock.withLock { _ = readAvailable() }
    }

    private func run() {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while lock.withLock({ readAvailable() }) {
            _ = poll(&waiting, 1, -1)  // interrupted or not, the loop reads again
        }
        // Only this thread closes it: a descriptor closed under a poll could be reused.
        close(descriptor)
    }

    /// Reads until the pipe is empty; false once it has reached its end (or failed). Holds `lock`.
    private func readAvailable() -> Bool {
        while !atEnd {
            var chunk = Data(count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                chunk.count = count
                deliver(chunk)
            } else if count < 0 && errno == EAGAIN {
                return true
            } else if count == 0 || errno != EINTR {
                atEnd = true
            }
        }
        return false
    }
}

/// What a `.captured` output has delivered so far.
final class CapturedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    var bytes: Data { lock.withLock { data } }

    func append(_ chunk: Data) {
        lock.withLock { data.append(chunk) }
    }
}
