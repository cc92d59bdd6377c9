import Foundation
import WebBridge
import WebBridgeGTK
import WebKitGTK

/// Measures the bridge against the raw reply API (the floor) in the same run, page and web
/// process: the floor's C handler sits in the page world, called through WebKit's own
/// `postMessage`, saved by a user script that runs before the bridge's client. Each content
/// world gets a fresh view with its own floor; floor and bridge alternate call by call
/// (the page is cross-origin isolated for a 20 µs clock, see `BenchPageServer`), in rounds,
/// and each ratio is the median of the rounds' ratios, so both sides see the same machine
/// noise. Every row states its target; the run ends with the whole table.
@MainActor
func benchmark() async throws -> Report {
    let report = Report()
    print("webview-bench: round trips measured in the page (performance.now() around awaited calls)")
    print("floor = WebKit reply API with a C callback (jsc_value_to_json / jsc_value_new_from_json), no Swift layer")
    print("floor and ours alternate call by call; ratios are ours / floor, medians of rounds; MB/s = payload bytes / round-trip time\n")
    let server = try BenchPageServer(page: PageTimer.page)
    let view = try await BenchView(world: .capability, server: server)
    try await view.measureJSON(report, group: "secure default", targeted: true, postMessage: true, typed: true)
    try await view.measureBinary(report)
    try await view.measureStream(report)
    view.close()
    let page = try await BenchView(world: .page, server: server)
    try await page.measureJSON(report, group: "page world", targeted: true, postMessage: false, typed: false)
    page.close()
    let isolated = try await BenchView(world: .isolated, server: server)
    try await isolated.measureJSON(report, group: "isolated (relay)", targeted: false, postMessage: false, typed: false)
    isolated.close()
    try await benchmarkMediaStartup(report)
    try await benchmarkStartup(report)
    report.printSummary()
    return report
}

/// A shown web view with the floor and a bridge in one content world, its page loaded.
@MainActor
final class BenchView {
    let view = WebView()
    let bridge: WebViewBridge
    let window = Window(title: "webview-bench", width: 400, height: 300)
    let page: PageTimer
    static let floorSend = "(p) => window.floorPost(p)"
    static let invoke = "(p) => window.bridge.invoke('echo', p)"
    static let posted = "(p) => window.webkit.messageHandlers.echo.postMessage(p)"
    static let typedSend = "(p) => window.bridge.invoke('typed', p)"

    init(world: BridgeContentWorld, server: BenchPageServer) async throws {
        FloorEcho.register(on: view.userContent.reference.pointer)
        view.userContent.add(UserScript(source: FloorEcho.captureScript, injectionTime: .documentStart, frames: .mainFrameOnly))
        // The shipped defaults (GLib logger, 64 MiB and 64-level limits, 30 s timeout), trusting the page's origin.
        bridge = WebViewBridge(view: view, configuration: BridgeConfiguration(
            maxPayloadBytes: 128 << 20, callers: .origins(server.origin), contentWorld: world))
        bridge.add(Handler.rawJSON("echo") { $0 })
        struct Small: Codable { var n: Int }
        bridge.add(Handler.replying("typed", as: Small.self) { $0 })
        bridge.add(BinaryHandler("echo") { $0 })
        // The bytes are made once, as the page's payloads are: the row times the channel, not malloc.
        let hundredMegabytes = Data(repeating: 7, count: 100 << 20)
        bridge.add(BinaryHandler("produce") { _ in hundredMegabytes })
        bridge.add(StreamHandler("gigabyte", as: Int.self) { megabytes, writer in
            let chunk = Data(repeating: 7, count: 1 << 20)
            for _ in 0..<megabytes { try await writer.send(chunk) }
        })
        window.setChild(view.widget)
        window.showAll()
        var finished = false
        let observation = view.observe { if case .load(.finished) = $0 { finished = true } }
        view.load(uri: server.origin + "/")
        while !finished { try await Task.sleep(for: .milliseconds(10)) }
        observation.cancel()
        page = PageTimer(view: view)
        // Without isolation the clock ticks in 1 ms steps: calls could not be timed one by one.
        guard try await page.call("return self.crossOriginIsolated ? 1 : 0;") == 1 else {
            throw BenchError("the bench page is not cross-origin isolated, so performance.now() ticks in 1 ms steps")
        }
    }

