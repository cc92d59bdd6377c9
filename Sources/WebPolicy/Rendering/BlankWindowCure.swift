/// The known cures for a WebKitGTK window that shows nothing, and which one fits a machine:
/// the most reported complaint about WebKitGTK hosts (Tauri, Wails, webview/webview).
///
/// NVIDIA's driver under X11 breaks WebKit's DMA-BUF renderer (webview/webview turns it off
/// itself); with no GPU render node (a VM, Xvfb) WebKit composites in software, where some
/// setups draw nothing until compositing mode is off.
public struct BlankWindowCure: Sendable, Equatable {
    /// What the machine has, as the doctor found it.
    public struct Machine: Sendable, Equatable {
        /// "X11", "Wayland", or nil with no display.
        public var displayServer: String?
        /// Whether a GPU render node (`/dev/dri/renderD*`) exists.
        public var hasRenderNode: Bool
        /// Whether NVIDIA's proprietary driver is loaded (`/proc/driver/nvidia/version`).
        public var nvidiaDriver: Bool
        /// The environment, for the cures already applied.
        public var environment: [String: String]

        /// A machine with these facts.
        public init(displayServer: String?, hasRenderNode: Bool, nvidiaDriver: Bool, environment: [String: String]) {
            self.displayServer = displayServer
            self.hasRenderNode = hasRenderNode
            self.nvidiaDriver = nvidiaDriver
            self.environment = environment
        }
    }

    /// The variable to set, as `NAME=1`.
    public let variable: String
    /// Why it fits this machine.
    public let because: String
    /// Whether the environment already sets it.
    public let applied: Bool

    /// The cure that fits `machine`, nil when none is known for it.
    public static func forMachine(_ machine: Machine) -> BlankWindowCure? {
        let (variable, because): (String, String)
        if machine.nvidiaDriver && machine.displayServer == "X11" {
            (variable, because) = ("WEBKIT_DISABLE_DMABUF_RENDERER", "NVIDIA's driver under X11")
        } else if !machine.hasRenderNode {
            (variable, because) = ("WEBKIT_DISABLE_COMPOSITING_MODE", "no GPU render node: software rendering (Xvfb, VMs)")
        } else {
            return nil
        }
        return BlankWindowCure(variable: variable, because: because, applied: machine.environment[variable] == "1")
    }
}
