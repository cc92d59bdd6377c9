#define _GNU_SOURCE
#include "WebViewHostWebProcess.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <gio/gunixfdlist.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>
#ifdef WHV_GTK4
#include <webkit/webkit-web-process-extension.h>
#else
#include <webkit2/webkit-web-extension.h>
#endif

/* A call in flight: the page's settle functions. */
typedef struct {
    JSCValue *resolve;
    JSCValue *reject;
} PendingCall;

static void pending_call_free(PendingCall *call)
{
    g_clear_object(&call->resolve);
    g_clear_object(&call->reject);
    g_free(call);
}

static void settle_with_error(PendingCall *call, const char *message)
{
    JSCValue *result = jsc_value_function_call(call->reject, G_TYPE_STRING, message, G_TYPE_NONE);
    g_clear_object(&result);
}

/* A new sealed memfd holding `size` bytes, how the page's bytes go to the view; -1 (errno
 * set) when it cannot be made. */
static int memfd_with_bytes(const void *bytes, size_t size)
{
    int fd = memfd_create("webviewhost-binary", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0)
        return -1;
    size_t written = 0;
    while (written < size) {
        ssize_t count = write(fd, (const char *)bytes + written, size - written);
        if (count < 0 && errno == EINTR)
            continue;
        if (count <= 0) {
            close(fd);
            return -1;
        }
        written += (size_t)count;
    }
    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
    return fd;
}

/* Asks the kernel for the pages of a large buffer up front, in huge pages where it can:
 * faulting 4 KiB pages one by one costs more than the copy. */
static void prepare_pages(void *data, gsize size)
{
    const uintptr_t huge = 2u << 20;
    uintptr_t start = ((uintptr_t)data + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)data + size) & ~(huge - 1);
    if (end <= start)
        return;
    madvise((void *)start, end - start, MADV_HUGEPAGE);
#ifdef MADV_POPULATE_WRITE
    madvise((void *)start, end - start, MADV_POPULATE_WRITE);
#endif
}

/* A new ArrayBuffer of the page's holding the `size` bytes the view streams into `fd`, or
 * NULL with `error` set. The view writes as the page reads, so the copy into the page runs
 * beside the view's; a view that stops writing fails the call after a while, never hangs it. */
static JSCValue *array_buffer_from_stream(JSCContext *context, int fd, guint64 size, const char **error)
{
    JSCValue *constructor = jsc_context_get_value(context, "ArrayBuffer");
    JSCValue *buffer = jsc_value_constructor_call(constructor, G_TYPE_DOUBLE, (double)size, G_TYPE_NONE);
    g_object_unref(constructor);
    if (jsc_context_get_exception(context) || !buffer || !jsc_value_is_array_buffer(buffer)) {
        jsc_context_clear_exception(context);
        g_clear_object(&buffer);
        *error = "the page could not allocate the answer's bytes";
        return NULL;
    }
    gsize length = 0;
    char *data = jsc_value_array_buffer_get_data(buffer, &length);
    if (size >= (4u << 20))
        prepare_pages(data, size);
    struct timeval patience = { .tv_sec = 30 };
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
    guint64 done = 0;
    while (done < size) {
        ssize_t count = recv(fd, data + done, size - done, MSG_WAITALL);
        if (count < 0 && errno == EINTR)
            continue;
        if (count <= 0) {
            g_object_unref(buffer);
            *error = "the view stopped sending the answer's bytes";
            return NULL;
        }
        done += (guint64)count;
    }
    return buffer;
}

static void answered(GObject *source, GAsyncResult *result, gpointer data)
{
    PendingCall *call = data;
    GError *failure = NULL;
    WebKitUserMessage *answer = webkit_web_page_send_message_to_view_finish(WEBKIT_WEB_PAGE(source), result, &failure);
    if (!answer) {
        settle_with_error(call, failure->message);
        g_error_free(failure);
        pending_call_free(call);
        return;
    }
    GVariant *parameters = webkit_user_message_get_parameters(answer);
    GUnixFDList *descriptors = webkit_user_message_get_fd_list(answer);
    const char *error = "the view's answer was malformed";
    if (parameters && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ust)")) && descriptors
        && g_unix_fd_list_get_length(descriptors) == 1) {
        guint32 status = 0;
        const char *type = NULL;
        guint64 size = 0;
        g_variant_get(parameters, "(u&st)", &status, &type, &size);
        int fd = g_unix_fd_list_get(descriptors, 0, NULL);
        JSCValue *buffer = fd >= 0 ? array_buffer_from_stream(jsc_value_get_context(call->resolve), fd, size, &error) : NULL;
        if (fd >= 0)
            close(fd);
        if (buffer) {
            JSCValue *ignored = jsc_value_function_call(call->resolve, G_TYPE_UINT, status, G_TYPE_STRING, type,
                                                        JSC_TYPE_VALUE, buffer, G_TYPE_NONE);
            g_clear_object(&ignored);
            g_object_unref(buffer);
            error = NULL;
        }
    }
    if (error)
        settle_with_error(call, error);
    g_object_unref(answer);
    pending_call_free(call);
}

