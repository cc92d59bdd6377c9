#ifndef CGTK_HELPERS_H
#define CGTK_HELPERS_H

/*
 * What Swift cannot import from GTK and GObject: variadic functions, and what needs GDK's
 * X11 header (whose `Window` type would clash with GtkWidgets' in Swift).
 * Nothing else belongs here (the Dispatch hooks are in CGLibHelpers).
 */

#include <gtk/gtk.h>

/* gtk_message_dialog_new and gtk_dialog_add_buttons are variadic. */
GtkWidget *whv_message_dialog_new(GtkWindow *parent, GtkMessageType type,
                                  GtkButtonsType buttons, const char *text);
/* gtk_message_dialog_format_secondary_text is variadic. */
void whv_message_dialog_set_secondary_text(GtkMessageDialog *dialog, const char *text);

/* g_object_get and g_object_set are variadic. */
gboolean whv_object_get_boolean(gpointer object, const char *property);
void whv_object_set_boolean(gpointer object, const char *property, gboolean value);
/* Strings: the getter's result is newly allocated (g_free it). */
void whv_object_set_string(gpointer object, const char *property, const char *value);
char *whv_object_get_string(gpointer object, const char *property);

/* The X11 window id of a realized widget's GDK window, 0 when it has none or is not on X11. */
unsigned long whv_widget_x11_window(GtkWidget *widget);

#endif
