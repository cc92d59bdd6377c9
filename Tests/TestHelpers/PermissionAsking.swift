import CWebKitGTKHelpers
import Foundation
import GtkWidgets
import LoopTestHelpers
import WebKitGTK

/// Pages that ask for a permission when told to, for the permission tests: an iframe served
/// by a loopback server of its own (another origin than any page embedding it) and the HTML
/// of a page embedding it; both run `script`, so the page and its frame ask the same way.
/// `WebView.ask(_:from:prompts:answering:)` drives them and answers the prompts shown.
@MainActor
public final class AskingFrame {
    /// What a page can ask for, by name, and what its call returns: `clipboard` (the text),
    /// `pristineClipboard` (the same through the API of a new empty frame, which has no
    /// page-world wrapper), `geolocation` (`position` or `error <code>`, 1 being denied),
    /// `notifications` (`granted`, `denied` or `default`), `camera`, `microphone`,
    /// `cameraAndMicrophone`, `screen` (`stream`), `deviceList` (the devices' labels, empty
    /// ones unless allowed) and `pointerLock` (`locked`); a refusal returns the error's name.
    /// A frame asks `pointerLock` itself on a real press in it (reported as asking `press`;
    /// the page's `window.clicked` turns true as the press comes).
    public static let script = """
        window.permissionCalls = {
          clipboard: () => navigator.clipboard.readText(),
          pristineClipboard: () => {
            const blank = document.createElement('iframe');
            document.body.append(blank);
            return blank.contentWindow.navigator.clipboard.readText();
          },
          geolocation: () => new Promise(done => navigator.geolocation.getCurrentPosition(
            () => done('position'), error => done('error ' + error.code), { timeout: 2000 })),
          notifications: () => Notification.requestPermission(),
          camera: () => stream({ video: true }),
          microphone: () => stream({ audio: true }),
          cameraAndMicrophone: () => stream({ video: true, audio: true }),
          screen: () => navigator.mediaDevices.getDisplayMedia({ video: true }).then(ended),
          deviceList: () => navigator.mediaDevices.enumerateDevices().then(devices => devices.map(d => d.label).join(',')),
          pointerLock: () => new Promise(done => {
            document.addEventListener('pointerlockchange', () => done('locked'), { once: true });
            document.addEventListener('pointerlockerror', () => done('error'), { once: true });
            document.body.requestPointerLock();
          }),
        };
        function stream(constraints) { return navigator.mediaDevices.getUserMedia(constraints).then(ended); }
        function ended(media) { media.getTracks().forEach(track => track.stop()); return 'stream'; }
        window.ask = async (kind) => { try { return String(await permissionCalls[kind]()); } catch (error) { return error.name; } };
        window.results = {};
        addEventListener('message', async (event) => {
          const data = event.data;
          if (data && data.ask && window !== parent && event.source === parent) {
            parent.postMessage({ id: data.id, result: await ask(data.ask) }, '*');
          } else if (data && data.id !== undefined && data.result !== undefined) {
            results[data.id] = data.result;
            if (data.id === 'pressed') window.clicked = true;
          }
        });
        if (window !== parent) parent.postMessage({ id: 'frame-ready', result: 'ready' }, '*');
        addEventListener('mousedown', async (event) => {
          if (!event.isTrusted || window === parent) return;
          parent.postMessage({ id: 'pressed', result: 'pressed' }, '*');
          parent.postMessage({ id: 'press', result: await ask('pointerLock') }, '*');
        });
        """

    /// Serves the frame.
    public let server: LoopbackServer

    public init() throws {
        server = try LoopbackServer()
        server.page("/frame.html", "<title>frame</title><body>frame<script>\(Self.script)</script></body>")
    }

    /// The frame's origin, `http://127.0.0.1:<port>`.
    public var origin: String { server.origin }

    /// A page embedding the frame over the whole window (so a press at the window's top left
    /// lands in it), delegating location, camera, microphone and the screen to it as
    /// `<iframe allow>` does, and asking as the frame does (`script`, inline in the file).
    public var embeddingPage: String {
        """
        <!DOCTYPE html><title>page</title>
        <style>iframe { position: fixed; inset: 0; width: 100%; height: 100%; border: 0 }</style>
        <body><iframe allow="geolocation; camera; microphone; display-capture" src="\(server.url("/frame.html"))"></iframe>
        <script>\(Self.script)</script></body>
        """
    }

