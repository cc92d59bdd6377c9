/// The half of the page client that lives in the bridge's own script world, in every main
/// frame: the only script that can see the bridge's native router.
///
/// The page world cannot see that world's handlers or globals, and an iframe has no relay,
/// so the page reaches Swift only through DOM events on its own main-frame `window`:
/// a cancelable `CustomEvent` named `events.call` whose `detail` is `"id\nname\nKbody"`
/// (K: `j` JSON text, `s` a raw string, `u` undefined). The relay claims it
/// (`preventDefault`), posts `"name\nKbody"` to the router, and answers with a `CustomEvent`
/// named `events.reply` whose `detail` is `{id, value}` or `{id, error: message}`.
///
/// Costs, measured with 10 MB payloads: a string `detail` crosses between worlds for next
/// to nothing, so the request travels as one string the page builds with `JSON.stringify`;
/// the reply is built natively from JSON (as WebKit's own reply API does) and its object
/// cloned across to the page, which beat sending JSON text on and parsing it in the page.
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
const answer = (reply) => { window.dispatchEvent(new CustomEvent(replyEvent, { detail: reply })); };
window.addEventListener(callEvent, (event) => {
  const detail = event.detail;
  if (typeof detail !== 'string') return;
  const newline = detail.indexOf('\n');
  if (newline < 0) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const id = Number(detail.slice(0, newline));
  router.postMessage(detail.slice(newline + 1)).then(
    (value) => answer({ id, value }),
    (error) => answer({ id, error: error && error.message !== undefined ? String(error.message) : String(error) }));
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
