// One step of slow.html: hold the parser for a moment, then add a tile.
(() => {
  const until = performance.now() + 50;
  while (performance.now() < until) { /* stand in for a slow resource */ }
  const tiles = document.getElementById("tiles");
  const image = document.createElement("img");
  const n = tiles.children.length;
  image.src = `slow/tile.svg?n=${n}`;
  image.style.filter = `hue-rotate(${n * 9}deg)`;
  image.alt = "";
  tiles.appendChild(image);
})();
