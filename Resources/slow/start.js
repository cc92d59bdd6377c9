// @ts-check
// A chain of small local scripts: each runs for a moment and then asks for the next one, so
// the page's load event waits for the whole chain and progress moves step by step. The query
// string makes each request new; no binary files are involved.
// Globals step.js reads.
const slowSteps = 40;
const slowStart = Date.now();
addEventListener("load", () => {
  /** @type {HTMLElement} */ (document.getElementById("status")).textContent = `Loaded ${document.querySelectorAll("#tiles img").length} tiles.`;
});
