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

const summarize = (value) => {
  let text;
  try { text = JSON.stringify(value); } catch (_) { text = String(value); }
  if (text === undefined) text = 'undefined';
  return text.length > 120 ? text.slice(0, 117) + '…' : text;
};

function logEntry(entry) {
  const row = document.createElement('tr');
  row.className = entry.direction + ' ' + entry.kind;
  const cells = [
    entry.time.toFixed(1),
    entry.direction === 'out' ? 'page → native' : 'native → page',
    entry.kind,
    entry.name,
    summarize(entry.payload),
    entry.ms === undefined ? '' : entry.ms.toFixed(2) + ' ms',
  ];
  for (const text of cells) {
    const cell = document.createElement('td');
    cell.textContent = text;
    row.appendChild(cell);
  }
  document.querySelector('#log tbody').prepend(row);
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

if (window.bridge) window.bridge.setTrace(logEntry);

document.addEventListener('DOMContentLoaded', () => {
  if (!window.bridge || !window.webkit || !window.webkit.messageHandlers.geocodeAddress) {
    document.getElementById('environment').hidden = false;
  }
  document.getElementById('address').addEventListener('submit', geocode);
  document.getElementById('clear-log').addEventListener('click', () => {
    document.querySelector('#log tbody').replaceChildren();
  });
});
