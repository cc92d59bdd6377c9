/// The half of the page client that lives in the bridge's own script world, in every main
/// frame: the only script that can see the bridge's native router.
///
/// The page world cannot see that world's handlers or globals, and an iframe has no relay,
/// so the page reaches Swift only through DOM events on its own main-frame `window`:
/// a cancelable `CustomEvent` named `events.call` whose `detail` is `"id\nname\nKbody"`
/// (K: `j` JSON text, `s` a raw string, `u` undefined). The relay claims it
/// (`preventDefault`), posts `"name\nKbody"` to the router, and answers with a `CustomEvent`
/// named `events.reply` whose `detail` is `"id\nr<json>"` or `"id\ne<error message>"`:
/// strings cross between worlds intact, and the reply's JSON is parsed once, in the page.
///
/// A page the native side does not trust can dispatch the event too; the router refuses it
/// with `forbidden` after checking the view's own URI.
enum BridgeRelayScript {
    static func source(routerName: String, events: RelayEvents) -> String {
        "(function(routerName,callEvent,replyEvent){\n" + body + "\n})(\(JavaScriptLiteral.string(routerName)),"
            + "\(JavaScriptLiteral.string(events.call)),\(JavaScriptLiteral.string(events.reply)));"
    }

    private static let body = #"""
'use strict';
const router = window.webkit.messageHandlers[routerName];
const answer = (text) => { window.dispatchEvent(new CustomEvent(replyEvent, { detail: text })); };
window.addEventListener(callEvent, (event) => {
  const detail = event.detail;
  if (typeof detail !== 'string') return;
  const newline = detail.indexOf('\n');
  if (newline < 0) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const id = detail.slice(0, newline);
  router.postMessage(detail.slice(newline + 1)).then(
    (json) => answer(id + '\nr' + json),
    (error) => answer(id + '\ne' + (error && error.message !== undefined ? error.message : String(error))));
}, true);
"""#
}

/// The names of the DOM events the page client and the relay talk through.
struct RelayEvents: Sendable {
    let call: String
    let reply: String

    init(worldName: String) {
        call = worldName + ":call"
        reply = worldName + ":reply"
    }
}
