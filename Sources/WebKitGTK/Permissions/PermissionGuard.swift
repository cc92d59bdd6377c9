import CWebKitGTKHelpers
import GLibCore
import GLibLog
import WebOrigin

/// Answers a web view's permission requests by asking a `PermissionPrompter` once per
/// asking frame and kind, through a `PermissionStore`: every kind WebKitGTK 2.50 raises
/// (location, notifications, camera, microphone, screen, clipboard, device list, pointer
/// lock, protected media, another site's data, codec installation; see `PermissionKind`). A
/// request from a page without an origin (about:blank, data:) is denied, and so is a kind
/// a later WebKit adds, each with a warning in the log that says why.
///
/// WebKit's request does not say which frame asks, and a cross-origin iframe may ask (for
/// the clipboard and pointer lock unasked by the page; for location, camera, microphone and
/// the screen when the page delegates them, `<iframe allow="geolocation">`). The frame is
/// the one whose call of the asking API its frame witness announced (`PermissionCalls`): the
/// page (or a frame of its origin), a frame of another origin, or, when the host cannot
/// tell, an unknown frame, asked each time it is allowed. A request for another site's data
/// names that site itself and is the page's to answer; one to install a codec comes from
/// media no call announces, and is asked as an unknown frame's.
@MainActor
public final class PermissionGuard {
    /// Asked each question the store has no answer to yet.
    public let prompter: PermissionPrompter
    /// The answers remembered for the session; give several views one store so an origin is
    /// asked once, whichever window it is in.
    public let store: PermissionStore
    /// Answers given without a prompt (the app's declared permissions for its own origin);
    /// a question not listed goes to the store and its prompter. They answer only the page
    /// itself (`PermissionAsker.page`): never a frame of another origin, nor one the host
    /// cannot place.
    public var declaredAnswers: [PermissionQuestion: Bool] = [:]
    private weak var view: WebView?
    private var connection: SignalConnection?

    /// Starts answering `view`'s permission requests (the view held weakly); keep the guard
    /// as long as the view, since dropping it disconnects it.
    public init(view: WebView, prompter: PermissionPrompter, store: PermissionStore = PermissionStore()) {
        self.view = view
        self.prompter = prompter
        self.store = store
        connection = Signals.connect(view.reference.raw, "permission-request") { [weak self] (request: Signals.Pointer) -> Bool in
            guard let self, let request else { return false }
            handle(ObjectReference(retaining: request.assumingMemoryBound(to: GObject.self)))
            return true
        }
    }

    /// `request` is a `WebKitPermissionRequest`, an interface Swift sees only as a GObject.
    private func handle(_ request: ObjectReference<GObject>) {
        guard let kind = Self.kind(of: request) else {
            let type = string(g_type_name_from_instance(request.cast(to: GTypeInstance.self))) ?? "an unnamed type"
            Log.webKitGTK.warning("denied a permission request of a kind this library does not know (\(type))")
            return webkit_permission_request_deny(OpaquePointer(request.pointer))
        }
        guard let page = view?.uri.flatMap(Origin.init(uri:)) else {
            Log.webKitGTK.warning("denied \(kind) to a page without an origin (\(view?.uri ?? "no page"))")
            return webkit_permission_request_deny(OpaquePointer(request.pointer))
        }
        let question = PermissionQuestion(asker: asker(of: kind, in: page), kind: kind)
        let declared = declaredAnswers[question]
        Task {
            let granted = if let declared { declared } else { await store.answer(question, asking: prompter) }
            if granted {
                webkit_permission_request_allow(OpaquePointer(request.pointer))
            } else {
                webkit_permission_request_deny(OpaquePointer(request.pointer))
            }
        }
    }

    /// Which frame of the page of origin `page` asks for `kind` (see the type's description).
    private func asker(of kind: PermissionKind, in page: Origin) -> PermissionAsker {
        if case .siteData = kind { return .page(page) }
        guard let api = kind.callingAPI, let frame = view?.frames.takePermissionCaller(api: api),
              let origin = Origin(uri: frame.uri) else { return .unknownFrame(page: page) }
        if origin == page { return .page(page) }
        // A top frame of another origin: the page changed since the call; whose call it was is unclear.
        return frame.isTop ? .unknownFrame(page: page) : .embeddedFrame(origin, page: page)
    }

    private static func kind(of request: ObjectReference<GObject>) -> PermissionKind? {
        func isA(_ type: GType) -> Bool {
            g_type_check_instance_is_a(request.cast(to: GTypeInstance.self), type) != 0
        }
        if isA(webkit_geolocation_permission_request_get_type()) { return .geolocation }
        if isA(webkit_notification_permission_request_get_type()) { return .notifications }
        if isA(webkit_clipboard_permission_request_get_type()) { return .clipboard }
        if isA(webkit_device_info_permission_request_get_type()) { return .deviceList }
        if isA(webkit_pointer_lock_permission_request_get_type()) { return .pointerLock }
        if isA(webkit_media_key_system_permission_request_get_type()) {
            return .protectedMedia(keySystem: string(webkit_media_key_system_permission_get_name(request.cast())) ?? "an unnamed key system")
        }
        if isA(webkit_website_data_access_permission_request_get_type()) {
            return .siteData(requestingSite: string(webkit_website_data_access_permission_request_get_requesting_domain(request.cast())) ?? "another site")
        }
        #if !GTK4 // WebKitGTK 6.0 asks no permission to install codecs
        if isA(webkit_install_missing_media_plugins_permission_request_get_type()) {
            return .codecInstallation(what: string(webkit_install_missing_media_plugins_permission_request_get_description(request.cast())) ?? "a media codec")
        }
        #endif
        guard isA(webkit_user_media_permission_request_get_type()) else { return nil }
        let media: UnsafeMutablePointer<WebKitUserMediaPermissionRequest> = request.cast()
        if webkit_user_media_permission_is_for_display_device(media) != 0 { return .screenSharing }
        switch (webkit_user_media_permission_is_for_video_device(media) != 0, webkit_user_media_permission_is_for_audio_device(media) != 0) {
        case (true, true): return .cameraAndMicrophone
        case (true, false): return .camera
        case (false, true): return .microphone
        case (false, false): return nil
        }
    }
}
