/*
 * The floor of webview-bench's start-up rows: a raw WebKitGTK window in C, run as a process
 * of its own (`webview-startup-floor URI`). It shows URI in WebKit's default context as
 * WebKit sets it up (no sandbox), with none of the host's start-up: no Swift runtime, no
 * GtkApplication, preflight, bridge, web process extension, colour scheme or guards. Its
 * window has the app window's default size (AppWindowConfiguration's 1024x768), so both draw
 * as many pixels to their first paint. Runs until killed.
 */
#include <stdio.h>
#include <webkit2/webkit2.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: webview-startup-floor URI\n");
        return 2;
    }
    gtk_init(NULL, NULL);
    GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    GtkWidget *view = webkit_web_view_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 768);
    gtk_container_add(GTK_CONTAINER(window), view);
    gtk_widget_show_all(window);
    webkit_web_view_load_uri(WEBKIT_WEB_VIEW(view), argv[1]);
    gtk_main();
    return 0;
}
