import WebKitGTK
import GLibCore

/// The mouse's side buttons (X buttons 8 and 9) go back and forward in a view's history, as
/// in every browser; WebKitGTK leaves them to the page, which does nothing with them.
///
/// Keep it as long as the view; dropping it disconnects it.
@MainActor
public final class MouseHistoryButtons {
    /// The X button numbers of the "back" and "forward" side buttons.
    public static let backButton: UInt32 = 8, forwardButton: UInt32 = 9
    private var connection: SignalConnection?

    /// Starts taking `view`'s side-button presses (the view held weakly); other buttons go on
    /// to the page as before.
    public init(view: WebView) {
        // Reported before WebKit's own handler runs (the signal runs the class handler last).
        connection = view.widget.onButtonPress { [weak view] button in
            guard let view else { return false }
            switch button {
            case Self.backButton: view.goBack()
            case Self.forwardButton: view.goForward()
            default: return false
            }
            return true
        }
    }
}
