import Foundation

/// WebKit's web processes as `/proc` shows them (WebKit does not say which is whose; in the
/// sandbox each is bubblewrap's child, not the UI process's).
public enum WebProcesses {
    /// The live (not zombie) WebKitWebProcess processes below this process.
    public static func children() -> Set<Int32> {
        Set(below(getpid()).filter { pid in
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            guard let close = stat.lastIndex(of: ")") else { return false }
            return !stat[close...].hasPrefix(") Z")
        })
    }

    /// Sends SIGKILL to the web processes started since `before` (a `children()` reading);
    /// returns how many.
    @discardableResult
    public static func kill(startedSince before: Set<Int32>) -> Int {
        let started = children().subtracting(before)
        started.forEach { Foundation.kill($0, SIGKILL) }
        return started.count
    }

    /// The WebKitWebProcess processes below `pid`.
    public static func below(_ pid: Int32) -> [Int32] {
        var found: [Int32] = []
        var queue = [pid]
        while let parent = queue.popLast() {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(parent)/task")) ?? []
            for task in tasks {
                let children = (try? String(contentsOfFile: "/proc/\(parent)/task/\(task)/children", encoding: .utf8)) ?? ""
                for child in children.split(separator: " ").compactMap({ Int32($0) }) {
                    let name = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? ""
                    if name.hasPrefix("WebKitWebProces") { found.append(child) }
                    queue.append(child)
                }
            }
        }
        return found
    }

    /// The namespace link of `kind` (`mnt`, `pid`, `net`) of `pid`.
    public static func namespace(_ kind: String, of pid: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/\(kind)")
    }

    /// Whether process `pid` finds a file at `path` in its own mounts (looked at through
    /// `/proc/PID/root`); nil when this user may not look there.
    public static func sees(_ path: String, in pid: Int32) -> Bool? {
        guard (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/root/")) != nil else { return nil }
        return FileManager.default.fileExists(atPath: "/proc/\(pid)/root" + path)
    }
}
