// The media demo: the video's src is the relative "clip.webm"; the app makes it play.
const clip = document.getElementById("clip");
const status = document.getElementById("status");
const show = () => {
  document.getElementById("source").textContent = clip.currentSrc || clip.src;
  status.textContent = `${clip.paused ? "Paused" : "Playing"} at ${clip.currentTime.toFixed(2)} s of ${
    Number.isFinite(clip.duration) ? clip.duration.toFixed(2) : "?"} s.`;
};
for (const name of ["loadedmetadata", "playing", "pause", "seeked", "timeupdate", "ended"]) {
  clip.addEventListener(name, show);
}
clip.addEventListener("error", () => { status.textContent = `Cannot play: media error ${clip.error.code}.`; });
document.getElementById("play").addEventListener("click", () => { clip.play(); });
document.getElementById("seek").addEventListener("click", () => { clip.currentTime = 2; });
show();
