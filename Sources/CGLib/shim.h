#ifndef CGLIB_SHIM_H
#define CGLIB_SHIM_H

/* GLib alone, for modules that log but must not depend on GTK. */
#include <glib.h>

#endif
