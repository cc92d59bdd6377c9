import FoundationEssentials
import WebBridge

/// The bytes of the files dropped onto the window, for its trusted pages
/// (`PageServices.droppedFiles`): WebKitGTK 2.50 no longer gives a drop's `File`s to the page
/// (CVE-2025-13947 turned off file access in drops), so the page reads each file the
/// `filesDropped` event describes by its token, and makes its `File` of the bytes.
enum PageDroppedFiles {
    /// The handler's name: `bridge.invokeBinary("desktop.droppedFile", {token})`.
    static let name = "desktop.droppedFile"

    /// The page's request: the token of one `DroppedFile`.
    struct Request: Decodable {
        var token: String
    }

    /// The handler reading the files `grants` gives (the window's, nil once it is gone).
    @MainActor
    static func handler(grants: @escaping @MainActor @Sendable () -> DroppedFileGrants?) -> BinaryHandler {
        BinaryHandler(name, request: Request.self) { request in
            guard let file = grants()?.file(request.token) else {
                throw BridgeError(.forbidden, "no dropped file has this token here: a token reads a file dropped onto this window, until its page navigates away")
            }
            do {
                return try Data(contentsOf: file, options: .mappedIfSafe)
            } catch {
                throw BridgeError(.handlerFailed, "cannot read the dropped file \(file.lastPathComponent): \(FileReadFailure.reason(error))")
            }
        }
    }
}
