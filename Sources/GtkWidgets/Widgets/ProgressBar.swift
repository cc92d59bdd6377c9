import CGtkHelpers
import GLibCore

/// A thin bar showing how far something has got, from 0 to 1.
@MainActor
public final class ProgressBar: Widget {
    /// An empty bar (fraction 0); set `fraction` as the work goes on.
    public init() {
        super.init(sinking: gtk_progress_bar_new())
    }

    /// How much is done, from 0 (nothing) to 1 (all); GTK clamps a value outside that range.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(reference.cast()) }
        set { gtk_progress_bar_set_fraction(reference.cast(), newValue) }
    }
}
