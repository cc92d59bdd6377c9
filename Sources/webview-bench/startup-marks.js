// The start-up rows' page script (see StartupServer.swift), inline in the page: it tells the
// bench's server when the page's first script ran, and when the first frame was drawn (the
// second animation frame comes after the first one was produced).
fetch('script', {method: 'POST'});
requestAnimationFrame(() => requestAnimationFrame(() => fetch('paint', {method: 'POST'})));
