#ifndef CGLIB_SHIM_H
#define CGLIB_SHIM_H

/* GLib, GObject and GIO alone: the layer every other module builds on, without GTK. */
#include <glib.h>
#include <glib-object.h>
#include <glib-unix.h>
#include <gio/gio.h>
/* gettext's bindtextdomain and setlocale, for the text domains of GLibCore's TextDomain. */
#include <libintl.h>
#include <locale.h>

#endif
