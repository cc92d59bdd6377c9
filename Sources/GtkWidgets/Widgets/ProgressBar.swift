import CGtk
import GLibCore

/// A thin bar showing how far something has got, from 0 to 1.
@MainActor
public final class ProgressBar: Widget {
    public init() {
        super.init(sinking: gtk_progress_bar_new())
    }

    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(reference.cast()) }
        set { gtk_progress_bar_set_fraction(reference.cast(), newValue) }
    }
}
