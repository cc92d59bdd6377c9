import Foundation
import SoupWebSocket
import TestHelpers
import WebSocketBridge
import XCTest

/// A GTK test case with feed servers, a registry and relay pages of its own, all closed in
/// `tearDown`. Unchecked Sendable: XCTest drives it from the main thread only.
class RelayTestCase: GTKTestCase, @unchecked Sendable {
    nonisolated(unsafe) private var servers: [FeedServerProcess] = []
    nonisolated(unsafe) private var pages: [RelayPage] = []
    /// The registries `makeRegistry` made, in order.
    nonisolated(unsafe) private(set) var registries: [WebSocketRegistry] = []

    /// Starts a feed server that `tearDown` stops.
    func startServer(port: Int = 0, rate: Double = 20) throws -> FeedServerProcess {
        let server = try FeedServerProcess(port: port, rate: rate)
        servers.append(server)
        return server
    }

    /// A registry with timeouts short enough for tests, changed by `configure`.
    @MainActor
    func makeRegistry(_ configure: (inout WebSocketConfiguration) -> Void = { _ in }) -> WebSocketRegistry {
        var configuration = WebSocketConfiguration(
            handshakeTimeout: .seconds(2), closeTimeout: .milliseconds(500),
            reconnect: ReconnectPolicy(initialDelay: .milliseconds(50), maxDelay: .milliseconds(300), jitter: 0.1),
            keepAlive: nil)
        configure(&configuration)
        let registry = WebSocketRegistry(configuration: configuration)
        registries.append(registry)
        return registry
    }

    /// A relay page over `registry` in a window of its own, loaded from `origin`
    /// (`RelayPage.origins` are trusted).
    @MainActor
    func openPage(_ registry: WebSocketRegistry, origin: String = RelayPage.origins[0]) async throws -> RelayPage {
        let page = RelayPage(registry: registry)
        pages.append(page)
        try await page.load(baseURI: origin + "/")
        return page
    }

    /// Two windows with pages of the same origin over one new registry, as the app's windows share one.
    @MainActor
    func openTwoWindows() async throws -> (registry: WebSocketRegistry, first: RelayPage, second: RelayPage) {
        let registry = makeRegistry()
        return (registry, try await openPage(registry), try await openPage(registry))
    }

    override func tearDown() {
        let (openPages, openRegistries) = (pages, registries)
        pages = []
        registries = []
        gtkTest(timeout: 5) {
            for registry in openRegistries { await registry.closeAll() }
            for page in openPages { await page.close() }
        }
        servers.forEach { $0.stop() }
        servers = []
        super.tearDown()
    }
}
