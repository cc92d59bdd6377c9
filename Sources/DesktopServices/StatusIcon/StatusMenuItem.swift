/// One entry of the status icon's menu: a command with a label, or a separator line.
public struct StatusMenuItem {
    /// What the entry is.
    public enum Kind {
        /// A command: `handler` runs when the user picks it.
        case command(label: String, isEnabled: Bool, handler: @MainActor () -> Void)
        /// A line between groups of commands.
        case separator
    }

    /// What the entry is.
    public var kind: Kind

    /// A command labelled `label` (an underscore before a letter makes it the access key),
    /// greyed out unless `isEnabled`, running `handler` when picked.
    public static func command(_ label: String, isEnabled: Bool = true,
                               _ handler: @escaping @MainActor () -> Void) -> StatusMenuItem {
        StatusMenuItem(kind: .command(label: label, isEnabled: isEnabled, handler: handler))
    }

    /// A separator line.
    public static var separator: StatusMenuItem { StatusMenuItem(kind: .separator) }
}
