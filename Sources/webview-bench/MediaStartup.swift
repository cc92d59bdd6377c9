import Foundation
import WebKitGTK

/// Media start-up time in an app:// page: from setting a `<video>`'s `src` (the relative
/// `clip.webm`, served by the loopback `MediaServer`) and calling `play()` to its `playing`
/// event, timed in the page. The first run includes building GStreamer's pipeline for the
/// process; the median of the rest is the steady cost.
@MainActor
func benchmarkMediaStartup(_ report: Report, runs: Int = 10) async throws {
    let clip = URL(fileURLWithPath: "Resources/clip.webm")
    guard FileManager.default.fileExists(atPath: clip.path) else {
        throw BenchError("media start-up: run from the package directory (needs \(clip.path))")
    }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("webview-bench-media-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.copyItem(at: clip, to: root.appendingPathComponent("clip.webm"))
    try Data("<!doctype html><title>media</title>".utf8).write(to: root.appendingPathComponent("index.html"))

    var scheme = try AppScheme(directory: root.path)
    try scheme.serveMediaFromLoopback()
    let context = WebContext.ephemeral()
    context.register(scheme)
    let view = WebView(context: context)
    let window = Window(title: "webview-bench media", width: 400, height: 300)
    window.setChild(view.widget)
    window.showAll()
    var finished = false
    let observation = view.observe { if case .load(.finished) = $0 { finished = true } }
    view.load(uri: scheme.uri(for: "index.html"))
    while !finished { try await Task.sleep(for: .milliseconds(10)) }
    observation.cancel()

    let page = PageTimer(view: view)
    var times: [Double] = []
    for _ in 0..<runs {
        times.append(try await page.run(EmbeddedJavaScript.mediaStartup))
    }
    let steady = median(Array(times.dropFirst()))
    report.add("media start-up", "<video src> → playing (app://)", measured: String(
        format: "first %.0f ms, then median %.0f ms (%.0f–%.0f)", times[0], steady, times.dropFirst().min()!, times.dropFirst().max()!),
        target: "median ≤ 500 ms", passed: steady <= 500)
    window.close()
}
