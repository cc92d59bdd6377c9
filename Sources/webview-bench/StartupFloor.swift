import CWebKitGTKHelpers
import Foundation

/// The start-up rows' floor, run as a process of its own (`webview-bench --startup-floor URI`):
/// a raw WebKitGTK window, C calls only, showing `uri` in WebKit's default context as WebKit
/// sets it up (no sandbox), with none of the host's start-up (no GtkApplication, preflight,
/// bridge, web process extension, colour scheme or guards). Its window has the app window's
/// default size (`AppWindowConfiguration`'s 1024×768), so both draw as many pixels to their
/// first paint. Runs until killed. With the GTK4 trait it is GTK 4 and WebKitGTK 6.0's floor,
/// whose sandbox cannot be turned off.
@MainActor
func runStartupFloor(uri: String) -> Never {
    #if GTK4
    gtk_init()
    let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
    let view = webkit_web_view_new()!
    gtk_window_set_default_size(window, 1024, 768)
    gtk_window_set_child(window, view)
    gtk_window_present(window)
    webkit_web_view_load_uri(UnsafeMutableRawPointer(view).assumingMemoryBound(to: WebKitWebView.self), uri)
    while true { g_main_context_iteration(nil, 1) }
    #else
    gtk_init(nil, nil)
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    let view = webkit_web_view_new()!
    gtk_window_set_default_size(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), 1024, 768)
    gtk_container_add(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkContainer.self), view)
    gtk_widget_show_all(window)
    webkit_web_view_load_uri(UnsafeMutableRawPointer(view).assumingMemoryBound(to: WebKitWebView.self), uri)
    gtk_main()
    exit(0)
    #endif
}
