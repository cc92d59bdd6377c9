// @ts-check
// The start page's script. Pages served from app:// may run only script files of their own
// (the scheme's Content-Security-Policy forbids inline <script> and onclick attributes).
/** @type {HTMLElement} */ (document.getElementById("close-window")).addEventListener("click", (event) => {
  event.preventDefault();
  window.close();
});
