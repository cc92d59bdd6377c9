import Foundation

/// Suspends the calling main-actor task until `condition` holds, for conditions that need
/// to await something themselves (asking the page, reading a stream's state).
@MainActor
public func eventually(timeout: TimeInterval = 10, _ description: String,
                       _ condition: @MainActor () async throws -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try await !condition() {
        if Date() >= deadline { throw TestTimeout(description: description) }
        try await Task.sleep(nanoseconds: 10_000_000)
    }
}