    func close() {
        bridge.tearDown()
        window.close()
    }

    /// `count` calls of each side, in `rounds` rounds, after `warmUp` of each.
    struct Workload { let label: String; let bytes: Int; let count: Int; let rounds: Int; let warmUp: Int }
    static let workloads = [
        Workload(label: "small call", bytes: 0, count: 5000, rounds: 100, warmUp: 500),
        Workload(label: "echo 100 KB", bytes: 100 * 1024, count: 400, rounds: 40, warmUp: 40),
        Workload(label: "echo 1 MB", bytes: 1 << 20, count: 100, rounds: 20, warmUp: 6),
        Workload(label: "echo 10 MB", bytes: 10 << 20, count: 20, rounds: 10, warmUp: 2),
    ]

    func measureJSON(_ report: Report, group: String, targeted: Bool, postMessage: Bool, typed: Bool) async throws {
        let (invoke, posted, typedSend) = (Self.invoke, Self.posted, Self.typedSend)
        for (send, sizes) in [(Self.floorSend, [0, 1 << 20]), (invoke, [0, 1 << 20]), (posted, [0]), (typedSend, [0])]
            where send != posted || postMessage {
            for bytes in sizes where try await !page.checkEcho(send: send, bytes: bytes) {
                throw BenchError("\(send) did not echo \(bytes) bytes intact")
            }
        }
        for workload in Self.workloads {
            let target = workload.bytes == 0 ? 1.05 : 1.10
            let ours = try await compare(workload, ours: invoke)
            add(report, group, "bridge.invoke " + workload.label, workload, ours, target: targeted ? target : nil)
            if postMessage {
                let raw = try await compare(workload, ours: posted)
                add(report, group, "messageHandlers.X.postMessage " + workload.label.replacingOccurrences(of: "small call", with: "small"),
                    workload, raw, target: target)
            }
            if typed, workload.bytes == 0 {
                // Typed against raw JSON handlers, alternating as against the floor.
                let times = try await compare(workload, floor: PageTimer.jsonCall(invoke, bytes: 0),
                                              ours: PageTimer.jsonCall(typedSend, bytes: 0))
                let extra = times.extra * 1000
                report.add(group, "typed (Decodable → Encodable) small", measured: String(
                    format: "%+.1f µs per call (%.0f µs vs raw JSON %.0f µs)", extra, times.ours * 1000, times.floor * 1000),
                    target: "≤ +10 µs", passed: extra <= 10)
            }
        }
    }

    private func add(_ report: Report, _ group: String, _ label: String, _ workload: Workload,
                     _ times: Comparison, target: Double?) {
        let measured: String
        if workload.bytes == 0 {
            measured = String(format: "%.2f× (%.0f µs vs floor %.0f µs)", times.ratio, times.ours * 1000, times.floor * 1000)
        } else {
            let megabytes = Double(workload.bytes) / 1_048_576
            measured = String(format: "%.2f× (%.0f vs floor %.0f MB/s)", times.ratio,
                              megabytes / (times.ours / 1000), megabytes / (times.floor / 1000))
        }
        report.add(group, label, measured: measured, target: target.map { String(format: "≤ %.2f×", $0) } ?? "—",
                   passed: target.map { times.ratio <= $0 })
    }

    /// Median milliseconds per call of each side, the median of the rounds' ratios (ours /
    /// floor) and of their differences (ours − floor, ms).
    struct Comparison { let ours: Double; let floor: Double; let ratio: Double; let extra: Double }

    /// `ours` (a JS `send` function of one argument) against the floor on `workload`.
    func compare(_ workload: Workload, ours: String) async throws -> Comparison {
        try await compare(workload, floor: PageTimer.jsonCall(Self.floorSend, bytes: workload.bytes),
                          ours: PageTimer.jsonCall(ours, bytes: workload.bytes))
    }

