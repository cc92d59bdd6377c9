// @ts-check
// One step of slow.html: hold the page for a moment, add a tile, then ask for the next step.
(() => {
  const until = performance.now() + 50;
  while (performance.now() < until) { /* stand in for a slow resource */ }
  const tiles = /** @type {HTMLElement} */ (document.getElementById("tiles"));
  const n = tiles.children.length;
  const image = document.createElement("img");
  image.src = `slow/tile.svg?n=${n}&t=${slowStart}`;
  image.style.filter = `hue-rotate(${n * 9}deg)`;
  image.alt = "";
  tiles.appendChild(image);
  if (n + 1 < slowSteps) {
    const next = document.createElement("script");
    next.src = `slow/step.js?n=${n + 1}&t=${slowStart}`;
    document.body.appendChild(next);
  }
})();
