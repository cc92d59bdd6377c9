#ifndef CWEBKITGTK_SHIM_H
#define CWEBKITGTK_SHIM_H

#include <gtk/gtk.h>
#include <webkit2/webkit2.h>
#include <jsc/jsc.h>
#include <libsoup/soup.h>
#include <glib-unix.h>
#include <gio/gunixfdlist.h>

#endif
