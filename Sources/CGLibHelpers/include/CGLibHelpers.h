#ifndef CGLIB_HELPERS_H
#define CGLIB_HELPERS_H

/*
 * What Swift cannot reach in GLib by itself: the Dispatch hooks that let the GLib
 * loop drain Swift's main queue. Nothing else belongs here.
 */

/* Attach a GLib fd source to the default main context that drains Swift's main
 * queue whenever it has work. Idempotent. */
void whv_main_queue_attach(void);

#endif
