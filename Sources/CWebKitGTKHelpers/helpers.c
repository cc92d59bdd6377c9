#include "CWebKitGTKHelpers.h"

WebKitWebView *whv_web_view_new(WebKitWebContext *context,
#ifdef WHV_GTK4
                                WebKitNetworkSession *session,
#endif
                                WebKitUserContentManager *manager,
                                WebKitSettings *settings,
                                gboolean controlled_by_automation,
                                WebKitWebView *related) {
    /* A related view takes its opener's context (and, on 6.0, session); WebKit refuses them together. */
    if (related)
        return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
                                            "related-view", related,
                                            "user-content-manager", manager,
                                            "settings", settings,
                                            "is-controlled-by-automation", controlled_by_automation,
                                            NULL));
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
                                        "web-context", context,
#ifdef WHV_GTK4
                                        "network-session", session,
#endif
                                        "user-content-manager", manager,
                                        "settings", settings,
                                        "is-controlled-by-automation", controlled_by_automation,
                                        NULL));
}

#ifdef WHV_GTK4
WebKitWebContext *whv_web_context_new(WebKitMemoryPressureSettings *memory_settings) {
    return WEBKIT_WEB_CONTEXT(g_object_new(WEBKIT_TYPE_WEB_CONTEXT,
                                           "memory-pressure-settings", memory_settings,
                                           NULL));
}
#else
WebKitWebContext *whv_web_context_new(WebKitWebsiteDataManager *data_manager,
                                      WebKitMemoryPressureSettings *memory_settings) {
    return WEBKIT_WEB_CONTEXT(g_object_new(WEBKIT_TYPE_WEB_CONTEXT,
                                           "website-data-manager", data_manager,
                                           "memory-pressure-settings", memory_settings,
                                           NULL));
}

WebKitWebsiteDataManager *whv_website_data_manager_new(const char *data_dir,
                                                       const char *cache_dir) {
    return WEBKIT_WEBSITE_DATA_MANAGER(g_object_new(WEBKIT_TYPE_WEBSITE_DATA_MANAGER,
                                                    "base-data-directory", data_dir,
                                                    "base-cache-directory", cache_dir,
                                                    NULL));
}
#endif
