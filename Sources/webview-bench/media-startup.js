// One media start-up in the page (see MediaStartup.swift): the milliseconds from setting a
// <video>'s `src` and calling `play()` to its `playing` event.
(async () => {
  const video = document.createElement('video');
  video.muted = true;
  document.body.replaceChildren(video);
  const started = performance.now();
  const playing = new Promise((resolve, reject) => {
    video.addEventListener('playing', resolve, {once: true});
    video.addEventListener('error', () => reject(new Error('media error ' + (video.error && video.error.code))), {once: true});
  });
  video.src = 'clip.webm';
  video.play().catch(() => {});
  await playing;
  const elapsed = performance.now() - started;
  video.pause(); video.removeAttribute('src'); video.load();
  return elapsed;
})
