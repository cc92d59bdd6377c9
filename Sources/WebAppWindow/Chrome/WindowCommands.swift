import WebKitGTK
import GLibCore

/// The commands GNOME users expect of any app window, in its primary menu and on its keys:
/// New Window (Ctrl+N), zoom with the current level, Find (Ctrl+F), Print (Ctrl+P),
/// Full Screen (F11), Keyboard Shortcuts (Ctrl+?) and About; F10 opens the menu.
///
/// Put `menu` at the end of the header bar. The app opens new windows itself
/// (`onNewWindow`); the Keyboard Shortcuts window lists whatever the window's
/// `KeyboardShortcuts` bind when it is opened, these commands' keys included.
@MainActor
public final class WindowCommands {
    /// The primary menu holding the commands; the window puts it at its header bar's end.
    public let menu = PrimaryMenu()
    /// The menu's zoom row; nil when the window does not offer zoom.
    public let zoom: ZoomControls?
    /// Prints the window's page (Print…, Ctrl+P), keeping the user's print settings between prints.
    public let printer: PrintOperation
    /// Opens another window of the app (New Window, Ctrl+N); without it the command does nothing.
    public var onNewWindow: (@MainActor () -> Void)?
    /// The Keyboard Shortcuts window opened last.
    public private(set) var shortcutsWindow: ShortcutsWindow?
    /// The About dialog opened last.
    public private(set) var aboutDialog: AboutDialog?
    private let about: AboutInfo?
    private let window: Window
    private let shortcuts: KeyboardShortcuts

    /// Fills `menu` and binds the commands' keys on `shortcuts`. Find is offered when there
    /// is a `findBar` to reveal, the zoom row when `showsZoom`, About when there is `about`.
    public init(window: Window, webView: WebView, shortcuts: KeyboardShortcuts, findBar: FindBar? = nil,
                showsZoom: Bool = true, about: AboutInfo? = nil) {
        self.window = window
        self.shortcuts = shortcuts
        self.about = about
        zoom = showsZoom ? ZoomControls(view: webView) : nil
        printer = PrintOperation(webView: webView)
        addCommand(KeyboardShortcuts.newWindow, tr("New Window")) { $0.onNewWindow?() }
        menu.addSeparator()
        if let zoom {
            menu.add(zoom)
            menu.addSeparator()
        }
        if let findBar {
            addCommand(KeyboardShortcuts.find, tr("Find…")) { [weak findBar] _ in findBar?.reveal() }
        }
        addCommand(KeyboardShortcuts.print, tr("Print…")) { $0.print() }
        addCommand(KeyboardShortcuts.fullscreen, tr("Full Screen")) { $0.window.toggleFullscreen() }
        menu.addSeparator()
        addCommand(KeyboardShortcuts.shortcutsWindow, tr("Keyboard Shortcuts")) { $0.showShortcuts() }
        if let about {
            menu.addItem(tr("About {app}", ["app": about.name])) { [weak self] in self?.showAbout() }
        }
        shortcuts.add(KeyboardShortcuts.menu) { [weak menu] in menu?.toggle(); return menu != nil }
        shortcuts.takeKeys(fromPopoverOf: menu)
    }

    /// A menu item that is also a key.
    private func addCommand(_ shortcut: KeyboardShortcut, _ title: String,
                            _ action: @escaping @MainActor (WindowCommands) -> Void) {
        menu.addItem(title) { [weak self] in self.map(action) }
        shortcuts.add(shortcut) { [weak self] in self.map(action); return self != nil }
    }

    /// Shows GTK's print dialog for the page; a failure is told in a dialog.
    public func print() {
        Task { [printer, window] in
            do { _ = try await printer.runDialog(parent: window) } catch {
                let dialog = MessageDialog(parent: window, style: .warning, heading: tr("The page could not be printed"),
                                           message: "\(error)")
                dialog.addButton(tr("_OK"), response: .ok)
                _ = await dialog.run()
                dialog.destroy()
            }
        }
    }

    /// Opens the Keyboard Shortcuts window, listing what the window binds now.
    @discardableResult
    public func showShortcuts() -> ShortcutsWindow {
        let shown = ShortcutsWindow.window(for: shortcuts.listed, parent: window)
        shown.present()
        shortcutsWindow = shown
        return shown
    }

    /// Opens the About dialog; nil when the window has nothing to say about its app.
    @discardableResult
    public func showAbout() -> AboutDialog? {
        guard let about else { return nil }
        let shown = AboutDialog(about, parent: window)
        shown.present()
        aboutDialog = shown
        return shown
    }
}
