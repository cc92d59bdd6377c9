#ifndef CWEBKITGTK_HELPERS_H
#define CWEBKITGTK_HELPERS_H

/*
 * What Swift cannot import from WebKitGTK: its variadic constructors.
 * Nothing else belongs here (the Dispatch hooks are in CGLibHelpers).
 */

#include <webkit2/webkit2.h>

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
