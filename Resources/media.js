// @ts-check
// The media demo: the video's src is the relative "clip.webm"; the app makes it play.
const clip = /** @type {HTMLVideoElement} */ (document.getElementById("clip"));
const statusLine = /** @type {HTMLElement} */ (document.getElementById("status"));
const sourceLine = /** @type {HTMLElement} */ (document.getElementById("source"));
const show = () => {
  sourceLine.textContent = clip.currentSrc || clip.src;
  statusLine.textContent = `${clip.paused ? "Paused" : "Playing"} at ${clip.currentTime.toFixed(2)} s of ${
    Number.isFinite(clip.duration) ? clip.duration.toFixed(2) : "?"} s.`;
};
for (const name of ["loadedmetadata", "playing", "pause", "seeked", "timeupdate", "ended"]) {
  clip.addEventListener(name, show);
}
clip.addEventListener("error", () => {
  statusLine.textContent = `Cannot play: media error ${clip.error ? clip.error.code : "unknown"}.`;
});
/** @type {HTMLElement} */ (document.getElementById("play")).addEventListener("click", () => { clip.play(); });
/** @type {HTMLElement} */ (document.getElementById("seek")).addEventListener("click", () => { clip.currentTime = 2; });
show();
