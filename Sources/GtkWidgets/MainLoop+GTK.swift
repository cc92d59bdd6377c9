import CGtk
import GLibCore

extension MainLoop {
    /// Initialises GTK (once) and joins the main queue to the GLib loop.
    /// Returns false when no display can be opened.
    @discardableResult
    public static func initialize() -> Bool {
        joinMainQueue()
        return gtk_init_check(nil, nil) != 0
    }

    /// Runs the GTK loop until `quit()`.
    public static func run() {
        joinMainQueue()
        gtk_main()
    }

    /// Returns from the innermost `run()`.
    public static func quit() {
        if gtk_main_level() > 0 { gtk_main_quit() }
    }
}
