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
    public let menu = PrimaryMenu()
    public let zoom: ZoomControls
    public let printer: PrintOperation
    /// Opens another window of the app (New Window, Ctrl+N); without it the command does nothing.
    public var onNewWindow: (@MainActor () -> Void)?
    /// The Keyboard Shortcuts window opened last.
    public private(set) var shortcutsWindow: ShortcutsWindow?
    /// The About dialog opened last.
    public private(set) var aboutDialog: AboutDialog?
    private let about: AboutInfo
    private let window: Window
    private let shortcuts: KeyboardShortcuts

    /// Fills `menu` and binds the commands' keys on `shortcuts`; `findBar` is revealed by Find.
    public init(window: Window, webView: WebView, findBar: FindBar, shortcuts: KeyboardShortcuts, about: AboutInfo) {
        self.window = window
        self.shortcuts = shortcuts
        self.about = about
        zoom = ZoomControls(view: webView)
        printer = PrintOperation(webView: webView)
        let commands: [(KeyboardShortcut, String, @MainActor (WindowCommands) -> Void)] = [
            (KeyboardShortcuts.newWindow, "New Window", { $0.onNewWindow?() }),
            (KeyboardShortcuts.find, "Find…", { [weak findBar] _ in findBar?.reveal() }),
            (KeyboardShortcuts.print, "Print…", { $0.print() }),
            (KeyboardShortcuts.fullscreen, "Full Screen", { $0.window.toggleFullscreen() }),
            (KeyboardShortcuts.shortcutsWindow, "Keyboard Shortcuts", { $0.showShortcuts() }),
        ]
        for (index, (shortcut, title, action)) in commands.enumerated() {
            if index == 1 { menu.addSeparator(); menu.add(zoom); menu.addSeparator() }
            if index == 4 { menu.addSeparator() }
            menu.addItem(title) { [weak self] in self.map(action) }
            shortcuts.add(shortcut) { [weak self] in self.map(action); return self != nil }
        }
        menu.addItem("About \(about.name)") { [weak self] in self?.showAbout() }
        shortcuts.add(KeyboardShortcuts.menu) { [weak menu] in menu?.toggle(); return menu != nil }
    }

    /// Shows GTK's print dialog for the page; a failure is told in a dialog.
    public func print() {
        Task { [printer, window] in
            do { _ = try await printer.runDialog(parent: window) } catch {
                let dialog = MessageDialog(parent: window, style: .warning, heading: "The page could not be printed",
                                           message: "\(error)")
                dialog.addButton("_OK", response: .ok)
                _ = await dialog.run()
                dialog.destroy()
            }
        }
    }

    /// Opens the Keyboard Shortcuts window, listing what the window binds now.
    @discardableResult
    public func showShortcuts() -> ShortcutsWindow {
        let shown = ShortcutsWindow(shortcuts: shortcuts.listed, parent: window)
        shown.present()
        shortcutsWindow = shown
        return shown
    }

    /// Opens the About dialog.
    @discardableResult
    public func showAbout() -> AboutDialog {
        let shown = AboutDialog(about, parent: window)
        shown.present()
        aboutDialog = shown
        return shown
    }
}
