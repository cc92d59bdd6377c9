import NotesHandlers
import WebBridge
import WebBridgeGTK
import WebKitGTK

/// The window: a web view whose page reaches the notes through the bridge's handlers.
@MainActor
final class NotesWindow: HostingWindow {
    let window = Window(title: "Notes", width: 480, height: 600)
    private let view: WebView
    private let bridge: WebViewBridge
    private let shortcuts: KeyboardShortcuts
    private var titleObservation: Observation?

    init(view: WebView, store: NotesStore) {
        self.view = view
        // Made before the first load, so the page finds `window.bridge` from its first script.
        bridge = WebViewBridge(view: view)
        NotesBridge.install(on: bridge, store: store)
        shortcuts = KeyboardShortcuts(window: window)
        shortcuts.add(["<Control>q", "<Control>w"]) { [weak window] in window?.close(); return true }
        window.setChild(view.widget)
        titleObservation = view.observe { [weak self] event in
            if case .titleChanged(let title) = event { self?.window.title = title ?? "Notes" }
        }
    }

    func show(uri: String) {
        show()
        bridge.load(uri: uri)
    }

    func show() {
        window.showAll()
        view.focus()
    }

    func present() {
        window.present()
    }
}
