#ifndef CGTK4_SHIM_H
#define CGTK4_SHIM_H

/* GTK 4 alone, for the widget layer (the GTK4 trait); imported through CGtkHelpers. */
#include <gtk/gtk.h>
#include <glib-unix.h>

#endif
