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
        /// Whether it is on screen now: AT-SPI's `showing` state on GTK 3; on GTK 4, which
        /// (4.8) sets `showing` on the window alone, `visible` with a box of some size on screen
        /// (`accessibility_tree.py --shown-by-box`).
        public let showing: Bool
        /// The process that answers for it (the app, or a web process for the page).
        public let process: Int32
        /// Its left edge on screen, for the app's own objects: how a mirrored (right-to-left)
        /// window is told from one laid out left to right.
        public let x: Int?
        /// Its top edge and size on screen, for the app's own objects: what a screenshot of it crops.
        public let y: Int?, width: Int?, height: Int?

        /// Whether a screen reader has no name to say for it: none, or (GTK 4.8, which names
        /// an object without a name of its own by its class) its widget's class name, such as
        /// `GtkToggleButton`, which tells a user nothing.
        public var isUnnamed: Bool {
            #if GTK4
            return name.isEmpty || name.wholeMatch(of: /(Gtk|Adw|WebKit)[A-Z][A-Za-z0-9]*/) != nil
            #else
            return name.isEmpty
            #endif
        }

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

    #if GTK4
    /// The role of the window's primary menu button: GTK 4.8 reads a `GtkMenuButton` (and the
    /// toggle button in it) as a push button.
    public static let menuButtonRole = "push button"
    /// The role of an item of the primary menu (a `GMenu` in a popover).
    public static let menuItemRole = "menu item"
    /// The role of a one-line text field.
    public static let entryRole = "entry"
    /// Objects count as showing by their box (see `Node.showing`).
    private static let toolkitArguments = ["--shown-by-box"]
    #else
    /// The role of the window's primary menu button.
    public static let menuButtonRole = "toggle button"
    /// The role of an item of the primary menu (a button in a popover).
    public static let menuItemRole = "push button"
    /// The role of a one-line text field.
    public static let entryRole = "text"
    private static let toolkitArguments: [String] = []
    #endif

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
        let run = try runTool("/usr/bin/python3", ["-W", "ignore", Self.script.path, "--pid", "\(pid)"] + Self.toolkitArguments
                              + (appOnly ? ["--skip-other-processes"] : []) + ["tree"], environment: environment)
        guard run.status == 0 else { throw HarnessError("the accessibility walk failed (\(run.status)): \(run.output)") }
        let decoder = JSONDecoder()
        return try run.output.split(separator: "\n").filter { $0.hasPrefix("{") }.map {
            try decoder.decode(Node.self, from: Data($0.utf8))
        }.filter { $0.role != "(another process)" }
    }

    /// Does `action` (`click`, `press`; a control's only action whatever its name) on the first
    /// showing object with `role` and `name`, as a screen reader's user would. On GTK 4, an
    /// object GTK 4.8 gives no action at all (a menu button, a menu's item) is clicked with the
    /// pointer in the middle of its box on screen instead.
    public func act(_ action: String, on role: String, named name: String, appOnly: Bool = false) throws {
        let run = try runTool("/usr/bin/python3", ["-W", "ignore", Self.script.path, "--pid", "\(pid)"] + Self.toolkitArguments
                              + (appOnly ? ["--skip-other-processes"] : []) + ["act", role, name, action],
                              environment: environment)
        #if GTK4
        if run.status == 3, let line = run.output.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
           let box = try? JSONDecoder().decode([String: Int].self, from: Data(line.utf8)),
           let x = box["x"], let y = box["y"], let width = box["width"], let height = box["height"] {
            return try click(x: x + width / 2, y: y + height / 2)
        }
        #endif
        guard run.status == 0 else { throw HarnessError("could not \(action) \(role) '\(name)': \(run.output)") }
    }

    /// Clicks the middle of `node`'s box on screen with the pointer, as a sighted user would: for
    /// what AT-SPI cannot act on (on GTK 4, the page, which is out of its reach).
    public func click(_ node: Node) throws {
        guard let x = node.x, let y = node.y, let width = node.width, let height = node.height, width > 0, height > 0 else {
            throw HarnessError("\(node) has no box on screen to click")
        }
        try click(x: x + width / 2, y: y + height / 2)
    }

    /// Clicks the point `x`, `y` of the screen with the pointer.
    public func click(x: Int, y: Int) throws {
        let run = try runTool("/usr/bin/xdotool", ["mousemove", "\(x)", "\(y)", "click", "1"])
        guard run.status == 0 else { throw HarnessError("xdotool could not click at \(x),\(y): \(run.output)") }
    }

    #if GTK4
    /// Fails unless the page is out of a screen reader's reach, as GTK 4.8 leaves it: the web
    /// view in `nodes` (a walk with the other processes) is an object with nothing under it,
    /// and no object of another process (the web process, whose tree is on the bus) is below
    /// the app. Embedding another process's tree needs GTK 4.14's `GtkAtSpiSocket`.
    public static func assertThePageIsOutOfReach(_ nodes: [Node], of pid: Int32,
                                                 file: StaticString = #filePath, line: UInt = #line) {
        let embedding = "the platform has gained the embedding of the web process's tree (GTK ≥ 4.14's GtkAtSpiSocket): "
            + "the GTK 4 branch of this test must go back to the full check of the page's content"
        XCTAssertTrue(nodes.contains { $0.name == "WebKitWebView" && $0.process == pid }, "no web view in \(nodes)", file: file, line: line)
        let underView = nodes.filter { $0.path.contains { $0.hasSuffix("'WebKitWebView'") } }
        XCTAssertEqual(underView, [], "objects under the web view: \(embedding)", file: file, line: line)
        let ofOthers = nodes.filter { $0.process != pid }
        XCTAssertEqual(ofOthers, [], "objects of another process below the app: \(embedding)", file: file, line: line)
    }
    #endif
}
