/*
 * The floor of webview-bench's start-up rows: a raw WebKitGTK window in C, run as a process
 * of its own (`webview-startup-floor URI`). It shows URI in WebKit's default context as
 * WebKit sets it up (no sandbox on GTK 3; WebKitGTK 6.0's is always on), with none of the
 * host's start-up: no Swift runtime, no GtkApplication, preflight, bridge, web process
 * extension, colour scheme or guards. Its window has the app window's default size (AppWindowConfiguration's 1024x768), so both draw
 * as many pixels to their first paint. Runs until killed.
 */
#include <stdio.h>
#include <gtk/gtk.h>
/* The trait's WebKit, as the headers found say (a trait is a Swift condition, not a C define). */
#if GTK_MAJOR_VERSION >= 4
#include <webkit/webkit.h>
#else
#include <webkit2/webkit2.h>
#endif

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: webview-startup-floor URI\n");
        return 2;
    }
#if GTK_MAJOR_VERSION >= 4
    /* WebKitGTK 6.0's sandbox is always on: this floor is sandboxed, as the GTK 4 app is. */
    gtk_init();
    GtkWidget *window = gtk_window_new();
    GtkWidget *view = webkit_web_view_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 768);
    gtk_window_set_child(GTK_WINDOW(window), view);
    gtk_window_present(GTK_WINDOW(window));
    webkit_web_view_load_uri(WEBKIT_WEB_VIEW(view), argv[1]);
    for (;;)
        g_main_context_iteration(NULL, TRUE);
#else
    gtk_init(NULL, NULL);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    GtkWidget *view = webkit_web_view_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 768);
    gtk_container_add(GTK_CONTAINER(window), view);
    gtk_widget_show_all(window);
    webkit_web_view_load_uri(WEBKIT_WEB_VIEW(view), argv[1]);
    gtk_main();
    return 0;
#endif
}
