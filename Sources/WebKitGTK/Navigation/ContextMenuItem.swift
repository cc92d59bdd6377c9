/// An item an app adds to its windows' context menus (`AppContextMenu.add`): the user's
/// choice of it calls `action` with what was under the pointer.
public struct ContextMenuItem {
    /// Names the item, so the app can take it out again (`AppContextMenu.remove(id:)`).
    public var id: String
    /// The label shown; an underscore marks the mnemonic ("_Rename").
    public var title: String
    /// Runs when the user chooses the item, with what the menu was opened on.
    public var action: @MainActor (ContextMenuTarget) -> Void

    /// An item labelled `title` that runs `action`.
    public init(id: String, title: String, action: @escaping @MainActor (ContextMenuTarget) -> Void) {
        self.id = id
        self.title = title
        self.action = action
    }
}

/// What the user opened the context menu on, as WebKit's hit test tells it: the page cannot
/// forge it, since it is where the pointer was.
public struct ContextMenuTarget: Sendable, Equatable {
    /// The link under the pointer, if any.
    public var linkURI: String?
    /// The image under the pointer, if any.
    public var imageURI: String?
    /// Whether the pointer was over an editable field.
    public var isEditable: Bool

    /// A target as the menu reports it; tests make their own.
    public init(linkURI: String? = nil, imageURI: String? = nil, isEditable: Bool = false) {
        self.linkURI = linkURI
        self.imageURI = imageURI
        self.isEditable = isEditable
    }
}
