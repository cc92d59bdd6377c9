import Foundation

/// How far this process's resident memory peaked above where it was, while `body` ran:
/// the kernel's high-water mark (`VmHWM`), reset first through `/proc/self/clear_refs`.
@MainActor
func peakMemoryGrowth<Value>(during body: @MainActor () async throws -> Value) async throws -> (Value, Int) {
    try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let start = statusBytes("VmRSS")
    let value = try await body()
    return (value, statusBytes("VmHWM") - start)
}

private func statusBytes(_ field: String) -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
    return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
}
