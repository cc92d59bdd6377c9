// Buttons for the page's own alert, confirm and prompt; each result is shown on the page.
const show = (id, value) => {
  document.getElementById(id).textContent = value === undefined ? "undefined" : JSON.stringify(value);
};
document.getElementById("alert").onclick = () => { show("alert-result", alert("Hello from the page")); };
document.getElementById("confirm").onclick = () => { show("confirm-result", confirm("Do you like native dialogs?")); };
document.getElementById("prompt").onclick = () => { show("prompt-result", prompt("What is your name?", "Ada")); };
addEventListener("beforeunload", (event) => {
  if (document.getElementById("guard").checked) { event.preventDefault(); event.returnValue = ""; }
});
