import Foundation
import XCTest

/// What a screen reader reads of one process's windows, through AT-SPI: a walk of the tree by
/// `Tests/Accessibility/accessibility_tree.py` (Python's `gi.repository.Atspi`, Debian
/// `python3-gi` and `gir1.2-atspi-2.0`), and the actions a screen reader's user takes.
public struct AccessibilityTree {
    /// One object of the tree.
    public struct Node: Decodable, Equatable, CustomStringConvertible {
        /// AT-SPI's role name: `push button`, `toggle button`, `text`, `heading`…
        public let role: String
        /// The accessible name a screen reader speaks; empty when it has none.
        public let name: String
        /// Its ancestors, from the window down, each as `role 'name'`.
        public let path: [String]
        /// Whether it is on screen now.
        public let showing: Bool
        /// The process that answers for it (the app, or a web process for the page).
        public let process: Int32
        /// Its left edge on screen, for the app's own objects: how a mirrored (right-to-left)
        /// window is told from one laid out left to right.
        public let x: Int?
        /// Its top edge and size on screen, for the app's own objects: what a screenshot of it crops.
        public let y: Int?, width: Int?, height: Int?

        public var description: String {
            "\(role) '\(name)'\(showing ? "" : " (hidden)") in \(path.joined(separator: " > "))"
        }
    }

    /// The roles of controls a user acts on: a screen reader must be able to say each one's name.
    public static let controlRoles: Set<String> = [
        "push button", "toggle button", "check box", "radio button", "combo box", "menu item",
        "check menu item", "radio menu item", "text", "password text", "entry", "spin button",
        "slider", "link", "switch",
    ]

    private static let script = InstalledApp.packageRoot.appendingPathComponent("Tests/Accessibility/accessibility_tree.py")

    /// The app's process.
    public let pid: Int32
    /// The environment with the app's session bus, on which the walk finds the accessibility bus.
    public let environment: [String: String]

    public init(pid: Int32, environment: [String: String]) throws {
        guard try runTool("/usr/bin/python3", ["-c", "import gi; gi.require_version('Atspi', '2.0')"]).status == 0 else {
            throw HarnessError("Python's AT-SPI bindings are missing (apt-get install python3-gi gir1.2-atspi-2.0)")
        }
        self.pid = pid
        self.environment = environment
    }

    /// Every object below the app's windows; with `appOnly`, the objects of other processes
    /// (the page's web process) are listed but not asked anything, since a page stuck in a
    /// loop answers nothing. Throws when the app is not on the accessibility bus (yet).
    public func nodes(appOnly: Bool = false) throws -> [Node] {
        let run = try runTool("/usr/bin/python3", ["-W", "ignore", Self.script.path, "--pid", "\(pid)"]
                              + (appOnly ? ["--skip-other-processes"] : []) + ["tree"], environment: environment)
        guard run.status == 0 else { throw HarnessError("the accessibility walk failed (\(run.status)): \(run.output)") }
        let decoder = JSONDecoder()
        return try run.output.split(separator: "\n").filter { $0.hasPrefix("{") }.map {
            try decoder.decode(Node.self, from: Data($0.utf8))
        }.filter { $0.role != "(another process)" }
    }

    /// Does `action` (`click`, `press`; a control's only action whatever its name) on the first
    /// showing object with `role` and `name`, as a screen reader's user would.
    public func act(_ action: String, on role: String, named name: String, appOnly: Bool = false) throws {
        let run = try runTool("/usr/bin/python3", ["-W", "ignore", Self.script.path, "--pid", "\(pid)"]
                              + (appOnly ? ["--skip-other-processes"] : []) + ["act", role, name, action],
                              environment: environment)
        guard run.status == 0 else { throw HarnessError("could not \(action) \(role) '\(name)': \(run.output)") }
    }
}
