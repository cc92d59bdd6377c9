import FoundationEssentials
import WebOrigin
import ScriptMessaging

/// The bridge's binary channel: `bridge.invokeBinary` and `bridge.stream` as requests for
/// URIs of the view's own scheme, `<baseURI><kind>/<name or id>[?<meta JSON>]`, whose host is the
/// bridge's secret (so only the trusted main frame's client, which alone knows it, can
/// form one: an iframe cannot). Kinds: `binary/NAME` (body: the bytes; answer: bytes, or JSON for a typed answer),
/// `request/NAME` (no body, the JSON request as the meta; answer: bytes),
/// `stream/NAME` (body: the payload's JSON; answer: `{"id"}`), `next/ID` (answer: a chunk,
/// `application/json` or `application/octet-stream`, or 204 once the stream ended) and
/// `cancel/ID`. A refusal is an HTTP status with the `{"code","message"}` JSON every other
/// call rejects with.
///
/// Checked in order, as for JSON calls: the secret, the caller's page (the view's own URI),
/// the handler, whether that handler takes calls from the page, the size.
@MainActor
final class BinaryChannel {
    struct Checks {
        let secret: String
        let maxPayloadBytes: Int
        let defaultTimeout: Duration
        /// The URI of the page now showing, when some caller policy at all accepts it.
        let callerURI: @MainActor () -> String?
        let defaultCallers: @MainActor () -> CallerPolicy
        let failed: @MainActor (String, BridgeError) -> Void
    }

    var binaryHandlers: [String: BinaryHandler] = [:]
    var streamHandlers: [String: StreamHandler] = [:]
    private let checks: Checks
    private var calls: [ObjectIdentifier: (task: Task<Void, Never>, timer: Task<Void, Never>, request: any BinaryRequest, name: String)] = [:]
    private var streams: [Int: (writer: StreamWriter, task: Task<Void, Never>)] = [:]
    private var nextStreamID = 1

    init(checks: Checks) {
        self.checks = checks
    }

    func receive(_ request: any BinaryRequest) {
        guard let components = URLComponents(string: request.uri), components.host == checks.secret else {
            return refuse(request, "(binary)", BridgeError(.forbidden, "not a request of this bridge"))
        }
        let parts = components.percentEncodedPath.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, let target = PercentEncoding.decodedText(parts[1]) else {
            return refuse(request, "(binary)", BridgeError(.invalidPayload, "the binary channel takes KIND/NAME"))
        }
        guard let uri = checks.callerURI() else {
            return refuse(request, target, BridgeError(.forbidden, "the page may not call the bridge"))
        }
        let meta = components.percentEncodedQuery.flatMap(PercentEncoding.decodedText)
        switch parts[0] {
        case "binary": call(binaryHandlers[target], target, uri: uri, meta: meta, asRequest: false, request)
        case "request": call(binaryHandlers[target], target, uri: uri, meta: meta, asRequest: true, request)
        case "stream": startStream(streamHandlers[target], target, uri: uri, request)
        case "next": next(Int(target), request)
        case "cancel":
            cancelStream(Int(target))
            request.respond(status: 204, contentType: "text/plain", body: Data())
        default: refuse(request, target, BridgeError(.invalidPayload, "no binary request kind '\(parts[0])'"))
        }
    }

    private func allowed(_ callers: CallerPolicy?, _ name: String, uri: String, _ request: any BinaryRequest) -> Bool {
        guard (callers ?? checks.defaultCallers()).allows(uri) else {
            refuse(request, name, BridgeError(.forbidden, "the page \(uri) may not call '\(name)'"))
            return false
        }
        return true
    }

