#ifndef CGTK_HELPERS_H
#define CGTK_HELPERS_H

/*
 * The toolkit's C API for GtkWidgets, one module whatever the trait: GTK 3 (default), or
 * GTK 4 and libadwaita (the GTK4 trait). The package makes this target depend on the one
 * toolkit chosen, and Swift sees that toolkit's headers through this module.
 *
 * Beside them, what Swift cannot import: variadic functions, and what needs GDK's X11 header
 * (whose `Window` type would clash with GtkWidgets' in Swift).
 * Nothing else belongs here (the Dispatch hooks are in CGLibHelpers).
 */

#include <gtk/gtk.h>
#include <glib-unix.h>
/* Which toolkit the trait chose, as the headers found say: a define in the package's
 * cSettings reaches the C compiler but not Swift's importer of this header. */
#if GTK_MAJOR_VERSION >= 4
#define WHV_GTK4 1
#include <adwaita.h>
#endif

#ifndef WHV_GTK4
/* gtk_message_dialog_new and gtk_dialog_add_buttons are variadic. */
GtkWidget *whv_message_dialog_new(GtkWindow *parent, GtkMessageType type,
                                  GtkButtonsType buttons, const char *text);
/* gtk_message_dialog_format_secondary_text is variadic. */
void whv_message_dialog_set_secondary_text(GtkMessageDialog *dialog, const char *text);
#endif

#ifdef WHV_GTK4
/* gtk_accessible_update_property is variadic: sets the accessible label a screen reader reads. */
void whv_accessible_set_label(GtkWidget *widget, const char *label);
/* g_signal_emit_by_name is variadic: clicks a button at once, as GTK 3's gtk_button_clicked
 * does (GTK 4's activation clicks it only after showing it pressed for a moment). */
void whv_button_clicked(GtkWidget *button);
#endif

/* g_object_get and g_object_set are variadic. */
gboolean whv_object_get_boolean(gpointer object, const char *property);
void whv_object_set_boolean(gpointer object, const char *property, gboolean value);
/* Strings: the getter's result is newly allocated (g_free it). */
void whv_object_set_string(gpointer object, const char *property, const char *value);
char *whv_object_get_string(gpointer object, const char *property);

/* The X11 window id of a realized widget's window (GTK 3's GdkWindow, GTK 4's GdkSurface),
 * 0 when it has none or is not on X11. */
unsigned long whv_widget_x11_window(GtkWidget *widget);

#endif
