'use strict';

// Called by the app through the bridge (WebViewBridge.callJavaScript("setLatLon", lat, lon)).
function setLatLon(lat, lon) {
  document.getElementById('latitude').textContent = lat.toFixed(4);
  document.getElementById('longitude').textContent = lon.toFixed(4);
}

// Called by the app's header-bar colour control.
function changeBackgroundColor(colour) {
  document.body.style.backgroundColor = colour;
  document.body.classList.toggle('dark', colour !== 'white' && colour !== '');
  document.getElementById('colour').textContent = colour;
}

function showError(message) {
  const element = document.getElementById('geocode-error');
  element.textContent = message;
  element.hidden = message === '';
}

function geocode(event) {
  event.preventDefault();
  const form = new FormData(event.target);
  const address = {
    street: form.get('street'), city: form.get('city'), state: form.get('state'), country: form.get('country'),
  };
  showError('');
  for (const id of ['latitude', 'longitude', 'place']) document.getElementById(id).textContent = '…';
  // Exactly what a WKWebView page sends; the Promise only adds the error display.
  window.webkit.messageHandlers.geocodeAddress.postMessage(address).then((place) => {
    document.getElementById('place').textContent =
      [place.name, place.state, place.country].filter(Boolean).join(', ') + ' (' + place.precision + ' precision)';
  }, (error) => {
    for (const id of ['latitude', 'longitude', 'place']) document.getElementById(id).textContent = '–';
    showError('Could not place this address: ' + error.message + (error.code ? ' [' + error.code + ']' : ''));
  });
}

document.addEventListener('DOMContentLoaded', () => {
  if (!window.bridge || !window.webkit || !window.webkit.messageHandlers.geocodeAddress) {
    document.getElementById('environment').hidden = false;
  }
  document.getElementById('address').addEventListener('submit', geocode);
  BridgeLog.attach({ table: document.getElementById('log'), clear: document.getElementById('clear-log') });
});