    public func stop() { server.stop() }

    /// Waits until the frame in `view`'s page runs its script, so that it hears what it is told.
    public func waitUntilLoaded(in view: WebView) async throws {
        _ = try await view.awaitResult("frame-ready", prompts: { nil }, answering: false)
    }

    /// Puts fresh text on the clipboard and returns it: WebKit asks again only for content the
    /// page has not been allowed to read.
    public static func copyText() -> String {
        let text = "copied \(UUID().uuidString)"
        DisplayClipboard.general.setText(text)
        return text
    }

    /// Lets `view`'s pages see WebKit's mock cameras and microphones (a test machine has none,
    /// and without devices WebKit refuses before it asks).
    public static func enableMockCaptureDevices(in view: WebView) {
        let settings = webkit_web_view_get_settings(view.reference.pointer)
        webkit_settings_set_enable_mock_capture_devices(settings, 1)
        webkit_settings_set_enable_media_stream(settings, 1)
    }
}

/// A permission dialog on screen, as a test reads and answers it.
@MainActor
public struct ShownPrompt {
    /// The dialog, to tell it from the next one.
    public let id: ObjectIdentifier
    /// Its heading and text.
    public let text: String
    /// Answers it: true allows.
    public let respond: @MainActor (Bool) -> Void

    /// A GTK prompt's dialog: its heading, a line break and its text; Allow is `.accept`.
    public init(_ dialog: MessageDialog) {
        id = ObjectIdentifier(dialog)
        text = dialog.heading + "\n" + (dialog.message ?? "")
        respond = { dialog.respond($0 ? .accept : .reject) }
    }
}

/// What one ask came to: the prompts shown meanwhile (each answered) and what the call returned.
public struct PermissionAsk: Sendable {
    public var prompts: [String]
    public var result: String
}

/// Where an ask is made: the page in the view, or the `AskingFrame` it embeds.
public enum AskingParty: Sendable {
    case page, frame
}

extension WebView {
    /// Has the page (or its asking frame) ask for `kind` (see `AskingFrame.script`) as after a
    /// user's click (script the host runs counts as one, and carries into the frame through
    /// `postMessage`); answers each prompt `prompts` shows meanwhile with `answering`, and
    /// returns them with the call's result.
    public func ask(_ kind: String, from party: AskingParty, prompts: @escaping @MainActor () -> ShownPrompt?,
                    answering: Bool, timeout: TimeInterval = 15) async throws -> PermissionAsk {
        let id = "ask\(UInt32.random(in: 0...UInt32.max))"
        switch party {
        case .page:
            _ = try await evaluateJavaScript("ask('\(kind)').then(result => { results['\(id)'] = result }); undefined")
        case .frame:
            _ = try await evaluateJavaScript("document.querySelector('iframe').contentWindow.postMessage({ ask: '\(kind)', id: '\(id)' }, '*'); undefined")
        }
        return try await awaitResult(id, prompts: prompts, answering: answering, timeout: timeout)
    }

    /// Waits for the asking page's result `id`, answering each prompt shown meanwhile. The
    /// prompts are watched apart from the page: while WebKit waits for the clipboard's answer
    /// the page's process is blocked, and does not run script.
    public func awaitResult(_ id: String, prompts: @escaping @MainActor () -> ShownPrompt?, answering: Bool,
                            timeout: TimeInterval = 15) async throws -> PermissionAsk {
        let shown = PromptLog()
        let watcher = Task { @MainActor in
            while !Task.isCancelled {
                if let prompt = prompts(), !shown.ids.contains(prompt.id) {
                    shown.ids.insert(prompt.id)
                    shown.texts.append(prompt.text)
                    prompt.respond(answering)
                }
                try? await Task.sleep(nanoseconds: 20_000_000)
            }
        }
        defer { watcher.cancel() }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if case .string(let result)? = try await evaluateJavaScript("results['\(id)'] ?? null") {
                return PermissionAsk(prompts: shown.texts, result: result)
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        throw ScriptFailure(description: "no result for \(id) in \(timeout) s; prompts shown: \(shown.texts)")
    }
}

/// The prompts one ask saw.
@MainActor
private final class PromptLog {
    var ids: Set<ObjectIdentifier> = []
    var texts: [String] = []
}
