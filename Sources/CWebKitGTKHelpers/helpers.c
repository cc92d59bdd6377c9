#include "CWebKitGTKHelpers.h"

#ifdef WHV_GTK4
WebKitWebView *whv_web_view_new(WebKitWebContext *context,
                                WebKitNetworkSession *session,
                                WebKitUserContentManager *manager,
                                WebKitSettings *settings,
                                gboolean controlled_by_automation,
                                WebKitWebView *related) {
    /* A related view takes its opener's context and session; WebKit refuses them together. */
    if (related)
        return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
                                            "related-view", related,
                                            "user-content-manager", manager,
                                            "settings", settings,
                                            "is-controlled-by-automation", controlled_by_automation,
                                            NULL));
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
                                        "web-context", context,
                                        "network-session", session,
                                        "user-content-manager", manager,
                                        "settings", settings,
                                        "is-controlled-by-automation", controlled_by_automation,
                                        NULL));
}

WebKitWebContext *whv_web_context_new(WebKitMemoryPressureSettings *memory_settings) {
    return WEBKIT_WEB_CONTEXT(g_object_new(WEBKIT_TYPE_WEB_CONTEXT,
                                           "memory-pressure-settings", memory_settings,
                                           NULL));
}
#else
WebKitWebView *whv_web_view_new(WebKitWebContext *context,
                                WebKitUserContentManager *manager,
                                WebKitSettings *settings,
                                gboolean controlled_by_automation,
                                WebKitWebView *related) {
    /* A related view takes its opener's context; WebKit refuses both at once. */
    if (related)
        return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
                                            "related-view", related,
                                            "user-content-manager", manager,
                                            "settings", settings,
                                            "is-controlled-by-automation", controlled_by_automation,
                                            NULL));
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
                                        "web-context", context,
                                        "user-content-manager", manager,
                                        "settings", settings,
                                        "is-controlled-by-automation", controlled_by_automation,
                                        NULL));
}

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
