import Foundation
import WebBridge
import WebBridgeGTK
import WebKitGTK

/// Measures the bridge's round trips against the raw reply API (the floor) in the same
/// run, page and web process: the floor's C handler sits in the page world, called through
/// WebKit's own `postMessage`, saved by a user script that runs before the bridge's client.
/// "Ours" is the whole secured path, once per content world: the page client, in the
/// default isolated world the DOM-event relay into the bridge's own script world (in the
/// page world none), the router's URI and limit checks, the handler, and back. Each world
/// gets a fresh view with its own floor; floor and bridge alternate in short rounds and each
/// figure is the median round, so both sides see the same machine noise.
@MainActor
func benchmark() async throws {
    print("webview-bench: round trips measured in the page (performance.now() around awaited calls)")
    print("floor = WebKit reply API with a C callback (jsc_value_to_json / jsc_value_new_from_json), no Swift layer")
    print("MB/s = payload bytes / round-trip time (the payload travels both ways); times are medians of alternating rounds (performance.now() is coarse, so rounds are long); ratios are medians of back-to-back round pairs")
    for (label, world) in [("isolated, default", BridgeContentWorld.isolated), ("page world", .page)] {
        print("\nours (\(label)) against the floor in the same page:")
        try await benchmark(world)
    }
    try await benchmarkMediaStartup()
}

@MainActor
func benchmark(_ world: BridgeContentWorld) async throws {
    let view = WebView()
    FloorEcho.register(on: view.userContent.reference.pointer)
    view.userContent.add(UserScript(source: FloorEcho.captureScript, injectionTime: .documentStart, frames: .mainFrameOnly))
    // The shipped defaults (GLib logger, 64 MiB and 64-level limits, 30 s timeout), trusting the page's origin.
    let configuration = BridgeConfiguration(callers: .origins("http://127.0.0.1"), contentWorld: world)
    let bridge = WebViewBridge(view: view, configuration: configuration)
    bridge.add(Handler.rawJSON("echo") { $0 })
    struct Small: Codable { var n: Int }
    bridge.add(Handler.replying("typed", as: Small.self) { $0 })

    let window = Window(title: "webview-bench", width: 400, height: 300)
    window.setChild(view.widget)
    window.showAll()

    var finished = false
    let observation = view.observe { if case .load(.finished) = $0 { finished = true } }
    view.load(html: PageTimer.page, baseURI: "http://127.0.0.1/")
    while !finished { try await Task.sleep(for: .milliseconds(10)) }
    observation.cancel()
    let page = PageTimer(view: view)
    let floorSend = "(p) => window.floorPost(p)"
    let oursSend = "(p) => window.bridge.invoke('echo', p)"
    let typedSend = "(p) => window.bridge.invoke('typed', p)"

    for (send, sizes) in [(floorSend, [0, 1024, 1 << 20]), (oursSend, [0, 1024, 1 << 20]), (typedSend, [0])] {
        for bytes in sizes where try await !page.checkEcho(send: send, bytes: bytes) {
            throw BenchError("\(send) did not echo \(bytes) bytes intact")
        }
    }

    struct Workload { let label: String; let bytes: Int; let count: Int; let rounds: Int; let warmUp: Int }
    let workloads = [
        Workload(label: "small invoke (raw JSON echo)", bytes: 0, count: 5000, rounds: 20, warmUp: 500),
        Workload(label: "echo 1 KB", bytes: 1024, count: 2000, rounds: 20, warmUp: 200),
        Workload(label: "echo 100 KB", bytes: 100 * 1024, count: 400, rounds: 20, warmUp: 40),
        Workload(label: "echo 1 MB", bytes: 1 << 20, count: 100, rounds: 10, warmUp: 6),
        Workload(label: "echo 10 MB", bytes: 10 << 20, count: 10, rounds: 10, warmUp: 2),
    ]
    for workload in workloads {
        try await report(workload.label, bytes: workload.bytes, count: workload.count, rounds: workload.rounds,
                         warmUp: workload.warmUp, page: page, floor: floorSend, ours: oursSend)
        if workload.bytes == 0 {
            try await report("small invoke (typed Decodable → Encodable)", bytes: 0, count: workload.count,
                             rounds: workload.rounds, warmUp: workload.warmUp, page: page, floor: floorSend, ours: typedSend)
        }
    }
    bridge.tearDown()
    window.close()
}

/// Times `count` calls split into `rounds`, alternating which side goes first.
@MainActor
func report(_ label: String, bytes: Int, count: Int, rounds: Int, warmUp: Int,
            page: PageTimer, floor: String, ours: String) async throws {
    _ = try await page.time(send: floor, bytes: bytes, count: warmUp)
    _ = try await page.time(send: ours, bytes: bytes, count: warmUp)
    var floorRounds: [Double] = [], oursRounds: [Double] = []
    let perRound = count / rounds
    for round in 0..<rounds {
        if round.isMultiple(of: 2) {
            floorRounds.append(try await page.time(send: floor, bytes: bytes, count: perRound) / Double(perRound))
            oursRounds.append(try await page.time(send: ours, bytes: bytes, count: perRound) / Double(perRound))
        } else {
            oursRounds.append(try await page.time(send: ours, bytes: bytes, count: perRound) / Double(perRound))
            floorRounds.append(try await page.time(send: floor, bytes: bytes, count: perRound) / Double(perRound))
        }
    }
    let calls = Double(perRound * rounds)
    let floorMean = median(floorRounds), oursMean = median(oursRounds)
    // Each round pair ran back to back, so its ratio cancels slower drifts in machine load.
    let ratio = median(zip(oursRounds, floorRounds).map { $0 / $1 })
    if bytes == 0 {
        print(String(format: "%@ over %d calls: ours %.1f µs, floor %.1f µs, ratio %.2f×",
                     label, Int(calls), oursMean * 1000, floorMean * 1000, ratio))
    } else {
        let megabytes = Double(bytes) / 1_048_576
        print(String(format: "%@ over %d calls: ours %.3f ms (%.1f MB/s), floor %.3f ms (%.1f MB/s), ratio %.2f×",
                     label, Int(calls), oursMean, megabytes / (oursMean / 1000), floorMean,
                     megabytes / (floorMean / 1000), ratio))
    }
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
        try await benchmark()
    } catch {
        FileHandle.standardError.write(Data("webview-bench: \(error)\n".utf8))
        exit(1)
    }
    MainLoop.quit()
}
MainLoop.run()
