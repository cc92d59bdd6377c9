import CGtkHelpers
import GLibCore

extension MainLoop {
    /// Initialises GTK (once) and joins the main queue to the GLib loop.
    /// Returns false when no display can be opened.
    @discardableResult
    public static func initialize() -> Bool {
        joinMainQueue()
        #if GTK4
        // libadwaita's style sheet and style manager, as an AdwApplication starts them.
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        return true
        #else
        return gtk_init_check(nil, nil) != 0
        #endif
    }

    /// Runs the GTK loop until `quit()`.
    public static func run() {
        joinMainQueue()
        #if GTK4
        // GTK 4 has no loop of its own (`gtk_main`): a GLib loop, stacked as GTK 3 nested them.
        let loop = g_main_loop_new(nil, 0)!
        runningLoops.append(loop)
        g_main_loop_run(loop)
        g_main_loop_unref(loop)
        #else
        gtk_main()
        #endif
    }

    /// Returns from the innermost `run()`.
    public static func quit() {
        #if GTK4
        if let loop = runningLoops.popLast() { g_main_loop_quit(loop) }
        #else
        if gtk_main_level() > 0 { gtk_main_quit() }
        #endif
    }

    #if GTK4
    /// The loops `run()` is in, innermost last.
    @MainActor private static var runningLoops: [OpaquePointer] = []
    #endif
}
