import CWebKitGTKHelpers
import GLibCore

/// Which frames receive injected scripts or style sheets.
public enum InjectedFrames: Sendable {
    /// The main frame and every iframe, whatever its origin.
    case allFrames
    /// The top frame only: where anything that grants power (the bridge) goes, since an
    /// iframe may be of any origin.
    case mainFrameOnly

    var webkit: WebKitUserContentInjectedFrames {
        self == .allFrames ? WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES : WEBKIT_USER_CONTENT_INJECT_TOP_FRAME
    }
}

/// Script the host injects into pages, before or after the page's own content.
///
/// `allowList`/`blockList` hold WebKit URI patterns (`"app://*/*"`, `"http://127.0.0.1/*"`):
/// injection happens only where the page's URI matches, which a page cannot forge.
public struct UserScript: Sendable {
    /// When in a page's load the script runs.
    public enum InjectionTime: Sendable {
        /// Before any of the page's own script runs.
        case documentStart
        /// Once the document has loaded.
        case documentEnd
    }

    /// The JavaScript, run as a classic script in each matching frame.
    public var source: String
    /// When it runs: `.documentStart` to define what the page's scripts find, `.documentEnd`
    /// to work on the loaded document.
    public var injectionTime: InjectionTime
    /// Whether iframes get it too, or only the main frame.
    public var frames: InjectedFrames
    /// The script world to run in; nil is the page's own world.
    public var world: String?
    /// URI patterns a page must match to get the script; empty allows every page.
    public var allowList: [String]
    /// URI patterns whose pages never get the script, even when `allowList` matches.
    public var blockList: [String]

    /// A script for `UserContentManager.add(_:)`: by default at document start, in every
    /// frame, in the page's own world, on every page.
    public init(source: String, injectionTime: InjectionTime = .documentStart, frames: InjectedFrames = .allFrames,
                world: String? = nil, allowList: [String] = [], blockList: [String] = []) {
        self.source = source
        self.injectionTime = injectionTime
        self.frames = frames
        self.world = world
        self.allowList = allowList
        self.blockList = blockList
    }

    /// A new WebKit user script; the caller owns the returned reference.
    func makeWebKitScript() -> OpaquePointer {
        let time = injectionTime == .documentStart
            ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END
        return withCStringArrays(allowList, blockList) { allow, block in
            if let world {
                webkit_user_script_new_for_world(source, frames.webkit, time, world, allow, block)
            } else {
                webkit_user_script_new(source, frames.webkit, time, allow, block)
            }
        }
    }
}

/// A script added to a `UserContentManager`, the handle to remove it with.
public final class InstalledUserScript {
    let pointer: OpaquePointer

    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        webkit_user_script_unref(pointer)
    }
}

/// CSS the host adds to pages, with the same frame and URI rules as `UserScript`.
public struct UserStyleSheet: Sendable {
    /// The CSS, added as a user style sheet, which WebKit applies over the page's own style.
    public var source: String
    /// Whether iframes get it too, or only the main frame.
    public var frames: InjectedFrames
    /// URI patterns a page must match to get the style sheet; empty allows every page.
    public var allowList: [String]
    /// URI patterns whose pages never get the style sheet, even when `allowList` matches.
    public var blockList: [String]

    /// A style sheet for `UserContentManager.add(_:)`: by default in every frame of every page.
    public init(source: String, frames: InjectedFrames = .allFrames, allowList: [String] = [], blockList: [String] = []) {
        self.source = source
        self.frames = frames
        self.allowList = allowList
        self.blockList = blockList
    }

    /// A new WebKit user style sheet; the caller owns the returned reference.
    func makeWebKitStyleSheet() -> OpaquePointer {
        withCStringArrays(allowList, blockList) { allow, block in
            webkit_user_style_sheet_new(source, frames.webkit, WEBKIT_USER_STYLE_LEVEL_USER, allow, block)
        }
    }
}

/// Passes two Swift string arrays as NULL-terminated C arrays (NULL when empty).
private func withCStringArrays<Result>(
    _ first: [String], _ second: [String],
    _ body: (UnsafePointer<UnsafePointer<gchar>?>?, UnsafePointer<UnsafePointer<gchar>?>?) -> Result
) -> Result {
    let firstC = first.map { UnsafePointer(strdup($0)) } + [nil]
    let secondC = second.map { UnsafePointer(strdup($0)) } + [nil]
    defer { (firstC + secondC).forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
    return firstC.withUnsafeBufferPointer { a in
        secondC.withUnsafeBufferPointer { b in
            body(first.isEmpty ? nil : a.baseAddress, second.isEmpty ? nil : b.baseAddress)
        }
    }
}
