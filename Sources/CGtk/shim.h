#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

/* GTK 3 alone, for the widget layer: no WebKit. */
#include <gtk/gtk.h>
#include <glib-unix.h>

#endif
