#ifndef CWEBKITGTK6_SHIM_H
#define CWEBKITGTK6_SHIM_H

/* WebKitGTK 6.0 on GTK 4 (the GTK4 trait); imported through CWebKitGTKHelpers. */
#include <gtk/gtk.h>
#include <webkit/webkit.h>
#include <jsc/jsc.h>
#include <libsoup/soup.h>
#include <glib-unix.h>
#include <gio/gunixfdlist.h>

#endif
