import FoundationEssentials
import GtkWidgets

/// What the user is asked to choose: one file or several to open, a folder, or where to save.
/// The same question for the portal and for GTK's own dialog, so it is GtkWidgets' one.
public typealias FileChoiceKind = FileDialog.Action

/// Which files a chooser lists: a named set of name patterns and MIME types ("Notes",
/// `*.json`); the user picks one of the filters offered. GtkWidgets' one, which the portal's
/// request is written from too.
public typealias FileFilter = FileDialog.Filter

/// One question to the user through a file chooser: what to choose, the dialog's title, its
/// filters and the folder it starts in.
public struct FileChoice: Sendable, Equatable {
    /// One file, several, a folder, or where to save.
    public var kind: FileChoiceKind
    /// The dialog's title ("Import Notes").
    public var title: String
    /// The filters offered, the first selected; none lists every file.
    public var filters: [FileFilter]
    /// The folder shown first; nil leaves it to the chooser (the last folder used).
    public var startFolder: URL?
    /// The label of the button that accepts ("Import"); nil uses the chooser's own (Open, Save).
    public var acceptLabel: String?

    /// A choice of `kind` titled `title`; the rest are optional.
    public init(_ kind: FileChoiceKind, title: String, filters: [FileFilter] = [], startFolder: URL? = nil,
                acceptLabel: String? = nil) {
        self.kind = kind
        self.title = title
        self.filters = filters
        self.startFolder = startFolder
        self.acceptLabel = acceptLabel
    }
}

/// Why a chooser gave no files, other than the user's cancelling (which gives none, no error).
public enum FileChooserError: Error, Equatable, CustomStringConvertible {
    /// The desktop portal refused or failed the request (its response code 2, or a D-Bus error
    /// other than "no portal here").
    case portalFailed(String)
    /// Another chooser of the same window is still open: one question at a time.
    case alreadyOpen

    public var description: String {
        switch self {
        case .portalFailed(let reason): "the desktop's file chooser failed: \(reason)"
        case .alreadyOpen: "a file chooser is already open over this window"
        }
    }
}
