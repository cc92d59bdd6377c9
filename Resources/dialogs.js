// @ts-check
// Buttons for the page's own alert, confirm and prompt; each result is shown on the page.
/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id @param {unknown} value */
const show = (id, value) => {
  $(id).textContent = value === undefined ? "undefined" : JSON.stringify(value);
};
$("alert").onclick = () => { show("alert-result", alert("Hello from the page")); };
$("confirm").onclick = () => { show("confirm-result", confirm("Do you like native dialogs?")); };
$("prompt").onclick = () => { show("prompt-result", prompt("What is your name?", "Ada")); };
addEventListener("beforeunload", (event) => {
  if (/** @type {HTMLInputElement} */ ($("guard")).checked) { event.preventDefault(); event.returnValue = ""; }
});
