// @ts-check
'use strict';
// Typed against the app's contract (contract.d.ts, generated from the Swift handlers).

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

// Called by the app through the bridge (WebViewBridge.callJavaScript("setLatLon", lat, lon)).
/** @param {number} lat @param {number} lon */
function setLatLon(lat, lon) {
  $('latitude').textContent = lat.toFixed(4);
  $('longitude').textContent = lon.toFixed(4);
}

// Called by the app's header-bar colour control.
/** @param {string} colour */
function changeBackgroundColor(colour) {
  document.body.style.backgroundColor = colour;
  document.body.classList.toggle('painted', colour !== 'white' && colour !== '');
  $('colour').textContent = colour;
}

/** @param {string} message */
function showError(message) {
  const element = $('geocode-error');
  element.textContent = message;
  element.hidden = message === '';
}

/**
 * The app's geocodeAddress handler as a WKWebView page reaches it; undefined outside the app.
 * @returns {import('./contract').AppMessageHandlers['geocodeAddress'] | undefined}
 */
const geocodeAddress = () => window.webkit && window.webkit.messageHandlers.geocodeAddress;

/** @param {SubmitEvent} event */
function geocode(event) {
  event.preventDefault();
  const form = new FormData(/** @type {HTMLFormElement} */ (event.target));
  /** @param {string} name */
  const field = (name) => { const value = form.get(name); return typeof value === 'string' ? value : undefined; };
  const address = { street: field('street'), city: field('city'), state: field('state'), country: field('country') };
  const handler = geocodeAddress();
  if (handler === undefined) return showError('This window has no bridge to the app.');
  showError('');
  for (const id of ['latitude', 'longitude', 'place']) $(id).textContent = '…';
  // Exactly what a WKWebView page sends; the Promise only adds the error display.
  handler.postMessage(address).then((place) => {
    $('place').textContent =
      [place.name, place.state, place.country].filter(Boolean).join(', ') + ' (' + place.precision + ' precision)';
  }, (error) => {
    for (const id of ['latitude', 'longitude', 'place']) $(id).textContent = '–';
    showError('Could not place this address: ' + error.message + (error.code ? ' [' + error.code + ']' : ''));
  });
}

document.addEventListener('DOMContentLoaded', () => {
  if (!window.bridge || !geocodeAddress()) {
    $('environment').hidden = false;
  }
  $('address').addEventListener('submit', geocode);
  BridgeLog.attach({ table: /** @type {HTMLTableElement} */ ($('log')), clear: $('clear-log') });
});
