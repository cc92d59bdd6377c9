import FoundationEssentials
import WebPolicy
import ScriptMessaging

/// Tells the host which frame did something, where WebKitGTK does not: its navigation
/// actions and script dialogs carry no frame.
///
/// A script in a script world of its own (`worldName`, invisible to every page script),
/// injected at document start into every frame, reports to a message handler registered
/// only in that world. What it reports about its frame — `location.href` and whether it
/// is the top frame — it reads itself, in its own world, where no page script can redefine
/// them. It reports:
///
/// - **Activations:** a trusted (`isTrusted`, that is real input, never a script's
///   `dispatchEvent` or `click()`) `mousedown`, `pointerdown`, `touchstart` or `keydown`
///   in its frame. The latest one says which frame the user last acted in.
/// - **Dialog markers:** a page-world wrapper of `alert`, `confirm` and `prompt`, in every
///   frame, dispatches `markerEvent` on its own document just before the real dialog. The
///   witness of *that* document hears it (a frame cannot dispatch events on another
///   origin's document) and reports its own frame with the dialog's kind and message.
///   Measured (`FrameDialogTests`, WebKitGTK 2.50): the report reaches the host before
///   WebKit's `script-dialog` signal; it is posted before the dialog's request is made.
///   A page can skip the wrapper (a pristine `alert` from a new empty frame has none) or
///   dispatch the event without a dialog; it can never make the report name another frame.
///   So a dialog without a matching marker is shown as coming from an unknown embedded
///   frame, never in the top page's name.
/// - **Permission calls:** page-world wrappers of the APIs that ask for a permission
///   announce each call the same way, before WebKit's request and once it is answered; the
///   permission guard places each request by them (`PermissionCalls`).
/// - **Download names:** the `download` attribute of a link clicked in its document (real or
///   scripted click), for downloads WebKit cannot make itself (the app's own scheme), whose
///   name nothing else carries. Only a suggestion for the save dialog, as the attribute is.
@MainActor
public final class FrameWitness {
    /// One frame, as its witness script saw it.
    public struct Frame: Sendable, Equatable {
        /// The frame's URI; for `about:blank` and `about:srcdoc`, the origin they inherit.
        public var uri: String
        /// Whether it is the top frame (the page in the window) rather than an iframe, as the
        /// witness read it in its own world, where no page script can fake it.
        public var isTop: Bool
    }

    /// A frame whose script is about to show a dialog, as its wrapper announced.
    private struct DialogMarker {
        var frame: Frame
        var kind: String
        var message: String
        var time: ContinuousClock.Instant
    }

    /// The script world the witness runs in, invisible to page scripts; other code choosing a
    /// world name must not reuse it.
    public static let worldName = "webviewhost-frames"
    static let handlerName = "webviewhostFrame"
    static let markerEvent = "webviewhost-frames:dialog"
    static let permissionEvent = "webviewhost-frames:permission"
    /// A marker older than this belongs to no dialog now asking.
    static let markerLifetime = Duration.seconds(2)

    /// The frame the user last pressed a key or mouse button in.
    public private(set) var lastActivation: Frame?
    private var markers: [DialogMarker] = []
    private var permissionCalls = PermissionCalls()
    private var downloadNames: [(uri: String, name: String)] = []

    init(userContent: UserContentManager) {
        userContent.addMessageHandler(name: Self.handlerName, world: Self.worldName) { [weak self] body, reply in
            reply.resolve(json: "null")
            self?.receive(body)
        }
        userContent.add(UserScript(source: Self.witnessSource, injectionTime: .documentStart, frames: .allFrames,
                                   world: Self.worldName))
        userContent.add(UserScript(source: Self.wrapperSource, injectionTime: .documentStart, frames: .allFrames))
        userContent.add(UserScript(source: Self.permissionWrapperSource, injectionTime: .documentStart, frames: .allFrames))
    }

    /// The frame that announced a dialog of `kind` with `message` just now, taken so no later
    /// dialog can reuse it; nil when none did (the dialog's frame is then unknown).
    func takeDialogFrame(kind: String, message: String) -> Frame? {
        let now = ContinuousClock.now
        markers.removeAll { now - $0.time > Self.markerLifetime }
        guard let index = markers.firstIndex(where: { $0.kind == kind && $0.message == message }) else { return nil }
        return markers.remove(at: index).frame
    }

    /// The frame whose call of `api` (`PermissionKind.callingAPI`) a permission request now
    /// arriving answers; nil when the host cannot tell (see `PermissionCalls`).
    func takePermissionCaller(api: String) -> Frame? {
        permissionCalls.take(api: api)
    }

    /// The `download` attribute of the link to `uri` clicked last in this view, if any.
    public func downloadName(for uri: String) -> String? {
        downloadNames.last { $0.uri == uri }?.name
    }

    private struct Report: Decodable {
        var report: String
        var uri: String
        var top: Bool
        var kind: String?
        var message: String?
        var href: String?
        var name: String?
        var api: String?
        var phase: String?
        var call: String?
    }

    private func receive(_ body: MessageBody) {
        guard case .json(let data) = body, let report = try? JSONDecoder().decode(Report.self, from: data) else { return }
        let frame = Frame(uri: report.uri, isTop: report.top)
        switch report.report {
        case "activation":
            lastActivation = frame
        case "dialog":
            // A page may announce without asking; only the latest few can belong to a dialog.
            if markers.count >= 16 { markers.removeFirst() }
            markers.append(DialogMarker(frame: frame, kind: report.kind ?? "", message: report.message ?? "", time: .now))
        case "permission":
            guard let api = report.api, let phase = report.phase, let call = report.call else { return }
            permissionCalls.note(api: api, phase: phase, id: call, frame: frame)
        case "download":
            guard let href = report.href, let name = report.name else { return }
            if downloadNames.count >= 8 { downloadNames.removeFirst() }
            downloadNames.append((href, name))
        default:
            break
        }
    }

    /// The scripts' parameters.
    private struct ScriptSettings: Encodable {
        var handlerName: String
        var markerEvent: String
        var permissionEvent: String
    }

    private static let settings = ScriptSettings(handlerName: handlerName, markerEvent: markerEvent, permissionEvent: permissionEvent)

    /// Runs in the witness world of every frame: frame-witness.js beside this file.
    private static let witnessSource = ScriptCall.source(EmbeddedJavaScript.frameWitness, settings)

    /// Runs in the page's world of every frame: announces each dialog in its own document
    /// (frame-dialog-marker.js beside this file).
    private static let wrapperSource = ScriptCall.source(EmbeddedJavaScript.frameDialogMarker, settings)

    /// Runs in the page's world of every frame: announces each call of an API that asks for a
    /// permission in its own document (permission-call-marker.js beside `PermissionCalls`).
    private static let permissionWrapperSource = ScriptCall.source(EmbeddedJavaScript.permissionCallMarker, settings)
}
