/*
 * A web process extension of an app's own, for WebProcessExtensionsTests: it marks every
 * main frame's window with `window.__secondExtension = "loaded"`, so a test sees that it ran
 * beside the bridge's extension. Built for the WebKit the test runs: WebKitGTK 6.0's web process
 * extension API with WHV_GTK4 defined (as the bridge's own extension is), webkit2gtk-4.1's else.
 */
#ifdef WHV_GTK4
#include <webkit/webkit-web-process-extension.h>
#else
#include <webkit2/webkit-web-extension.h>
#endif

static void window_object_cleared(WebKitScriptWorld *world, WebKitWebPage *page, WebKitFrame *frame, gpointer data) {
    if (!webkit_frame_is_main_frame(frame)) return;
    JSCContext *context = webkit_frame_get_js_context_for_script_world(frame, world);
    JSCValue *window = jsc_context_get_global_object(context);
    JSCValue *mark = jsc_value_new_string(context, "loaded");
    jsc_value_object_set_property(window, "__secondExtension", mark);
    g_object_unref(mark);
    g_object_unref(window);
    g_object_unref(context);
}

#ifdef WHV_GTK4
G_MODULE_EXPORT void webkit_web_process_extension_initialize(WebKitWebProcessExtension *extension) {
#else
G_MODULE_EXPORT void webkit_web_extension_initialize(WebKitWebExtension *extension) {
#endif
    g_signal_connect(webkit_script_world_get_default(), "window-object-cleared", G_CALLBACK(window_object_cleared), NULL);
}