    private func call(_ handler: BinaryHandler?, _ name: String, uri: String, meta: String?, asRequest: Bool,
                      _ request: any BinaryRequest) {
        guard let handler else {
            return refuse(request, name, BridgeError(.unknownHandler, "no binary handler named '\(name)'"))
        }
        guard allowed(handler.callers, name, uri: uri, request) else { return }
        guard handler.takesRequest == asRequest else {
            return refuse(request, name, BridgeError(.invalidPayload, handler.takesRequest
                ? "'\(name)' takes a JSON request alone: invokeBinary(name, request)"
                : "'\(name)' takes bytes: invokeBinary(name, data, meta) with an ArrayBuffer, a typed array, a Blob or null"))
        }
        let key = ObjectIdentifier(request)
        let timeout = handler.timeout ?? checks.defaultTimeout
        let work = Task { @MainActor [weak self, checks] in
            let outcome: Result<BinaryBody, BridgeError>
            do {
                let body = try await request.readBody(limit: checks.maxPayloadBytes)
                let message = BridgeMessage(name: name, body: meta.map { .string($0) } ?? .undefined)
                outcome = .success(try await handler.respond(body, message))
            } catch {
                outcome = .failure(BridgeError.from(error))
            }
            guard let self, let call = calls.removeValue(forKey: key) else { return }
            call.timer.cancel()
            switch outcome {
            case .success(let body): request.respond(status: 200, contentType: body.contentType, body: body.data)
            case .failure(let error): refuse(request, name, error)
            }
        }
        // The timer holds the call's key, not its request: an answered request (and the
        // descriptors or WebKit objects behind it) goes at once, not when the timer would fire.
        let timer = Task { @MainActor [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil, let self, let call = calls.removeValue(forKey: key) else { return }
            call.task.cancel()
            refuse(call.request, name, BridgeError(.timeout, "'\(name)' did not answer within \(timeout)"))
        }
        calls[key] = (work, timer, request, name)
    }

    private func startStream(_ handler: StreamHandler?, _ name: String, uri: String, _ request: any BinaryRequest) {
        guard let handler else {
            return refuse(request, name, BridgeError(.unknownHandler, "no stream handler named '\(name)'"))
        }
        guard allowed(handler.callers, name, uri: uri, request) else { return }
        let id = nextStreamID
        nextStreamID += 1
        let writer = StreamWriter(window: handler.window)
        // The start is answered once the payload is read; a payload the handler cannot
        // decode ends the stream with `invalid-payload`, which the page's first `next()` gets.
        let task = Task { @MainActor [weak self, checks] in
            do {
                let body = try await request.readBody(limit: checks.maxPayloadBytes)
                request.respond(status: 200, contentType: "application/json", body: Data("{\"id\":\(id)}".utf8))
                try await handler.produce(BridgeMessage(name: name, body: .json(body.isEmpty ? Data("null".utf8) : body)), writer)
                writer.end(nil)
            } catch {
                let failure = BridgeError.from(error)
                writer.end(failure)
                // Unanswered only when the payload could not be read.
                self?.refuse(request, name, failure)
            }
        }
        streams[id] = (writer, task)
    }

    private func next(_ id: Int?, _ request: any BinaryRequest) {
        guard let id, let stream = streams[id] else {
            return refuse(request, "(stream)", BridgeError(.handlerFailed, "no such stream: it ended or was cancelled"))
        }
        stream.writer.next { [weak self] chunk in
            switch chunk {
            case let body?: request.respond(status: 200, contentType: body.contentType, body: body.data)
            case nil:
                self?.streams[id] = nil
                if let failure = stream.writer.failure {
                    self?.refuse(request, "(stream)", failure)
                } else {
                    request.respond(status: 204, contentType: "text/plain", body: Data())
                }
            }
        }
    }

    private func cancelStream(_ id: Int?) {
        guard let id, let stream = streams.removeValue(forKey: id) else { return }
        stream.writer.cancel()
        stream.task.cancel()
    }

    /// Every call and stream of the page that went away: their tasks are cancelled.
    func cancelAll() {
        let running = calls
        calls = [:]
        for call in running.values {
            call.task.cancel()
            call.timer.cancel()
            refuse(call.request, call.name, BridgeError(.handlerFailed, "cancelled: the page that called went away"))
        }
        streams.keys.forEach { cancelStream($0) }
    }

    private func refuse(_ request: any BinaryRequest, _ name: String, _ error: BridgeError) {
        request.respond(status: Self.status(of: error.code), contentType: "application/json",
                        body: Data(error.rejectionMessage.utf8))
        checks.failed(name, error)
    }

    static func status(of code: BridgeError.Code) -> Int {
        switch code {
        case .invalidPayload: 400
        case .forbidden: 403
        case .unknownHandler: 404
        case .payloadTooLarge: 413
        case .handlerFailed: 500
        case .timeout: 504
        case .pageUnresponsive, .webProcessTerminated: 503
        }
    }
}
