/// Keep-alive pings and the silence that counts as a dead peer.
///
/// A connection through a dead NAT or to a hung server can stay "open" for ever;
/// pings make a live peer answer, and a peer that sends neither frames nor pongs
/// for `timeout` is dropped (and reconnected, if the policy allows).
public struct KeepAlive: Equatable, Sendable {
    /// How often libsoup pings; libsoup counts in whole seconds, so this is rounded up (minimum 1 s).
    public var pingInterval: Duration
    /// Longest silence (no frame, no pong) before the connection is dropped. Keep it above twice
    /// `pingInterval` plus a round trip: libsoup's ping timer has whole-second granularity, so a
    /// ping can go out up to a second late.
    public var timeout: Duration

    /// Pings every `pingInterval` and gives up on a peer silent for `timeout`, so a dead
    /// connection is noticed (and reconnected) even when the network says nothing.
    public init(pingInterval: Duration = .seconds(15), timeout: Duration = .seconds(40)) {
        self.pingInterval = pingInterval
        self.timeout = timeout
    }

    /// The ping interval as libsoup takes it.
    var pingSeconds: UInt32 {
        UInt32(max(1, pingInterval.seconds.rounded(.up)))
    }
}
