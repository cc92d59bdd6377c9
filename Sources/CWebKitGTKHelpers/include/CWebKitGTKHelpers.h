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
/*
 * WebKitGTK 6.0 declares most of its classes final (G_DECLARE_FINAL_TYPE), leaving their
 * instance structs incomplete, which Swift imports as OpaquePointer where 4.1's complete
 * structs import as typed pointers. Completed here with their parent only, they import as
 * typed pointers on both, so the wrapper's code and its ObjectReference<WebKit…> are one.
 * Nothing reads their fields or allocates one: WebKit's real structs are larger.
 */
struct _JSCClass { GObject parent_instance; };
struct _JSCContext { GObject parent_instance; };
struct _JSCException { GObject parent_instance; };
struct _JSCValue { GObject parent_instance; };
struct _JSCVirtualMachine { GObject parent_instance; };
struct _JSCWeakValue { GObject parent_instance; };
struct _WebKitAuthenticationRequest { GObject parent_instance; };
struct _WebKitAutomationSession { GObject parent_instance; };
struct _WebKitBackForwardList { GObject parent_instance; };
struct _WebKitBackForwardListItem { GInitiallyUnowned parent_instance; };
struct _WebKitClipboardPermissionRequest { GObject parent_instance; };
struct _WebKitColorChooserRequest { GObject parent_instance; };
struct _WebKitContextMenu { GObject parent_instance; };
struct _WebKitContextMenuItem { GInitiallyUnowned parent_instance; };
struct _WebKitCookieManager { GObject parent_instance; };
struct _WebKitDeviceInfoPermissionRequest { GObject parent_instance; };
struct _WebKitDownload { GObject parent_instance; };
struct _WebKitEditorState { GObject parent_instance; };
struct _WebKitFaviconDatabase { GObject parent_instance; };
struct _WebKitFileChooserRequest { GObject parent_instance; };
struct _WebKitFindController { GObject parent_instance; };
struct _WebKitFormSubmissionRequest { GObject parent_instance; };
struct _WebKitGeolocationManager { GObject parent_instance; };
struct _WebKitGeolocationPermissionRequest { GObject parent_instance; };
struct _WebKitHitTestResult { GObject parent_instance; };
struct _WebKitMediaKeySystemPermissionRequest { GObject parent_instance; };
struct _WebKitNavigationPolicyDecision { WebKitPolicyDecision parent_instance; };
struct _WebKitNetworkSession { GObject parent_instance; };
struct _WebKitNotification { GObject parent_instance; };
struct _WebKitNotificationPermissionRequest { GObject parent_instance; };
struct _WebKitOptionMenu { GObject parent_instance; };
struct _WebKitPointerLockPermissionRequest { GObject parent_instance; };
struct _WebKitPrintOperation { GObject parent_instance; };
struct _WebKitResponsePolicyDecision { WebKitPolicyDecision parent_instance; };
struct _WebKitSecurityManager { GObject parent_instance; };
struct _WebKitSettings { GObject parent_instance; };
struct _WebKitURIRequest { GObject parent_instance; };
struct _WebKitURIResponse { GObject parent_instance; };
struct _WebKitURISchemeRequest { GObject parent_instance; };
struct _WebKitURISchemeResponse { GObject parent_instance; };
struct _WebKitUserContentFilterStore { GObject parent_instance; };
struct _WebKitUserContentManager { GObject parent_instance; };
struct _WebKitUserMediaPermissionRequest { GObject parent_instance; };
struct _WebKitUserMessage { GInitiallyUnowned parent_instance; };
struct _WebKitWebContext { GObject parent_instance; };
struct _WebKitWebInspector { GObject parent_instance; };
struct _WebKitWebResource { GObject parent_instance; };
struct _WebKitWebsiteDataAccessPermissionRequest { GObject parent_instance; };
struct _WebKitWebsiteDataManager { GObject parent_instance; };
struct _WebKitWebsitePolicies { GObject parent_instance; };
struct _WebKitWindowProperties { GObject parent_instance; };
#endif

/* g_object_new is variadic; is-controlled-by-automation, related-view (NULL for none: the
 * view of a popup shares its opener's web process) and, on 6.0, network-session can only be
 * set at construction. */
WebKitWebView *whv_web_view_new(WebKitWebContext *context,
#ifdef WHV_GTK4
                                WebKitNetworkSession *session,
#endif
                                WebKitUserContentManager *manager,
                                WebKitSettings *settings,
                                gboolean controlled_by_automation,
                                WebKitWebView *related);
/* memory-pressure-settings is construct-only; NULL leaves WebKit's defaults. */
#ifdef WHV_GTK4
WebKitWebContext *whv_web_context_new(WebKitMemoryPressureSettings *memory_settings);
#else
WebKitWebContext *whv_web_context_new(WebKitWebsiteDataManager *data_manager,
                                      WebKitMemoryPressureSettings *memory_settings);
WebKitWebsiteDataManager *whv_website_data_manager_new(const char *data_dir,
                                                       const char *cache_dir);
#endif

#endif
