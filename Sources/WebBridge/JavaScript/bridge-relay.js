// The half of the page client that lives in the bridge's own script world, in every main
// frame: the only script that can see the bridge's native handlers (see BridgeRelayScript.swift).
/** @type {(settings: BridgeRelaySettings, wire: BridgeWireProtocol, makePost: MakeHandlerPost) => void} */
(function bridgeRelay(settings, wire, makePost) {
  'use strict';
  const { post, failed } = makePost(settings.routerName, '', wire.separator);
  /** @param {RelayReply} reply */
  const answer = (reply) => { window.dispatchEvent(new CustomEvent(settings.replyEvent, { detail: reply })); };
  window.addEventListener(settings.callEvent, (event) => {
    const call = /** @type {CustomEvent<RelayCall | null>} */ (event).detail;
    if (call === null || typeof call !== 'object' || typeof call.name !== 'string') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const id = call.id;
    post(call.name, call.payload, (reply) => answer(typeof reply === 'string' ? id + wire.separator + reply : { id, value: reply }),
      (error) => answer({ id, error: failed(error) }));
  }, true);
})
