import CGLib
import Foundation
import GLibCore

/// Start-up: from starting a process to its page's first script, and to its first frame
/// drawn, for the `webview-host` built beside the bench (`make bench` builds it as shipped,
/// the Swift runtime linked in; sandboxed; and with `WEBVIEWHOST_NO_SANDBOX=1`, for the
/// sandbox's share) against the floor, a raw WebKitGTK window in C (`webview-startup-floor`,
/// on the same WebKit), in the same run, all on one private session bus. They launch in turn,
/// `runs` times, in a rotating order so none always goes first; each figure is a median. On
/// GTK 4 there is no unsandboxed variant: WebKitGTK 6.0 cannot run web content unconfined.
@MainActor
func benchmarkStartup(_ report: Report, runs: Int = 15) async throws {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let host = directory.appendingPathComponent("webview-host").path
    let floorProgram = directory.appendingPathComponent("webview-startup-floor").path
    for program in [host, floorProgram] where !FileManager.default.isExecutableFile(atPath: program) {
        throw BenchError("start-up: build \(URL(fileURLWithPath: program).lastPathComponent) beside the bench first (make bench builds all three)")
    }
    let server = try StartupServer()
    // A desktop session has a bus: without one, GLib would autolaunch one per process.
    let bus = try BenchSessionBus()
    struct Variant { let name: String; let arguments: (String) -> [String]; let environment: [String: String] }
    var variants = [
        Variant(name: "floor", arguments: { [floorProgram, $0] }, environment: [:]),
        Variant(name: "host", arguments: { [host, "--ephemeral", $0] }, environment: [:]),
    ]
    #if !GTK4
    variants.append(Variant(name: "unsandboxed", arguments: { [host, "--ephemeral", $0] },
                            environment: ["WEBVIEWHOST_NO_SANDBOX": "1"]))
    #endif
    var times: [String: [(script: Double, paint: Double)]] = [:]
    for run in 0..<runs {
        for offset in 0..<variants.count {
            let variant = variants[(run + offset) % variants.count]
            let environment = variant.environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }
            times[variant.name, default: []].append(try await launch(variant.arguments, environment, server))
            // The killed app's web and network processes end on their own a moment later:
            // the next launch must not share the machine with them.
            try await Task.sleep(for: .milliseconds(250))
        }
    }
    func medians(_ name: String) -> (script: Double, paint: Double) {
        (median(times[name]!.map(\.script)), median(times[name]!.map(\.paint)))
    }
    let (floor, ours) = (medians("floor"), medians("host"))
    let open = times["unsandboxed"] == nil ? nil : medians("unsandboxed")
    for (label, measured, base, unconfined) in [("process start → first script", ours.script, floor.script, open?.script),
                                                ("process start → first paint", ours.paint, floor.paint, open?.paint)] {
        let ratio = measured / base
        let unsandboxed = unconfined.map { String(format: "; unsandboxed %.0f ms", $0) } ?? ""
        report.add("start-up", label, measured: String(format: "%.2f× (%.0f ms vs floor %.0f ms", ratio, measured, base)
            + unsandboxed + ")", target: "≤ 1.40×", passed: ratio <= 1.4)
    }
    guard let open else { return }
    let share = ours.script - open.script
    report.add("start-up", "the sandbox's share", measured: String(
        format: "%+.0f ms to first script (%.0f%% of it), %+.0f ms to first paint", share, 100 * share / ours.script,
        ours.paint - open.paint))
}

/// Starts `arguments(uri)` with `environment` added and returns the milliseconds from the
/// start to its page's first script and first frame; the process is killed then.
@MainActor
private func launch(_ arguments: (String) -> [String], _ environment: [String: String],
                    _ server: StartupServer) async throws -> (script: Double, paint: Double) {
    let id = UUID().uuidString
    let launcher = g_subprocess_launcher_new(GSubprocessFlags(G_SUBPROCESS_FLAGS_STDOUT_SILENCE.rawValue
                                                              | G_SUBPROCESS_FLAGS_STDERR_SILENCE.rawValue))!
    defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
    // The bench's own sandboxed views, made earlier in this process without an accessibility
    // bus, set this empty here (see `WebProcessSandbox`): a launched app would inherit it and
    // start without WebKit's accessibility proxy, unlike any app a desktop launches.
    g_subprocess_launcher_unsetenv(launcher, "WEBKIT_A11Y_BUS_ADDRESS")
    for (name, value) in environment { g_subprocess_launcher_setenv(launcher, name, value, 1) }
    let argv: [UnsafePointer<CChar>?] = arguments(server.uri(run: id)).map { UnsafePointer(strdup($0)) } + [nil]
    defer { argv.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
    let started = g_get_monotonic_time()
    var error: UnsafeMutablePointer<GError>?
    guard let process = argv.withUnsafeBufferPointer({ g_subprocess_launcher_spawnv(launcher, $0.baseAddress, &error) }) else {
        throw BenchError("start-up: cannot start \(arguments("")[0]): \(GLibError.take(error)?.message ?? "")")
    }
    defer {
        g_subprocess_force_exit(process)
        g_subprocess_wait(process, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(process))
    }
    let deadline = started + 60_000_000
    while server.marks[id]?["paint"] == nil {
        guard g_get_monotonic_time() < deadline else { throw BenchError("start-up: \(arguments("")[0]) drew no page within 60 s") }
        try await Task.sleep(for: .milliseconds(2))
    }
    let marks = server.marks[id]!
    return (Double(marks["script"]! - started) / 1000, Double(marks["paint"]! - started) / 1000)
}

/// A session bus of the bench's own (`dbus-daemon --session`), for the launched apps.
@MainActor
final class BenchSessionBus {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    let address: String
    private let process: OpaquePointer

    init() throws {
        var error: UnsafeMutablePointer<GError>?
        let flags = GSubprocessFlags(G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue)
        let arguments = ["dbus-daemon", "--session", "--nofork", "--print-address=1"]
        let argv: [UnsafePointer<CChar>?] = arguments.map { UnsafePointer(strdup($0)) } + [nil]
        defer { argv.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        guard let process = argv.withUnsafeBufferPointer({ g_subprocess_newv($0.baseAddress, flags, &error) }) else {
            throw BenchError("start-up: cannot start dbus-daemon: \(GLibError.take(error)?.message ?? "")")
        }
        self.process = process
        let stream = g_data_input_stream_new(g_subprocess_get_stdout_pipe(process))!
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        guard let line = g_data_input_stream_read_line(stream, nil, nil, nil) else {
            throw BenchError("start-up: dbus-daemon printed no address")
        }
        defer { g_free(line) }
        address = String(cString: line)
    }

    isolated deinit {
        g_subprocess_force_exit(process)
        g_subprocess_wait(process, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(process))
    }
}
