import GtkWidgets
/// An app's own window around one web view: what `Automation` asks the app to make for each
/// browsing context a WebDriver session opens, so the session drives the app's real window
/// (its chrome, bridge and guards) rather than a bare view.
@MainActor
public protocol HostingWindow: AnyObject {
    /// The top-level window showing the view.
    var window: Window { get }
}