/* The bytes of `body`: an ArrayBuffer, a typed array, or null/undefined for none. */
static gboolean body_bytes(JSCValue *body, gconstpointer *bytes, gsize *size)
{
    *bytes = NULL;
    *size = 0;
    if (jsc_value_is_null(body) || jsc_value_is_undefined(body))
        return TRUE;
    if (jsc_value_is_array_buffer(body)) {
        *bytes = jsc_value_array_buffer_get_data(body, size);
        return TRUE;
    }
    if (jsc_value_is_typed_array(body)) {
        *bytes = jsc_value_typed_array_get_data(body, NULL);
        *size = jsc_value_typed_array_get_size(body);
        return TRUE;
    }
    return FALSE;
}

/* window.__webViewHostBinary(uri, body, resolve, reject) */
static void send_binary(GPtrArray *arguments, GWeakRef *page_reference)
{
    JSCContext *context = jsc_context_get_current();
    if (arguments->len != 4 || !jsc_value_is_string(arguments->pdata[0])
        || !jsc_value_is_function(arguments->pdata[2]) || !jsc_value_is_function(arguments->pdata[3])) {
        jsc_context_throw_with_name(context, "TypeError", "expected (uri, body, resolve, reject)");
        return;
    }
    gconstpointer bytes;
    gsize size;
    if (!body_bytes(arguments->pdata[1], &bytes, &size)) {
        jsc_context_throw_with_name(context, "TypeError", "the body must be an ArrayBuffer, a typed array or null");
        return;
    }
    PendingCall *call = g_new0(PendingCall, 1);
    call->resolve = g_object_ref(arguments->pdata[2]);
    call->reject = g_object_ref(arguments->pdata[3]);
    WebKitWebPage *page = g_weak_ref_get(page_reference);
    int fd = page ? memfd_with_bytes(bytes, size) : -1;
    if (fd < 0) {
        settle_with_error(call, page ? "the request's bytes could not be passed on" : "the page is gone");
        pending_call_free(call);
        g_clear_object(&page);
        return;
    }
    char *uri = jsc_value_to_string(arguments->pdata[0]);
    GUnixFDList *descriptors = g_unix_fd_list_new_from_array(&fd, 1);
    WebKitUserMessage *message = webkit_user_message_new_with_fd_list(
        WEBVIEWHOST_BINARY_MESSAGE, g_variant_new("(s)", uri), descriptors);
    g_free(uri);
    g_object_unref(descriptors);
    webkit_web_page_send_message_to_view(page, message, NULL, answered, call);
    g_object_unref(page);
}

static void page_reference_free(gpointer data)
{
    g_weak_ref_clear(data);
    g_free(data);
}

/* Each new global object of a main frame's page world gets the function and the page's number. */
static void window_object_cleared(WebKitScriptWorld *world, WebKitWebPage *page, WebKitFrame *frame, gpointer data)
{
    (void)data;
    if (!webkit_frame_is_main_frame(frame))
        return;
    JSCContext *context = webkit_frame_get_js_context_for_script_world(frame, world);
    GWeakRef *page_reference = g_new0(GWeakRef, 1);
    g_weak_ref_init(page_reference, page);
    JSCValue *function = jsc_value_new_function_variadic(context, WEBVIEWHOST_BINARY_FUNCTION, G_CALLBACK(send_binary),
                                                         page_reference, page_reference_free, G_TYPE_NONE);
    JSCValue *global = jsc_context_get_global_object(context);
    jsc_value_object_define_property_data(global, WEBVIEWHOST_BINARY_FUNCTION, JSC_VALUE_PROPERTY_CONFIGURABLE, function);
    JSCValue *identifier = jsc_value_new_number(context, (double)webkit_web_page_get_id(page));
    jsc_value_object_define_property_data(global, WEBVIEWHOST_PAGE_PROPERTY, JSC_VALUE_PROPERTY_CONFIGURABLE, identifier);
    g_object_unref(identifier);
    g_object_unref(global);
    g_object_unref(function);
    g_object_unref(context);
}

static void connect_page_worlds(void)
{
    g_signal_connect(webkit_script_world_get_default(), "window-object-cleared", G_CALLBACK(window_object_cleared), NULL);
}

/* WebKit looks up its entry point by name, one name per API version. */
#ifdef WHV_GTK4
G_MODULE_EXPORT void webkit_web_process_extension_initialize(WebKitWebProcessExtension *extension)
#else
G_MODULE_EXPORT void webkit_web_extension_initialize(WebKitWebExtension *extension)
#endif
{
    (void)extension;
    connect_page_worlds();
}

const char *webviewhost_web_process_library_path(void)
{
    Dl_info info;
    if (!dladdr((const void *)webviewhost_web_process_library_path, &info))
        return NULL;
    return info.dli_fname;
}
