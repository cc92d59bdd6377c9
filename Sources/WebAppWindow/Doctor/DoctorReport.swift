import GLibCore
import FoundationEssentials
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
    /// The package trait that chose the toolkit ("GTK3" or "GTK4", see `Toolkit`).
    public let toolkitTrait: String
    /// The libadwaita library running on GTK 4, as "1.2.2"; nil on GTK 3.
    public let libadwaitaVersion: String?
    /// The WebKitGTK API in use, "4.1" or "6.0".
    public let webKitAPI: String
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
        let libraries = ["GTK \(gtkVersion.prefix { $0 != "." })"] + (libadwaitaVersion.map { ["libadwaita \($0)"] } ?? [])
            + ["WebKitGTK \(webKitAPI)"]
        lines.append(tr("toolkit: {libraries} (package trait {trait})",
                        ["libraries": libraries.joined(separator: ", "), "trait": toolkitTrait]))
        lines.append(tr("sandbox: {state}", ["state": sandboxLine]))
        lines.append("  bwrap: \(sandbox.bubblewrapPath)" + (sandbox.bubblewrapExecutable ? "" : " " + tr("(missing)")))
        lines.append("  " + tr("user namespaces: {state}", ["state": userNamespaceLine]))
        let gpu = renderNodes.isEmpty ? tr("no GPU render node (software rendering)")
            : tr("GPU {nodes}", ["nodes": renderNodes.joined(separator: ", ")])
        lines.append(tr("renderer: hardware acceleration {policy}; {gpu}", ["policy": accelerationPolicy, "gpu": gpu]))
        lines.append("  " + (renderingVariables.contains("WEBKIT_DISABLE_DMABUF_RENDERER=1")
            ? tr("DMA-BUF renderer: off (WEBKIT_DISABLE_DMABUF_RENDERER=1)")
            : tr("DMA-BUF renderer: WebKit's default (WEBKIT_DISABLE_DMABUF_RENDERER not set)")))
        if !renderingVariables.isEmpty {
            lines.append("  " + tr("set: {variables}", ["variables": renderingVariables.joined(separator: " ")]))
        }
        if let cure = blankWindowCure {
            let values: KeyValuePairs = ["variable": cure.variable, "reason": cure.because]
            lines.append("  " + (cure.applied ? tr("if a window stays blank: {variable}=1 ({reason}), already set", values)
                : tr("if a window stays blank: {variable}=1 ({reason})", values)))
        } else {
            lines.append("  " + tr("if a window stays blank: no known cure applies to this machine"))
        }
        lines.append(tr("portal: {state}", ["state": portal.description]))
        lines.append(tr("media: {state}", ["state": mediaLine]))
        if !media.missingCodecs.isEmpty {
            lines.append("  " + tr("missing codecs: {codecs}",
                                   ["codecs": media.missingCodecs.map { "\($0.purpose) (\($0.name), \($0.package))" }.joined(separator: ", ")]))
        }
        let display = displayServer.map { "\($0.rawValue) \(displayName ?? "")" } ?? tr("none", context: "display")
        lines.append(tr("display: {server}", ["server": display])
            + (displayVariables.isEmpty ? "" : " (\(displayVariables.joined(separator: " ")))"))
        lines.append(contentsOf: directories.map { tr("data: {name} {path}", ["name": $0.name, "path": $0.path]) })
        return lines.joined(separator: "\n")
    }

    private var sandboxLine: String {
        switch sandboxDecision {
        case .sandboxed: tr("on: web processes run in bubblewrap (own mount, PID and network namespaces)")
        case .sandboxedDespiteOptOut(let optOut):
            tr("on: web processes run in bubblewrap; {warning}", ["warning": optOut.ignoredExplanation])
        case .unsandboxed(let why): tr("off: {warning}", ["warning": why.explanation])
        case .refused(let problem): tr("cannot start: {reason}; {remedy}", ["reason": problem.reason, "remedy": problem.remedy])
        }
    }

    private var userNamespaceLine: String {
        var parts: [String] = []
        if sandbox.isRoot { parts.append(tr("running as root (none needed)")) }
        if let value = sandbox.unprivilegedUserNamespaceClone { parts.append("kernel.unprivileged_userns_clone=\(value)") }
        if let value = sandbox.maxUserNamespaces { parts.append("user.max_user_namespaces=\(value)") }
        if let value = sandbox.appArmorRestrictsUserNamespaces { parts.append("kernel.apparmor_restrict_unprivileged_userns=\(value)") }
        let trial: String
        switch sandbox.trial {
        case .succeeded: trial = tr("trial sandbox started")
        case .failed(let status, let message): trial = tr("trial sandbox failed ({status}: {message})", ["status": "\(status)", "message": message])
        case .timedOut(let seconds): trial = tr("trial sandbox hung ({seconds} s)", ["seconds": "\(seconds)"])
        case .notStarted(let reason): trial = tr("trial sandbox not started ({reason})", ["reason": reason])
        case nil: trial = tr("no trial")
        }
        return (parts + [trial]).joined(separator: "; ")
    }

    private var mediaLine: String {
        guard let available = media.available else { return media.problem ?? tr("unknown") }
        let missing = media.missingRequired
        let codecs = MediaSupport.codecs.count - media.missingCodecs.count
        let required = missing.isEmpty ? tr("all {count} the player needs", ["count": String(MediaSupport.required.count)])
            : tr("missing {elements}", ["elements": missing.map { "\($0.name) (\($0.package))" }.joined(separator: ", ")])
        return tr("{count} GStreamer elements; {required}; {codecs} of {total} common codecs",
                  ["count": String(available.count), "required": required, "codecs": String(codecs),
                   "total": String(MediaSupport.codecs.count)])
    }
}
