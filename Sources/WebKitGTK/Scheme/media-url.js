// The script the app scheme writes into its pages so that their media elements load from the
// MediaServer (see MediaURLScript.swift): rewrites any `src` of a <video>, <audio> or their
// <source> that resolves to the scheme's origin into the server's URL for the same path.
// Sent on one line (MediaURLScript.oneLine joins the lines): only whole-line `//` comments,
// every statement ended by `;`, no line break inside a template literal.
/** @type {(settings: {base: string, scheme: string, host: string}) => void} */
((settings) => {
  "use strict";
  const { base, scheme, host } = settings;
  /** @param {unknown} value */
  const toServer = (value) => {
    let url;
    try { url = new URL(String(value), document.baseURI); } catch { return value; }
    if (url.protocol !== scheme || url.host !== host) return value;
    return base + url.pathname.replace(/^\/+/, "") + url.search + url.hash;
  };
  /** @param {Node} node */
  const isMedia = (node) => node instanceof HTMLMediaElement
    || (node instanceof HTMLSourceElement && node.parentElement instanceof HTMLMediaElement);
  const setAttribute = Element.prototype.setAttribute, getAttribute = Element.prototype.getAttribute;
  /** @param {Element} element */
  const fix = (element) => {
    const value = getAttribute.call(element, "src");
    if (value === null || toServer(value) === value) return;
    setAttribute.call(element, "src", String(toServer(value)));
    const media = element.parentElement;
    if (element instanceof HTMLSourceElement && media instanceof HTMLMediaElement
        && (media.networkState === HTMLMediaElement.NETWORK_NO_SOURCE || media.error)) media.load();
  };
  for (const type of [HTMLMediaElement, HTMLSourceElement]) {
    const property = /** @type {PropertyDescriptor & {set: (value: unknown) => void}} */ (Object.getOwnPropertyDescriptor(type.prototype, "src"));
    Object.defineProperty(type.prototype, "src", { ...property, set(/** @type {unknown} */ value) { property.set.call(this, toServer(value)); } });
  }
  /** @this {Element} @param {string} name @param {string} value */
  Element.prototype.setAttribute = function setAttribute_(name, value) {
    const rewrite = isMedia(this) && String(name).toLowerCase() === "src";
    return setAttribute.call(this, name, rewrite ? String(toServer(value)) : value);
  };
  const NativeAudio = window.Audio;
  window.Audio = /** @type {typeof Audio} */ (/** @type {unknown} */ (function Audio(/** @type {string | undefined} */ src) {
    return src === undefined ? new NativeAudio() : new NativeAudio(String(toServer(src)));
  }));
  window.Audio.prototype = NativeAudio.prototype;
  /** @param {Node} node */
  const visit = (node) => {
    if (!(node instanceof Element)) return;
    if (isMedia(node)) fix(node);
    node.querySelectorAll("video, audio, video > source, audio > source").forEach(fix);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") { if (isMedia(record.target)) fix(/** @type {Element} */ (record.target)); }
      else record.addedNodes.forEach(visit);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["src"] });
})
