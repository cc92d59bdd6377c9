// @ts-check
'use strict';

// The WebSocket feed demo: the app's native connection, relayed through the bridge.
// Nothing here talks to the network: window.bridge.invoke('ws.…') asks the app, and the
// app pushes 'ws.state' and 'ws.message' events back. Typed against the app's contract
// (contract.d.ts, generated from the Swift handlers).

/** @typedef {import('./contract').ConnectionInfo} ConnectionInfo */
/** @typedef {import('./contract').StateEvent} StateEvent */
/** @typedef {import('./contract').MessageEvent} FrameEvent */
/** @typedef {{ type: string, topic: string, seq: number, data: any }} FeedMessage A feed server's message. */

const maxFeedItems = 50;
const rememberedURL = 'feed.url';
/** @type {string | null} */
let connectionID = null;
let received = 0;

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const $input = (id) => /** @type {HTMLInputElement} */ ($(id));
const topicButtons = () => /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('#topics button'));

/** @type {import('./contract').AppBridge} */
const app = window.bridge;

/** @param {string} message */
function showError(message) {
  $('error').textContent = message;
  $('error').hidden = message === '';
}

// A bridge rejection: an Error with a code (see bridge.d.ts).
/** @param {unknown} failure */
const bridgeError = (failure) => /** @type {import('./bridge').BridgeError} */ (failure);
/** @param {unknown} failure */
const describe = (failure) => { const error = bridgeError(failure); return error.message + (error.code ? ' [' + error.code + ']' : ''); };

/** @param {string} text */
function addHistory(text) {
  const item = document.createElement('li');
  const time = document.createElement('time');
  time.textContent = new Date().toLocaleTimeString();
  item.append(time, text);
  $('history').prepend(item);
  while ($('history').children.length > 20) $('history').lastElementChild?.remove();
}

/** @param {string} state @param {string} [detail] */
function showState(state, detail) {
  $('state').dataset.state = state;
  $('state').textContent = detail ? state + ' — ' + detail : state;
  const connected = connectionID !== null;
  $input('connect').disabled = connected;
  $input('url').disabled = connected;
  $input('disconnect').disabled = !connected;
  for (const button of topicButtons()) button.disabled = !connected;
}

/** @param {string[]} subscriptions */
function showSubscriptions(subscriptions) {
  for (const button of topicButtons()) {
    button.setAttribute('aria-pressed', String(subscriptions.includes(String(button.dataset.topic))));
  }
}

// What the app resolves ws.connect, ws.subscribe and ws.unsubscribe with: {id, url, state, subscriptions}.
/** @param {ConnectionInfo} info */
function showConnection(info) {
  connectionID = info.id;
  $('connection-id').textContent = info.id + ' → ' + info.url;
  showState(info.state);
  showSubscriptions(info.subscriptions);
}

function forgetConnection() {
  connectionID = null;
  $('connection-id').textContent = '–';
  showSubscriptions([]);
}

/** @param {string} url */
async function connect(url) {
  showError('');
  $input('connect').disabled = true;
  showState('connecting', url);
  try {
    showConnection(await app.invoke('ws.connect', { url }));
    sessionStorage.setItem(rememberedURL, url);
    addHistory('connected to ' + url);
  } catch (error) {
    forgetConnection();
    showState('closed');
    showError('Could not connect: ' + describe(error));
    addHistory('could not connect: ' + bridgeError(error).message);
  }
}

async function disconnect() {
  if (connectionID === null) return;
  sessionStorage.removeItem(rememberedURL);
  try {
    await app.invoke('ws.close', { id: connectionID, code: 1000, reason: 'closed from the demo page' });
  } catch (error) {
    showError('Could not disconnect: ' + describe(error));
  }
}

/** @param {HTMLButtonElement} button */
async function toggle(button) {
  if (connectionID === null) return;
  const request = { id: connectionID, topic: String(button.dataset.topic) };
  const topic = request.topic;
  const subscribed = button.getAttribute('aria-pressed') === 'true';
  showError('');
  try {
    const info = await (subscribed ? app.invoke('ws.unsubscribe', request) : app.invoke('ws.subscribe', request));
    showSubscriptions(info.subscriptions);
  } catch (error) {
    showError('Could not ' + (subscribed ? 'unsubscribe from ' : 'subscribe to ') + topic + ': ' + describe(error));
  }
}

// ws.state: {id, state, attempt?, delayMs?, error?, code?, reason?}
/** @param {StateEvent} event */
function stateChanged(event) {
  if (event.id !== connectionID) return;
  switch (event.state) {
    case 'reconnecting':
      $('attempts').textContent = String(event.attempt);
      $('last-error').textContent = event.error || '–';
      showState('reconnecting', 'attempt ' + event.attempt + ' in ' + ((event.delayMs ?? 0) / 1000).toFixed(1) + ' s');
      addHistory('reconnect attempt ' + event.attempt + ' in ' + event.delayMs + ' ms: ' + event.error);
      break;
    case 'connecting':
      showState('connecting', event.attempt ? 'attempt ' + event.attempt : '');
      break;
    case 'open':
      showState('open');
      if ($('attempts').textContent !== '0') addHistory('open again, subscriptions restored');
      break;
    case 'closed':
      forgetConnection();
      showState('closed', event.error || (event.code ? 'code ' + event.code + (event.reason ? ', ' + event.reason : '') : ''));
      addHistory('closed' + (event.error ? ': ' + event.error : ''));
      break;
    default:
      showState(event.state);
  }
}

/** @type {Record<string, (data: any) => string>} */
const formatters = {
  prices: (data) => data.symbol + ' ' + Number(data.price).toFixed(2),
  news: (data) => data.headline,
  weather: (data) => data.city + ' ' + data.tempC + ' °C',
};

// ws.message: {id, data} with the frame's text; the feed server sends JSON.
/** @param {FrameEvent} event */
function messageReceived(event) {
  if (event.id !== connectionID || event.binary) return;
  /** @type {FeedMessage} */
  let message;
  try { message = JSON.parse(event.data); } catch (_) { return; }
  if (message.type !== 'feed') return;
  received += 1;
  $('received').textContent = received + (received === 1 ? ' message' : ' messages');
  const item = document.createElement('li');
  const topic = document.createElement('span');
  topic.className = 'topic ' + message.topic;
  topic.textContent = message.topic;
  const seq = document.createElement('span');
  seq.className = 'seq';
  seq.textContent = '#' + message.seq;
  const format = formatters[message.topic];
  item.append(topic, seq, format ? format(message.data) : JSON.stringify(message.data));
  $('feed').prepend(item);
  while ($('feed').children.length > maxFeedItems) $('feed').lastElementChild?.remove();
}

document.addEventListener('DOMContentLoaded', () => {
  if (!window.bridge) {
    $('environment').hidden = false;
    return;
  }
  app.on('ws.state', stateChanged);
  app.on('ws.message', messageReceived);
  BridgeLog.attach({
    table: /** @type {HTMLTableElement} */ ($('log')), clear: $('clear-log'),
    shows: (entry) => entry.name !== 'ws.message' || $input('log-messages').checked,
  });
  $('connection').addEventListener('submit', (event) => {
    event.preventDefault();
    connect($input('url').value.trim());
  });
  $('disconnect').addEventListener('click', disconnect);
  for (const button of topicButtons()) {
    button.addEventListener('click', () => toggle(button));
  }
  // The connection outlives the page: coming back, take it up again where it is.
  const url = sessionStorage.getItem(rememberedURL);
  if (url) {
    $input('url').value = url;
    connect(url);
  }
});
