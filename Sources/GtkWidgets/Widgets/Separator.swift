import CGtkHelpers
import GLibCore

/// A thin line between groups of controls, such as the sections of a menu.
@MainActor
public final class Separator: Widget {
    /// A line across a column (`.horizontal`) or down a row (`.vertical`).
    public init(_ orientation: Box.Orientation = .horizontal) {
        super.init(sinking: gtk_separator_new(orientation.gtk))
    }
}
