import Foundation
import GtkWidgets
import TestHelpers

/// The X windows of the tests' display, seen as a window manager sees them (xdotool, xprop;
/// Debian packages `xdotool` and `x11-utils`).
public enum X11Windows {
    /// The ids of the shown top-level windows whose title is exactly `title` (a hidden one, such
    /// as a closed Keyboard Shortcuts window kept for next time, is none). GTK can give a
    /// helper window the same name for a moment; only a window naming its process counts.
    public static func named(_ title: String) throws -> [String] {
        try matching("^" + NSRegularExpression.escapedPattern(for: title) + "$")
    }

    /// The ids of the shown top-level windows whose title matches the regular expression `pattern`.
    public static func matching(_ pattern: String) throws -> [String] {
        try runTool("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", pattern]).output
            .split(separator: "\n").map(String.init)
            .filter { try pid(of: $0) != nil }
    }

    /// Waits for a window titled `title`; returns its id.
    public static func waitFor(_ title: String, timeout: TimeInterval = 20) throws -> String? {
        try poll(timeout: timeout) { try named(title).first }
    }

    /// The process that owns the window (`_NET_WM_PID`).
    public static func pid(of window: String) throws -> Int32? {
        let output = try runTool("/usr/bin/xprop", ["-id", window, "_NET_WM_PID"]).output
        return output.split(separator: "=").last.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The window's title (`_NET_WM_NAME`).
    public static func title(of window: String) throws -> String? {
        let output = try runTool("/usr/bin/xprop", ["-id", window, "_NET_WM_NAME"]).output
        guard let start = output.firstIndex(of: "\""), let end = output.lastIndex(of: "\""), start < end else { return nil }
        return String(output[output.index(after: start)..<end])
    }

    /// The window's outer size in pixels, as `WIDTHxHEIGHT`.
    public static func size(of window: String) throws -> String? {
        let output = try runTool("/usr/bin/xdotool", ["getwindowgeometry", window]).output
        return output.split(separator: "\n").first { $0.contains("Geometry:") }?
            .split(separator: " ").last.map(String.init)
    }

    /// Focuses the window and presses `keys` (xdotool syntax, such as `ctrl+q`).
    public static func press(_ keys: String, in window: String) throws {
        try runTool("/usr/bin/xdotool", ["windowfocus", "--sync", window])
        try runTool("/usr/bin/xdotool", ["key", "--clearmodifiers", keys])
    }

    /// Types `text` into the focused widget of `window`, then presses Return.
    public static func type(_ text: String, into window: String) throws {
        try runTool("/usr/bin/xdotool", ["windowfocus", "--sync", window])
        try runTool("/usr/bin/xdotool", ["type", "--delay", "20", text])
        try runTool("/usr/bin/xdotool", ["key", "Return"])
    }

    /// Moves `window` so its top left lies at `x`, `y` of the display (GTK 4 cannot place a
    /// window itself; with no window manager on the tests' display, X does as asked).
    public static func move(_ window: String, to x: Int, _ y: Int) throws {
        try runTool("/usr/bin/xdotool", ["windowmove", "--sync", window, String(x), String(y)])
    }

    /// Resizes `window` to `width` by `height` as a window manager would (GTK 4 cannot).
    public static func resize(_ window: String, to width: Int, _ height: Int) throws {
        try runTool("/usr/bin/xdotool", ["windowsize", "--sync", window, String(width), String(height)])
    }

    /// The id xdotool knows `window` by, once it is on screen.
    @MainActor
    public static func id(of window: Window) -> String? {
        window.x11Handle.map { "0x" + $0.dropFirst("x11:".count) }
    }
}
