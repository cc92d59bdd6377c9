import FoundationEssentials
import WebOrigin

/// What a page asks the user through a script dialog, copied out so a presenter needs no WebKit.
public struct ScriptDialogRequest: Sendable, Equatable {
    /// Which frame of the page asked, as far as the host can prove it (see `FrameWitness`).
    public enum Asker: Sendable, Equatable {
        /// The page in the window itself.
        case topPage
        /// A frame inside it, at this URI.
        case embeddedFrame(uri: String)
        /// Some frame the host cannot place (no marker came with the dialog). Shown as
        /// embedded, never in the top page's name.
        case unknownFrame
    }

    /// Which function the page called, which decides the buttons to show.
    public var kind: ScriptDialog.Kind
    /// The text the page passed: show it as the page's words (under who asked), never as the app's.
    public var message: String
    /// `prompt()`'s proposed text; nil for other kinds.
    public var defaultText: String?
    /// The URI of the page in the window when the dialog came.
    public var pageURI: String
    /// Which frame asked, as far as the host can prove; show `origin` and mark `isEmbedded`
    /// dialogs, so a frame cannot speak in the page's name.
    public var asker: Asker
    /// Whether the page has shown dialog after dialog (`WebView.dialogLoopGuard`): show the
    /// choice "Don't let this page show more dialogs" and answer `stopsFurtherDialogs` with it.
    public var offersToStopDialogs: Bool

    /// A request as the view copies it out of a `ScriptDialog`; tests make their own to drive
    /// a presenter without a page.
    public init(kind: ScriptDialog.Kind, message: String, defaultText: String? = nil, pageURI: String,
                asker: Asker = .topPage, offersToStopDialogs: Bool = false) {
        self.kind = kind
        self.message = message
        self.defaultText = defaultText
        self.pageURI = pageURI
        self.asker = asker
        self.offersToStopDialogs = offersToStopDialogs
    }

    /// Who asked, as a user should read it: the origin of the asking frame, nil when the
    /// host cannot tell which frame that was.
    public var origin: String? {
        switch asker {
        case .topPage: Self.readableOrigin(of: pageURI)
        case .embeddedFrame(let uri): Self.readableOrigin(of: uri)
        case .unknownFrame: nil
        }
    }

    /// Whether the asker is (or may be) a frame embedded in the page rather than the page.
    public var isEmbedded: Bool { asker != .topPage }

    /// `scheme://host[:port]` for web pages, the file's path for `file:` pages, the whole
    /// URI otherwise.
    static func readableOrigin(of uri: String) -> String {
        if Origin.scheme(of: uri) == "file" {
            guard let path = URL(string: uri)?.path, !path.isEmpty else { return uri }
            return path
        }
        return Origin(uri: uri)?.description ?? uri
    }
}
