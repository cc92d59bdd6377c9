#include "CWebKitGTKHelpers.h"
#include <glib-unix.h>
#include <sys/eventfd.h>

/* Exported by libdispatch for CoreFoundation's run loop; on Linux the handle
 * is an eventfd that becomes readable when the main queue has work. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static gboolean drain_main_queue(gint fd, GIOCondition condition, gpointer data) {
    (void)condition; (void)data;
    /* Reset the eventfd first, as CoreFoundation's run loop does: left readable, it
     * would wake the loop forever and starve lower-priority sources (WebKit's IPC). */
    eventfd_t ignored;
    eventfd_read(fd, &ignored);
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

void whv_main_queue_attach(void) {
    static gsize attached = 0;
    if (g_once_init_enter(&attached)) {
        g_unix_fd_add(_dispatch_get_main_queue_handle_4CF(), G_IO_IN, drain_main_queue, NULL);
        g_once_init_leave(&attached, 1);
    }
}

WebKitWebView *whv_web_view_new(WebKitWebContext *context,
                                WebKitUserContentManager *manager,
                                WebKitSettings *settings) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
                                        "web-context", context,
                                        "user-content-manager", manager,
                                        "settings", settings,
                                        NULL));
}

WebKitWebContext *whv_web_context_new(WebKitWebsiteDataManager *data_manager) {
    return WEBKIT_WEB_CONTEXT(g_object_new(WEBKIT_TYPE_WEB_CONTEXT,
                                           "website-data-manager", data_manager,
                                           NULL));
}

WebKitWebsiteDataManager *whv_website_data_manager_new(const char *data_dir,
                                                       const char *cache_dir) {
    return WEBKIT_WEBSITE_DATA_MANAGER(g_object_new(WEBKIT_TYPE_WEBSITE_DATA_MANAGER,
                                                    "base-data-directory", data_dir,
                                                    "base-cache-directory", cache_dir,
                                                    NULL));
}

GtkWidget *whv_message_dialog_new(GtkWindow *parent, GtkMessageType type,
                                  GtkButtonsType buttons, const char *text) {
    return gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                  type, buttons, "%s", text);
}

void whv_message_dialog_set_secondary_text(GtkMessageDialog *dialog, const char *text) {
    gtk_message_dialog_format_secondary_text(dialog, "%s", text);
}

