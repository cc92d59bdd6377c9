#include "CGLibHelpers.h"
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
