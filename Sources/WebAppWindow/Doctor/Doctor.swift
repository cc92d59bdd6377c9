import FoundationEssentials
import GLibCore
import GtkWidgets
import WebKitGTK

/// Finds what this machine gives an app: the check behind `webview-host --doctor`, for any
/// app to offer the same way (a `--doctor` flag, a Help menu item, a bug-report template).
///
/// Every probe is bounded: the sandbox's trial run and the D-Bus calls by `timeout` seconds
/// each, GStreamer's listing by `mediaTimeout` (its first run may rebuild the registry), so
/// a machine without a portal or a hung bus gets a report, not a hang. It opens no window;
/// it initialises GTK (`MainLoop.initialize()`) to read the display, and without one it
/// reports "display: none" and everything else as usual.
@MainActor
public enum Doctor {
    /// The report for the app `applicationID` (whose directories it lists, or `directories`)
    /// under `sandbox`, asking the session bus at `sessionBusAddress` (default: the user's).
    public static func report(applicationID: String,
                              sandbox: SandboxPolicy = SandboxPolicy(arguments: Array(CommandLine.arguments.dropFirst()),
                                                                     environment: ProcessInfo.processInfo.environment),
                              directories: XDGDirectories? = nil, sessionBusAddress: String? = nil,
                              timeout: Double = 2, mediaTimeout: Double = 20) -> DoctorReport {
        MainLoop.initialize()
        let environment = ProcessInfo.processInfo.environment
        let readings = WebProcessSandbox.preflight(timeout: timeout)
        let display = DisplayServer.current
        let renderNodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? [])
            .filter { $0.hasPrefix("renderD") }.sorted().map { "/dev/dri/" + $0 }
        let machine = BlankWindowCure.Machine(
            displayServer: display?.rawValue, hasRenderNode: !renderNodes.isEmpty,
            nvidiaDriver: FileManager.default.fileExists(atPath: "/proc/driver/nvidia/version"), environment: environment)
        let switches = ["WEBKIT_DISABLE_DMABUF_RENDERER", "WEBKIT_DISABLE_COMPOSITING_MODE", "LIBGL_ALWAYS_SOFTWARE",
                        "WEBKIT_FORCE_SANDBOX", "WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS", "GDK_BACKEND"]
        let xdg = directories ?? XDGDirectories(applicationID: applicationID)
        return DoctorReport(
            webKitVersion: WebKitVersion.runtime, gtkVersion: DisplayServer.gtkVersion,
            toolkitTrait: Toolkit.trait, libadwaitaVersion: Toolkit.libadwaitaVersion, webKitAPI: WebKitVersion.api,
            sandbox: readings, sandboxDecision: sandbox.decide(problem: readings.problem, canRunUnconfined: WebProcessSandbox.canRunUnconfined),
            accelerationPolicy: accelerationPolicy(hasDisplay: display != nil),
            renderingVariables: switches.compactMap { name in environment[name].map { "\(name)=\($0)" } },
            renderNodes: renderNodes, blankWindowCure: BlankWindowCure.forMachine(machine),
            portal: PortalStatus.probe(address: sessionBusAddress, timeout: timeout), media: MediaSupport.probe(timeout: mediaTimeout),
            displayServer: display, displayName: DisplayServer.displayName,
            displayVariables: ["XDG_SESSION_TYPE", "WAYLAND_DISPLAY", "DISPLAY"].compactMap { name in
                environment[name].map { "\(name)=\($0)" }
            },
            directories: [(tr("data", context: "directory"), xdg.data.path), (tr("cache", context: "directory"), xdg.cache.path),
                          (tr("state", context: "directory"), xdg.state.path),
                          (tr("website data", context: "directory"), xdg.websiteData.dataDirectory.path),
                          (tr("website cache", context: "directory"), xdg.websiteData.cacheDirectory.path)])
    }

    /// WebKit's default hardware acceleration policy, as a new view's settings have it;
    /// without a display, the setting's declared default, which the environment can change
    /// (`WEBKIT_DISABLE_COMPOSITING_MODE`, listed with the rendering switches).
    private static func accelerationPolicy(hasDisplay: Bool) -> String {
        let name = switch HardwareAcceleration.defaultPolicy(hasDisplay: hasDisplay) {
        case .always: tr("always", context: "hardware acceleration")
        case .never: tr("never", context: "hardware acceleration")
        case .onDemand: tr("on demand", context: "hardware acceleration")
        }
        return hasDisplay ? name : tr("{policy} (WebKit’s default; no display to ask)", ["policy": name])
    }
}
