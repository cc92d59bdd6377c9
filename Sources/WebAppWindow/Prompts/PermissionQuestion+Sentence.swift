import GLibCore
import WebKitGTK

extension PermissionQuestion {
    /// The question in one sentence of the user's language: who asks (the page, a frame of
    /// another origin, a frame that cannot be told) and for what. Each pairing is a sentence of
    /// its own in the catalogs, so a translator words it whole.
    var sentence: String {
        switch asker {
        case .page(let origin): Self.pageAsks(kind, origin: "\(origin)")
        case .embeddedFrame(let origin, page: _): Self.frameAsks(kind, origin: "\(origin)")
        case .unknownFrame: Self.unknownFrameAsks(kind)
        }
    }

    private static func pageAsks(_ kind: PermissionKind, origin: String) -> String {
        switch kind {
        case .geolocation: tr("“{origin}” wants to know your location.", ["origin": origin])
        case .notifications: tr("“{origin}” wants to show notifications.", ["origin": origin])
        case .camera: tr("“{origin}” wants to use your camera.", ["origin": origin])
        case .microphone: tr("“{origin}” wants to use your microphone.", ["origin": origin])
        case .cameraAndMicrophone: tr("“{origin}” wants to use your camera and microphone.", ["origin": origin])
        case .screenSharing: tr("“{origin}” wants to share your screen.", ["origin": origin])
        case .clipboard: tr("“{origin}” wants to see what you copied in other programs (read the clipboard).", ["origin": origin])
        case .deviceList: tr("“{origin}” wants to see the names of your cameras and microphones.", ["origin": origin])
        case .pointerLock: tr("“{origin}” wants to hide and capture your mouse pointer (Escape releases it).", ["origin": origin])
        case .protectedMedia(let system): tr("“{origin}” wants to play protected media with {system}.", ["origin": origin, "system": system])
        case .siteData(let site): tr("“{origin}” wants to let {site} use its cookies and stored data here.", ["origin": origin, "site": site])
        case .codecInstallation(let codec): tr("“{origin}” wants to install {codec} to play its media.", ["origin": origin, "codec": codec])
        }
    }

    private static func frameAsks(_ kind: PermissionKind, origin: String) -> String {
        switch kind {
        case .geolocation: tr("A frame embedded in this page from “{origin}” wants to know your location.", ["origin": origin])
        case .notifications: tr("A frame embedded in this page from “{origin}” wants to show notifications.", ["origin": origin])
        case .camera: tr("A frame embedded in this page from “{origin}” wants to use your camera.", ["origin": origin])
        case .microphone: tr("A frame embedded in this page from “{origin}” wants to use your microphone.", ["origin": origin])
        case .cameraAndMicrophone: tr("A frame embedded in this page from “{origin}” wants to use your camera and microphone.", ["origin": origin])
        case .screenSharing: tr("A frame embedded in this page from “{origin}” wants to share your screen.", ["origin": origin])
        case .clipboard: tr("A frame embedded in this page from “{origin}” wants to see what you copied in other programs (read the clipboard).", ["origin": origin])
        case .deviceList: tr("A frame embedded in this page from “{origin}” wants to see the names of your cameras and microphones.", ["origin": origin])
        case .pointerLock: tr("A frame embedded in this page from “{origin}” wants to hide and capture your mouse pointer (Escape releases it).", ["origin": origin])
        case .protectedMedia(let system): tr("A frame embedded in this page from “{origin}” wants to play protected media with {system}.", ["origin": origin, "system": system])
        case .siteData(let site): tr("A frame embedded in this page from “{origin}” wants to let {site} use its cookies and stored data here.", ["origin": origin, "site": site])
        case .codecInstallation(let codec): tr("A frame embedded in this page from “{origin}” wants to install {codec} to play its media.", ["origin": origin, "codec": codec])
        }
    }

    private static func unknownFrameAsks(_ kind: PermissionKind) -> String {
        switch kind {
        case .geolocation: tr("A frame embedded in this page wants to know your location.")
        case .notifications: tr("A frame embedded in this page wants to show notifications.")
        case .camera: tr("A frame embedded in this page wants to use your camera.")
        case .microphone: tr("A frame embedded in this page wants to use your microphone.")
        case .cameraAndMicrophone: tr("A frame embedded in this page wants to use your camera and microphone.")
        case .screenSharing: tr("A frame embedded in this page wants to share your screen.")
        case .clipboard: tr("A frame embedded in this page wants to see what you copied in other programs (read the clipboard).")
        case .deviceList: tr("A frame embedded in this page wants to see the names of your cameras and microphones.")
        case .pointerLock: tr("A frame embedded in this page wants to hide and capture your mouse pointer (Escape releases it).")
        case .protectedMedia(let system): tr("A frame embedded in this page wants to play protected media with {system}.", ["system": system])
        case .siteData(let site): tr("A frame embedded in this page wants to let {site} use its cookies and stored data here.", ["site": site])
        case .codecInstallation(let codec): tr("A frame embedded in this page wants to install {codec} to play its media.", ["codec": codec])
        }
    }
}
