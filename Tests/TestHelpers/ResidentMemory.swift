import Foundation

/// The resident memory of this process from /proc/self/status, for tests that must show a
/// large transfer does not pass through memory.
public enum ResidentMemory {
    /// By how many bytes this process's resident memory peaked above its level at the start
    /// of `body`: the kernel's high-water mark (`VmHWM`) is reset first (`/proc/self/clear_refs`),
    /// so a buffer filled and freed while `body` runs still counts.
    @MainActor
    public static func peakGrowth(during body: @MainActor () async throws -> Void) async throws -> Int {
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let start = value(of: "VmRSS")
        try await body()
        return value(of: "VmHWM") - start
    }

    /// A `kB` field of /proc/self/status, in bytes.
    static func value(of field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
    }
}
