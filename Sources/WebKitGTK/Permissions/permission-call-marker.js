// In the page's world of every frame (see PermissionCalls.swift): wraps each API that makes
// WebKit raise a permission request, so the call announces itself in its own document (heard
// by that document's frame witness) before the request and again once it is answered.
/** @type {(settings: {permissionEvent: string}) => void} */
((settings) => {
  const dispatch = EventTarget.prototype.dispatchEvent;
  let calls = 0;
  /**
   * @param {string} api
   * @param {string} phase
   * @param {number} call
   */
  const announce = (api, phase, call) => {
    try {
      dispatch.call(document, new CustomEvent(settings.permissionEvent, { detail: { api, phase, call } }));
    } catch (_) {}
  };
  /**
   * Replaces `owner[name]` (when it is a function) by one that announces the call as `api`,
   * runs the original and announces the call's end when its promise settles. An API that
   * answers otherwise passes `endsBy`, which gets the call's arguments and the function to
   * call when it is answered, and returns the arguments to call the original with.
   * @param {any} owner
   * @param {string} name
   * @param {string} api
   * @param {(args: unknown[], done: () => void) => unknown[]} [endsBy]
   */
  const wrap = (owner, name, api, endsBy) => {
    const original = owner && owner[name];
    if (typeof original !== 'function') return;
    Object.defineProperty(owner, name, {
      configurable: true, writable: true, enumerable: true,
      value: { [name](/** @type {unknown[]} */ ...args) {
        const call = ++calls;
        let ended = false;
        const done = () => { if (!ended) { ended = true; announce(api, 'done', call); } };
        announce(api, 'call', call);
        const wrapped = endsBy ? endsBy(args, done) : args;
        let result;
        try {
          result = original.apply(this, wrapped);
        } catch (error) {
          done();
          throw error;
        }
        if (result && typeof (/** @type {any} */ (result)).then === 'function') {
          (/** @type {Promise<unknown>} */ (result)).then(done, done);
        } else if (!endsBy) {
          done();
        }
        return result;
      } }[name],
    });
  };
  /**
   * Geolocation answers through callbacks: the call ends at the first of them.
   * @param {unknown[]} args
   * @param {() => void} done
   */
  const endAtFirstCallback = (args, done) => args.map((argument, index) => (index < 2 && typeof argument === 'function')
    ? /** @this {unknown} */ function (/** @type {unknown[]} */ ...values) { done(); return argument.apply(this, values); }
    : argument);
  /**
   * A pointer lock is answered by `pointerlockchange` or `pointerlockerror` on the document.
   * @param {unknown[]} args
   * @param {() => void} done
   */
  const endAtPointerLockEvent = (args, done) => {
    for (const type of ['pointerlockchange', 'pointerlockerror']) document.addEventListener(type, done, { once: true });
    return args;
  };

  if (typeof Clipboard !== 'undefined') {
    wrap(Clipboard.prototype, 'read', 'clipboard');
    wrap(Clipboard.prototype, 'readText', 'clipboard');
  }
  if (typeof Document !== 'undefined') {
    // `execCommand('paste')` asks for the clipboard as `readText()` does.
    const execCommand = Document.prototype.execCommand;
    wrap(Document.prototype, 'execCommand', 'clipboard');
    const announcing = Document.prototype.execCommand;
    if (typeof execCommand === 'function') {
      Object.defineProperty(Document.prototype, 'execCommand', {
        configurable: true, writable: true, enumerable: true,
        value: { execCommand(/** @type {unknown[]} */ ...args) {
          return (String(args[0]).toLowerCase() === 'paste' ? announcing : execCommand).apply(this, /** @type {any} */ (args));
        } }.execCommand,
      });
    }
  }
  if (typeof Geolocation !== 'undefined') {
    wrap(Geolocation.prototype, 'getCurrentPosition', 'geolocation', endAtFirstCallback);
    wrap(Geolocation.prototype, 'watchPosition', 'geolocation', endAtFirstCallback);
  }
  if (typeof MediaDevices !== 'undefined') {
    wrap(MediaDevices.prototype, 'getUserMedia', 'userMedia');
    wrap(MediaDevices.prototype, 'getDisplayMedia', 'displayMedia');
    wrap(MediaDevices.prototype, 'enumerateDevices', 'deviceList');
  }
  if (typeof Element !== 'undefined') wrap(Element.prototype, 'requestPointerLock', 'pointerLock', endAtPointerLockEvent);
  if (typeof Navigator !== 'undefined') wrap(Navigator.prototype, 'requestMediaKeySystemAccess', 'mediaKeySystem');
  if (typeof Notification !== 'undefined') {
    // A decided permission is the answer, as the specification says: WebKit denies a request
    // made without a user gesture even where `Notification.permission` reads "granted".
    const notification = Notification;
    wrap(notification, 'requestPermission', 'notifications');
    const asking = notification.requestPermission;
    Object.defineProperty(notification, 'requestPermission', {
      configurable: true, writable: true, enumerable: true,
      value: { requestPermission(/** @type {unknown} */ callback) {
        const decided = notification.permission;
        if (decided === 'default') return asking.call(this, /** @type {any} */ (callback));
        if (typeof callback === 'function') queueMicrotask(() => callback(decided));
        return Promise.resolve(decided);
      } }.requestPermission,
    });
  }
})
