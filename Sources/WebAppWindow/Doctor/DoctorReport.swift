import Foundation
import WebKitGTK

/// What this machine gives an app built on the library, found by `Doctor.report`: the
/// libraries' versions, whether web content can be sandboxed, how pages are drawn, the
/// desktop portal, the media elements, the display and where data lives. `description` is
/// the report in plain lines, for `--doctor` and for a user's bug report.
public struct DoctorReport: Sendable, CustomStringConvertible {
    /// The WebKitGTK library running, as "2.50.6".
    public let webKitVersion: String
    /// The GTK library running, as "3.24.38".
    public let gtkVersion: String
    /// What the preflight read about the sandbox.
    public let sandbox: SandboxReadings
    /// What the app's sandbox policy decides with those readings.
    public let sandboxDecision: SandboxPolicy.Decision
    /// WebKit's default hardware acceleration policy ("always", "never", "on demand").
    public let accelerationPolicy: String
    /// The rendering switches set in the environment, as `NAME=value`.
    public let renderingVariables: [String]
    /// The GPU render nodes (`/dev/dri/renderD*`); empty means software rendering.
    public let renderNodes: [String]
    /// The known blank-window cure for this machine, nil when none applies.
    public let blankWindowCure: BlankWindowCure?
    /// The desktop portal on the session bus.
    public let portal: PortalStatus
    /// GStreamer's elements for media.
    public let media: MediaSupport
    /// The display server GDK opened, nil with no display.
    public let displayServer: DisplayServer?
    /// GDK's display name (`:99`), nil with no display.
    public let displayName: String?
    /// `XDG_SESSION_TYPE`, `WAYLAND_DISPLAY` and `DISPLAY`, as set.
    public let displayVariables: [String]
    /// The app's data, cache and state directories and its website data's.
    public let directories: [(name: String, path: String)]

    /// The report in plain lines, `name: value`, grouped.
    public var description: String {
        var lines = ["WebKitGTK: \(webKitVersion)", "GTK: \(gtkVersion)"]
        lines.append("sandbox: " + sandboxLine)
        lines.append("  bwrap: \(sandbox.bubblewrapPath)" + (sandbox.bubblewrapExecutable ? "" : " (missing)"))
        lines.append("  user namespaces: " + userNamespaceLine)
        lines.append("renderer: hardware acceleration \(accelerationPolicy); "
            + (renderNodes.isEmpty ? "no GPU render node (software rendering)" : "GPU \(renderNodes.joined(separator: ", "))"))
        lines.append("  DMA-BUF renderer: "
            + (renderingVariables.contains("WEBKIT_DISABLE_DMABUF_RENDERER=1") ? "off (WEBKIT_DISABLE_DMABUF_RENDERER=1)"
                : "WebKit's default (WEBKIT_DISABLE_DMABUF_RENDERER not set)"))
        if !renderingVariables.isEmpty { lines.append("  set: " + renderingVariables.joined(separator: " ")) }
        if let cure = blankWindowCure {
            lines.append("  if a window stays blank: \(cure.variable)=1 (\(cure.because))" + (cure.applied ? ", already set" : ""))
        } else {
            lines.append("  if a window stays blank: no known cure applies to this machine")
        }
        lines.append("portal: \(portal)")
        lines.append("media: " + mediaLine)
        if !media.missingCodecs.isEmpty {
            lines.append("  missing codecs: " + media.missingCodecs.map { "\($0.purpose) (\($0.name), \($0.package))" }.joined(separator: ", "))
        }
        lines.append("display: " + (displayServer.map { "\($0.rawValue) \(displayName ?? "")" } ?? "none")
            + (displayVariables.isEmpty ? "" : " (\(displayVariables.joined(separator: " ")))"))
        lines.append(contentsOf: directories.map { "data: \($0.name) \($0.path)" })
        return lines.joined(separator: "\n")
    }

    private var sandboxLine: String {
        switch sandboxDecision {
        case .sandboxed: "on: web processes run in bubblewrap (own mount, PID and network namespaces)"
        case .unsandboxed(let warning): "off: " + warning.replacingOccurrences(of: "warning: ", with: "")
        case .refused(let message): "cannot start: " + message.replacingOccurrences(of: "cannot sandbox web content: ", with: "")
        }
    }

    private var userNamespaceLine: String {
        var parts: [String] = []
        if sandbox.isRoot { parts.append("running as root (none needed)") }
        if let value = sandbox.unprivilegedUserNamespaceClone { parts.append("kernel.unprivileged_userns_clone=\(value)") }
        if let value = sandbox.maxUserNamespaces { parts.append("user.max_user_namespaces=\(value)") }
        if let value = sandbox.appArmorRestrictsUserNamespaces { parts.append("kernel.apparmor_restrict_unprivileged_userns=\(value)") }
        let trial: String
        switch sandbox.trial {
        case .succeeded: trial = "trial sandbox started"
        case .failed(let status, let message): trial = "trial sandbox failed (\(status): \(message))"
        case .timedOut(let seconds): trial = "trial sandbox hung (\(seconds) s)"
        case .notStarted(let reason): trial = "trial sandbox not started (\(reason))"
        case nil: trial = "no trial"
        }
        return (parts + [trial]).joined(separator: "; ")
    }

    private var mediaLine: String {
        guard let available = media.available else { return media.problem ?? "unknown" }
        let missing = media.missingRequired
        let codecs = MediaSupport.codecs.count - media.missingCodecs.count
        return "\(available.count) GStreamer elements; "
            + (missing.isEmpty ? "all \(MediaSupport.required.count) the player needs" :
                "missing " + missing.map { "\($0.name) (\($0.package))" }.joined(separator: ", "))
            + "; \(codecs) of \(MediaSupport.codecs.count) common codecs"
    }
}
