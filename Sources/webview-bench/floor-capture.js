// Saves the floor's handler before the bridge's client shadows `window.webkit.messageHandlers`,
// so the floor is called with nothing of the bridge in between (see FloorEcho.swift).
/** @type {(settings: {name: string}) => void} */
((settings) => {
  const handler = /** @type {NonNullable<Window['webkit']['messageHandlers'][string]>} */ (window.webkit.messageHandlers[settings.name]);
  const post = Object.getPrototypeOf(handler).postMessage;
  window.floorPost = (payload) => post.call(handler, payload);
})
