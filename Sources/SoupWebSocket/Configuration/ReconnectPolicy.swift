import FoundationEssentials
import Glibc

/// How a client retries after a lost connection or a failed handshake: exponential
/// backoff with jitter, so many clients dropped at once do not return in lockstep.
public struct ReconnectPolicy: Equatable, Sendable {
    /// Delay before the first reconnect attempt.
    public var initialDelay: Duration
    /// Upper bound of the delay, before jitter.
    public var maxDelay: Duration
    /// Each failed attempt multiplies the delay by this.
    public var multiplier: Double
    /// Fraction of the delay added or removed at random (0.2 = ±20 %).
    public var jitter: Double
    /// Consecutive failed attempts after which the client gives up and closes; nil retries forever.
    public var maxAttempts: Int?
    /// How long a connection must stay open before the backoff starts over from
    /// `initialDelay`; one dropped sooner counts as another failed attempt.
    public var resetAfter: Duration

    /// Exponential backoff from `initialDelay` up to `maxDelay`, each delay spread by `jitter`
    /// (a fraction) so many clients do not reconnect in step; `maxAttempts` nil retries forever.
    public init(initialDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30),
                multiplier: Double = 2, jitter: Double = 0.2, maxAttempts: Int? = nil,
                resetAfter: Duration = .seconds(10)) {
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.multiplier = multiplier
        self.jitter = jitter
        self.maxAttempts = maxAttempts
        self.resetAfter = resetAfter
    }

    /// Whether reconnect attempt number `attempt` (1-based) may be made.
    public func allows(attempt: Int) -> Bool {
        maxAttempts.map { attempt <= $0 } ?? true
    }

    /// The wait before reconnect attempt `attempt` (1-based); `random` is uniform in 0..<1.
    public func delay(beforeAttempt attempt: Int, random: Double = Double.random(in: 0..<1)) -> Duration {
        let growth = pow(multiplier, Double(max(attempt - 1, 0)))
        let base = min(initialDelay.seconds * growth, maxDelay.seconds)
        let jittered = base * (1 + jitter * (2 * random - 1))
        return .milliseconds(Int64((max(jittered, 0) * 1000).rounded()))
    }
}

extension Duration {
    /// The duration in (fractional) seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
