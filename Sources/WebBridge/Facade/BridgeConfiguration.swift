/// Limits, trust and names a bridge is created with.
public struct BridgeConfiguration: Sendable {
    /// Bodies larger than this are rejected with `payload-too-large` before decoding.
    public var maxPayloadBytes: Int
    /// Bodies nesting arrays and objects deeper than this are rejected with `payload-too-large`.
    public var maxDepth: Int
    /// How long a handler without its own timeout may take before the page gets `timeout`.
    public var defaultTimeout: Duration
    /// The pages that may call handlers which do not declare their own callers.
    public var callers: CallerPolicy
    /// The handler `bridge.invoke` and the page's `messageHandlers` proxies post to.
    public var routerName: String
    /// The script world the router and its relay live in, invisible to the page's own scripts.
    public var worldName: String
    /// Where the native handlers live: the page's world under secret names (the default),
    /// the bridge's own world behind a relay, or the page's world under plain names (see
    /// `BridgeContentWorld`).
    public var contentWorld: BridgeContentWorld
    /// The global the page reaches the bridge by, `window.bridge` by default; nil defines
    /// none. It is an ordinary (configurable, writable) property, so a page's own top-level
    /// `let`, `const`, `class`, `var` or `function` of that name runs and shadows it;
    /// `window.webkit.bridge` stays the bridge whatever the page does with the global.
    public var globalName: String?

    /// The defaults are the safe ones: 64 MiB and 64 levels at most, 30 s per call, only the
    /// app's own pages as callers, handlers under secret names (`.capability`).
    public init(maxPayloadBytes: Int = 64 << 20, maxDepth: Int = 64, defaultTimeout: Duration = .seconds(30),
                callers: CallerPolicy = .appScheme, routerName: String = "__bridge",
                worldName: String = "webviewhost-bridge", contentWorld: BridgeContentWorld = .capability,
                globalName: String? = "bridge") {
        self.maxPayloadBytes = maxPayloadBytes
        self.maxDepth = maxDepth
        self.defaultTimeout = defaultTimeout
        self.callers = callers
        self.routerName = routerName
        self.worldName = worldName
        self.contentWorld = contentWorld
        self.globalName = globalName
    }
}
