// Run by the bridge's view in a page of its own that reads another page number than the one
// the client was given (see ClientActivationScript.swift): starts the client waiting there,
// or leaves the code for it when this runs first (the view hears of the new document before
// the document's own scripts run).
/** @type {(activation: BridgeClientActivation) => void} */
((activation) => {
  const found = Object.getOwnPropertyDescriptor(window, activation.name);
  if (found && typeof found.value === 'function') {
    found.value(activation.code);
  } else if (!found) {
    Object.defineProperty(window, activation.name, { value: activation.code, configurable: true });
  }
})
