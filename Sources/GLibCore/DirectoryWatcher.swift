import CGLib
import FoundationEssentials

/// Watches a directory and every directory under it (GIO's file monitors, one per
/// directory; directories made later are watched too) and calls `onChange` once a burst of
/// changes has settled: an editor's save is several events, the page should reload once.
///
/// Only finished changes count: a file written (its "changes done" hint), created,
/// deleted, moved or renamed. Stops when released.
@MainActor
public final class DirectoryWatcher {
    /// The directory watched, with everything under it.
    public let directory: URL
    private let settle: Duration
    private let onChange: @MainActor (URL) -> Void
    private var monitors: [String: (monitor: ObjectReference<GFileMonitor>, connection: SignalConnection)] = [:]
    private var pending: Task<Void, Never>?

    /// Starts watching `directory`; `onChange` gets the last file changed once nothing has
    /// changed for `settle`. Throws GIO's error when the directory cannot be watched.
    public init(directory: URL, settle: Duration = .milliseconds(150), onChange: @escaping @MainActor (URL) -> Void) throws {
        self.directory = directory
        self.settle = settle
        self.onChange = onChange
        try watchTree(directory)
    }

    isolated deinit {
        pending?.cancel()
        for entry in monitors.values { g_file_monitor_cancel(entry.monitor.pointer) }
    }

    private func watchTree(_ root: URL) throws {
        try watch(root)
        // Folders only, not followed through symbolic links, hidden ones too.
        let files = FileManager.default
        for subpath in (try? files.subpathsOfDirectory(atPath: root.path)) ?? []
        where (try? files.attributesOfItem(atPath: root.appendingPathComponent(subpath).path)[.type] as? FileAttributeType) == .typeDirectory {
            try watch(root.appendingPathComponent(subpath, isDirectory: true))
        }
    }

    private func watch(_ folder: URL) throws {
        guard monitors[folder.path] == nil else { return }
        let file = g_file_new_for_path(folder.path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            defer { g_error_free(error) }
            throw error.map { GLibError($0) } ?? GLibError(domain: "g-io-error-quark", code: 0, message: "cannot watch \(folder.path)")
        }
        let reference = ObjectReference(adopting: monitor)
        let connection = Signals.connect(UnsafeMutableRawPointer(monitor), "changed") {
            [unowned self] (changed: Signals.Pointer, other: Signals.Pointer, event: UInt32) -> Void in
            // A rename's file is the old name; the new one is what changed for the app.
            guard let changed = (GFileMonitorEvent(event) == G_FILE_MONITOR_EVENT_RENAMED ? other : nil) ?? changed else { return }
            let path = g_file_get_path(OpaquePointer(changed))
            defer { g_free(path) }
            guard let path else { return }
            self.changed(URL(fileURLWithPath: String(cString: path)), event: GFileMonitorEvent(event))
        }
        monitors[folder.path] = (reference, connection)
    }

    private func changed(_ file: URL, event: GFileMonitorEvent) {
        switch event {
        case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_OUT,
             G_FILE_MONITOR_EVENT_RENAMED:
            break
        case G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_MOVED_IN:
            var isDirectory = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory {
                try? watchTree(file)
            }
        default:
            return
        }
        pending?.cancel()
        pending = Task { @MainActor [weak self, settle] in
            guard (try? await Task.sleep(for: settle)) != nil, let self else { return }
            onChange(file)
        }
    }
}
