#ifndef WEBVIEWHOST_WEB_PROCESS_H
#define WEBVIEWHOST_WEB_PROCESS_H

/*
 * The web process extension's contract with the UI process.
 *
 * In the main frame of every page, the page's world gets a function
 * `window.__webViewHostBinary(uri, body, resolve, reject)` (configurable, not enumerable:
 * the bridge's page client takes it and deletes it before any page script runs). It sends
 * `body` (an ArrayBuffer, a typed array or null) to the view as the user message
 * WEBVIEWHOST_BINARY_MESSAGE: parameters `(s)` (the URI), the bytes in a sealed memfd, the
 * message's only file descriptor. The view answers `(ust)` (an HTTP-like status, a content
 * type and the answer's length) with a stream socket it writes the answer's bytes to while
 * the page reads them; the page gets `resolve(status, contentType, arrayBuffer)`, or
 * `reject(message)` when no whole answer came. Bytes cross the process boundary through
 * file descriptors, never as JSON or base64, and go straight into the page's ArrayBuffer.
 *
 * The same world gets `window.__webViewHostPage` (configurable, not enumerable): the number
 * WebKit gives the page (`webkit_web_page_get_id`, the same as the view's
 * `webkit_web_view_get_page_id`), which says which view a script runs in. A popup WebKit opens
 * runs its opener's user scripts (the related view shares the opener's user content), so the
 * page client compares it with the number of the view whose bridge made it, and the page of
 * any other view gets nothing of that bridge. The client takes it before any page script runs.
 */

#define WEBVIEWHOST_BINARY_MESSAGE "webviewhost.binary"
#define WEBVIEWHOST_BINARY_FUNCTION "__webViewHostBinary"
#define WEBVIEWHOST_PAGE_PROPERTY "__webViewHostPage"

/* The file this library was loaded from, for the UI process to point WebKit at; NULL if unknown. */
const char *webviewhost_web_process_library_path(void);

#endif
