import Foundation
import LoopTestHelpers

/// An HTTP request made by `curl` in another process, for testing servers that run on this
/// process's GLib loop: the request runs off the main thread, so the loop keeps serving.
public struct CurlRequest: Sendable {
    /// What came back.
    public struct Answer: Sendable {
        /// The status code; 0 when no connection was made.
        public let status: Int
        /// Response header names lower-cased.
        public let headers: [String: String]
        /// The number of body bytes received.
        public let bodyLength: Int
        /// The body as text (only the first 64 KiB are kept).
        public let text: String
    }

    public var url: String
    public var method = "GET"
    public var headers: [String: String] = [:]

    public init(_ url: String, method: String = "GET", headers: [String: String] = [:]) {
        self.url = url
        self.method = method
        self.headers = headers
    }

    /// Runs the request; throws when curl cannot run.
    public func send() async throws -> Answer {
        let arguments = curlArguments
        return try await Task.detached {
            let response = Response()
            try ChildProcess("/usr/bin/curl", arguments, output: .streamed(response.take)).wait()
            return response.answer
        }.value
    }

    /// curl's output read as it comes: the head whole, the body counted, its first 64 KiB kept.
    private final class Response: @unchecked Sendable {
        private let lock = NSLock()
        private var headerText = "", body = Data(), length = 0, inHeaders = true
        private var pending = Data()

        func take(_ chunk: Data) {
            lock.withLock {
                guard inHeaders else {
                    length += chunk.count
                    if body.count < 65_536 { body.append(chunk.prefix(65_536 - body.count)) }
                    return
                }
                pending.append(chunk)
                if let end = pending.range(of: Data("\r\n\r\n".utf8)) {
                    headerText = String(decoding: pending[..<end.lowerBound], as: UTF8.self)
                    let rest = pending[end.upperBound...]
                    length += rest.count
                    body.append(rest.prefix(65_536))
                    inHeaders = false
                }
            }
        }

        var answer: Answer {
            lock.withLock { CurlRequest.answer(headerText: headerText, bodyLength: length, body: body) }
        }
    }

    private var curlArguments: [String] {
        var arguments = ["-s", "-i", "--max-time", "60", "--connect-timeout", "3", "-X", method]
        if method == "HEAD" { arguments = ["-s", "-I", "--max-time", "60", "--connect-timeout", "3"] }
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        return arguments + ["--", url]
    }

    private static func answer(headerText: String, bodyLength: Int, body: Data) -> Answer {
        var lines = headerText.components(separatedBy: "\r\n")
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, headers: headers, bodyLength: bodyLength, text: String(decoding: body, as: UTF8.self))
    }
}

