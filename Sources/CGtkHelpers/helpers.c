#include "CGtkHelpers.h"
#ifdef GDK_WINDOWING_X11
#ifdef WHV_GTK4
#include <gdk/x11/gdkx.h>
#else
#include <gdk/gdkx.h>
#endif
#endif

#ifndef WHV_GTK4
GtkWidget *whv_message_dialog_new(GtkWindow *parent, GtkMessageType type,
                                  GtkButtonsType buttons, const char *text) {
    return gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                  type, buttons, "%s", text);
}

void whv_message_dialog_set_secondary_text(GtkMessageDialog *dialog, const char *text) {
    gtk_message_dialog_format_secondary_text(dialog, "%s", text);
}
#endif

#ifdef WHV_GTK4
void whv_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void whv_button_clicked(GtkWidget *button) {
    g_signal_emit_by_name(button, "clicked");
}
#endif

gboolean whv_object_get_boolean(gpointer object, const char *property) {
    gboolean value = FALSE;
    g_object_get(object, property, &value, NULL);
    return value;
}

void whv_object_set_boolean(gpointer object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

void whv_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

char *whv_object_get_string(gpointer object, const char *property) {
    char *value = NULL;
    g_object_get(object, property, &value, NULL);
    return value;
}

unsigned long whv_widget_x11_window(GtkWidget *widget) {
#if defined(GDK_WINDOWING_X11) && defined(WHV_GTK4)
    GtkNative *native = gtk_widget_get_native(widget);
    GdkSurface *surface = native != NULL ? gtk_native_get_surface(native) : NULL;
    if (surface != NULL && GDK_IS_X11_SURFACE(surface)) {
        return gdk_x11_surface_get_xid(surface);
    }
#elif defined(GDK_WINDOWING_X11)
    GdkWindow *window = gtk_widget_get_window(widget);
    if (window != NULL && GDK_IS_X11_WINDOW(window)) {
        return gdk_x11_window_get_xid(window);
    }
#endif
    return 0;
}
