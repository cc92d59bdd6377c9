#ifndef CWEBKITGTK_HELPERS_H
#define CWEBKITGTK_HELPERS_H

/*
 * WebKitGTK's C API for the WebKitGTK module, one module whatever the trait: webkit2gtk-4.1
 * on GTK 3 (default), or WebKitGTK 6.0 on GTK 4 (the GTK4 trait). The package makes this
 * target depend on the one WebKit chosen, and Swift sees its headers through this module.
 *
 * Beside them, what Swift cannot import from WebKitGTK: its variadic constructors.
 * Nothing else belongs here (the Dispatch hooks are in CGLibHelpers).
 */

#include <gtk/gtk.h>
/* Which WebKit the trait chose, as the headers found say: a define in the package's
 * cSettings reaches the C compiler but not Swift's importer of this header. */
#if GTK_MAJOR_VERSION >= 4
#define WHV_GTK4 1
#include <webkit/webkit.h>
#else
#include <webkit2/webkit2.h>
#endif
#include <jsc/jsc.h>
#include <libsoup/soup.h>
#include <glib-unix.h>
#include <gio/gunixfdlist.h>

#ifdef WHV_GTK4
/* g_object_new is variadic; network-session, is-controlled-by-automation and related-view
 * (NULL for none: the view of a popup shares its opener's web process) can only be set at
 * construction. */
WebKitWebView *whv_web_view_new(WebKitWebContext *context,
                                WebKitNetworkSession *session,
                                WebKitUserContentManager *manager,
                                WebKitSettings *settings,
                                gboolean controlled_by_automation,
                                WebKitWebView *related);
/* memory-pressure-settings is construct-only; NULL leaves WebKit's defaults. */
WebKitWebContext *whv_web_context_new(WebKitMemoryPressureSettings *memory_settings);
#else
/* g_object_new is variadic; is-controlled-by-automation and related-view (NULL for none: the
 * view of a popup shares its opener's web process) can only be set at construction. */
WebKitWebView *whv_web_view_new(WebKitWebContext *context,
                                WebKitUserContentManager *manager,
                                WebKitSettings *settings,
                                gboolean controlled_by_automation,
                                WebKitWebView *related);
/* memory-pressure-settings is construct-only; NULL leaves WebKit's defaults. */
WebKitWebContext *whv_web_context_new(WebKitWebsiteDataManager *data_manager,
                                      WebKitMemoryPressureSettings *memory_settings);
WebKitWebsiteDataManager *whv_website_data_manager_new(const char *data_dir,
                                                       const char *cache_dir);
#endif

#endif
