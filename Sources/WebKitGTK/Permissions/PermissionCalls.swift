import WebOrigin

/// The calls of permission-asking APIs that one view's frames announced and that WebKit has
/// not raised a request for yet: how the host tells which frame asks, as WebKit's
/// `permission-request` carries no frame.
///
/// A page-world wrapper of each such API (permission-call-marker.js, in every frame) announces
/// the call in its own document before calling the original, and again once the call is
/// answered; the frame witness of that document (`FrameWitness`) reports it with its own
/// frame. WebKit's request follows the announcement over the same connection, so the request
/// belongs to the oldest call of its API still waiting. A frame can skip the wrapper (the
/// pristine API of a new empty frame has none) or announce without asking, but it can never
/// make an announcement name another frame. So a request is placed only when every waiting
/// call of its API comes from one party (origin, and whether it is the top frame); otherwise,
/// or with none waiting, its frame is unknown, and it is asked in no page's name.
struct PermissionCalls {
    /// One announced call.
    private struct Call {
        var frame: FrameWitness.Frame
        var api: String
        var id: String
        var time: ContinuousClock.Instant
    }

    /// A call whose request has not come by then made none (its answer was known already).
    static let lifetime = Duration.seconds(2)
    /// Announcements a page makes without asking cannot grow the list beyond this.
    static let limit = 32

    private var calls: [Call] = []

    /// Notes an announcement of `frame`: `phase` "call" before the call, "done" once answered.
    mutating func note(api: String, phase: String, id: String, frame: FrameWitness.Frame) {
        switch phase {
        case "call":
            if calls.count >= Self.limit { calls.removeFirst() }
            calls.append(Call(frame: frame, api: api, id: id, time: .now))
        case "done":
            calls.removeAll { $0.id == id && $0.api == api && $0.frame == frame }
        default:
            break
        }
    }

    /// The frame whose call of `api` a request now arriving answers, taken so no later request
    /// can reuse it; nil when no call of `api` waits, or waiting calls come from different parties.
    mutating func take(api: String) -> FrameWitness.Frame? {
        let now = ContinuousClock.now
        calls.removeAll { now - $0.time > Self.lifetime }
        let waiting = calls.indices.filter { calls[$0].api == api }
        guard let first = waiting.first else { return nil }
        let party = { (frame: FrameWitness.Frame) in PermissionCallParty(origin: Origin(uri: frame.uri), isTop: frame.isTop) }
        guard waiting.allSatisfy({ party(calls[$0].frame) == party(calls[first].frame) }) else { return nil }
        return calls.remove(at: first).frame
    }
}

/// Who made a call, as far as permissions go: frames of one origin at the same depth are one party.
private struct PermissionCallParty: Equatable {
    var origin: Origin?
    var isTop: Bool
}

extension PermissionKind {
    /// The API whose call raises this kind of request, as permission-call-marker.js names it;
    /// nil for requests no page call makes (codec installation) or that name their site
    /// themselves (another site's data).
    var callingAPI: String? {
        switch self {
        case .geolocation: "geolocation"
        case .notifications: "notifications"
        case .camera, .microphone, .cameraAndMicrophone: "userMedia"
        case .screenSharing: "displayMedia"
        case .clipboard: "clipboard"
        case .deviceList: "deviceList"
        case .pointerLock: "pointerLock"
        case .protectedMedia: "mediaKeySystem"
        case .siteData, .codecInstallation: nil
        }
    }
}
