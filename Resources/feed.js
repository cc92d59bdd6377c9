'use strict';

// The WebSocket feed demo: the app's native connection, relayed through the bridge.
// Nothing here talks to the network: window.bridge.invoke('ws.…') asks the app, and the
// app pushes 'ws.state' and 'ws.message' events back.

const maxFeedItems = 50;
const rememberedURL = 'feed.url';
let connectionID = null;
let received = 0;

const $ = (id) => document.getElementById(id);

const invoke = (name, payload) => window.bridge.invoke(name, payload);

function showError(message) {
  $('error').textContent = message;
  $('error').hidden = message === '';
}

const describe = (error) => error.message + (error.code ? ' [' + error.code + ']' : '');

function addHistory(text) {
  const item = document.createElement('li');
  const time = document.createElement('time');
  time.textContent = new Date().toLocaleTimeString();
  item.append(time, text);
  $('history').prepend(item);
  while ($('history').children.length > 20) $('history').lastElementChild.remove();
}

function showState(state, detail) {
  $('state').dataset.state = state;
  $('state').textContent = detail ? state + ' — ' + detail : state;
  const connected = connectionID !== null;
  $('connect').disabled = connected;
  $('url').disabled = connected;
  $('disconnect').disabled = !connected;
  for (const button of document.querySelectorAll('#topics button')) button.disabled = !connected;
}

function showSubscriptions(subscriptions) {
  for (const button of document.querySelectorAll('#topics button')) {
    button.setAttribute('aria-pressed', String(subscriptions.includes(button.dataset.topic)));
  }
}

// What the app resolves ws.connect, ws.subscribe and ws.unsubscribe with: {id, url, state, subscriptions}.
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

async function connect(url) {
  showError('');
  $('connect').disabled = true;
  showState('connecting', url);
  try {
    showConnection(await invoke('ws.connect', { url }));
    sessionStorage.setItem(rememberedURL, url);
    addHistory('connected to ' + url);
  } catch (error) {
    forgetConnection();
    showState('closed');
    showError('Could not connect: ' + describe(error));
    addHistory('could not connect: ' + error.message);
  }
}

async function disconnect() {
  if (connectionID === null) return;
  sessionStorage.removeItem(rememberedURL);
  try {
    await invoke('ws.close', { id: connectionID, code: 1000, reason: 'closed from the demo page' });
  } catch (error) {
    showError('Could not disconnect: ' + describe(error));
  }
}

async function toggle(button) {
  const topic = button.dataset.topic;
  const subscribed = button.getAttribute('aria-pressed') === 'true';
  showError('');
  try {
    const info = await invoke(subscribed ? 'ws.unsubscribe' : 'ws.subscribe', { id: connectionID, topic });
    showSubscriptions(info.subscriptions);
  } catch (error) {
    showError('Could not ' + (subscribed ? 'unsubscribe from ' : 'subscribe to ') + topic + ': ' + describe(error));
  }
}

// ws.state: {id, state, attempt?, delayMs?, error?, code?, reason?}
function stateChanged(event) {
  if (event.id !== connectionID) return;
  switch (event.state) {
    case 'reconnecting':
      $('attempts').textContent = String(event.attempt);
      $('last-error').textContent = event.error || '–';
      showState('reconnecting', 'attempt ' + event.attempt + ' in ' + (event.delayMs / 1000).toFixed(1) + ' s');
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

const formatters = {
  prices: (data) => data.symbol + ' ' + Number(data.price).toFixed(2),
  news: (data) => data.headline,
  weather: (data) => data.city + ' ' + data.tempC + ' °C',
};

// ws.message: {id, data} with the frame's text; the feed server sends JSON.
function messageReceived(event) {
  if (event.id !== connectionID || event.binary) return;
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
  while ($('feed').children.length > maxFeedItems) $('feed').lastElementChild.remove();
}

document.addEventListener('DOMContentLoaded', () => {
  if (!window.bridge) {
    $('environment').hidden = false;
    return;
  }
  window.bridge.on('ws.state', stateChanged);
  window.bridge.on('ws.message', messageReceived);
  BridgeLog.attach({
    table: $('log'), clear: $('clear-log'),
    shows: (entry) => entry.name !== 'ws.message' || $('log-messages').checked,
  });
  $('connection').addEventListener('submit', (event) => {
    event.preventDefault();
    connect($('url').value.trim());
  });
  $('disconnect').addEventListener('click', disconnect);
  for (const button of document.querySelectorAll('#topics button')) {
    button.addEventListener('click', () => toggle(button));
  }
  // The connection outlives the page: coming back, take it up again where it is.
  const url = sessionStorage.getItem(rememberedURL);
  if (url) {
    $('url').value = url;
    connect(url);
  }
});