    /// Times `workload.count` calls of each side (JS expressions making zero-argument async
    /// functions), alternating call by call, split into `workload.rounds` rounds.
    func compare(_ workload: Workload, floor: String, ours: String) async throws -> Comparison {
        _ = try await page.timePairs(floor, ours, count: workload.warmUp)
        var rounds: [(floor: Double, ours: Double)] = []
        for _ in 0..<workload.rounds {
            let (floorMs, oursMs) = try await page.timePairs(floor, ours, count: max(1, workload.count / workload.rounds))
            rounds.append((floorMs, oursMs))
        }
        return Comparison(ours: median(rounds.map(\.ours)), floor: median(rounds.map(\.floor)),
                          ratio: median(rounds.map { $0.ours / $0.floor }), extra: median(rounds.map { $0.ours - $0.floor }))
    }

    /// 10 MB echoed as bytes against the floor's 10 MB JSON echo; 100 MB native → page.
    func measureBinary(_ report: Report) async throws {
        let workload = Workload(label: "binary echo 10 MB", bytes: 10 << 20, count: 20, rounds: 10, warmUp: 2)
        let times = try await compare(workload, floor: PageTimer.jsonCall(Self.floorSend, bytes: workload.bytes),
                                      ours: "binaryEcho(\(workload.bytes))")
        report.add("binary channel", "invokeBinary echo 10 MB", measured: String(
            format: "%.2f× the floor's 10 MB JSON echo (%.1f vs %.1f ms)", times.ratio, times.ours, times.floor),
            target: "≤ 0.30×", passed: times.ratio <= 0.3)

        // The first transfers also grow the web process's heap to hold 100 MB buffers: the
        // first is shown, the steady rate is the median of the runs after three. The memory
        // row counts every run.
        var runs: [(ms: Double, growth: Int)] = []
        for _ in 0..<10 {
            let (ms, growth) = try await peakMemoryGrowth { try await self.page.run(EmbeddedJavaScript.produce100mb) }
            runs.append((ms, growth))
        }
        let first = runs[0].ms
        let ms = median(runs.dropFirst(3).map(\.ms))
        let rate = 100.0 / 1024 / (ms / 1000)
        report.add("binary channel", "100 MB native → page", measured: String(
            format: "%.2f GB/s (%.0f ms; the first %.0f ms)", rate, ms, first), target: "≥ 1 GB/s", passed: rate >= 1)
        let peak = runs.map(\.growth).max()!
        report.add("binary channel", "host peak memory, 100 MB transfer", measured: String(
            format: "+%d MB (%.2f× the payload)", peak >> 20, Double(peak) / Double(100 << 20)),
            target: "≤ 2× payload", passed: peak <= 200 << 20)
    }

    /// 1 GB in 1 MB chunks, pulled by the page.
    func measureStream(_ report: Report) async throws {
        let (ms, growth) = try await peakMemoryGrowth { try await self.page.run(EmbeddedJavaScript.streamGigabyte) }
        report.add("streaming", "1 GB in 1 MB chunks", measured: String(format: "%.0f MB/s, host peak +%d MB", 1024 / (ms / 1000), growth >> 20),
                   target: "≤ +64 MB host", passed: growth <= 64 << 20)
    }
}

/// The start-up rows alone, with their summary.
@MainActor
func benchmarkStartupAlone() async throws -> Report {
    let report = Report()
    try await benchmarkStartup(report)
    report.printSummary()
    return report
}

/// The middle value: one round slowed by another process does not move it.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

guard MainLoop.initialize() else {
    FileHandle.standardError.write(Data("webview-bench: no display; run it under xvfb-run -a\n".utf8))
    exit(1)
}
Task { @MainActor in
    do {
        // `webview-bench startup` runs the start-up rows alone.
        let report = CommandLine.arguments.dropFirst().first == "startup" ? try await benchmarkStartupAlone() : try await benchmark()
        MainLoop.quit()
        if !report.failures.isEmpty { exit(2) }
    } catch {
        FileHandle.standardError.write(Data("webview-bench: \(error)\n".utf8))
        exit(1)
    }
}
MainLoop.run()
