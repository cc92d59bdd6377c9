import CWebKitGTKHelpers
import FoundationEssentials

/// How much memory each web process of a context may use before WebKit stops it, and how
/// hard it tries to give memory back first: what keeps a leaking page from taking the
/// machine down after days of uptime.
///
/// WebKit's own settings (3 GiB, reclaiming at 33% and 50% of it, polled every 30 s) never
/// stop a process; `standard` keeps those thresholds, stops a process at its limit and
/// looks every 5 s. A stopped page gets an error page saying it used too much memory, with
/// Reload (`WebProcessTermination.exceededMemoryLimit`).
public struct WebProcessMemoryLimit: Sendable, Equatable {
    /// The limit, in MiB (WebKit's unit).
    public var megabytes: Int
    /// The share of the limit above which WebKit starts releasing caches (0 < it < 1).
    public var conservativeThreshold: Double
    /// The share of the limit above which WebKit releases everything it can (above
    /// `conservativeThreshold`, below 1).
    public var strictThreshold: Double
    /// The share of the limit above which the process is stopped; 0 never stops it.
    public var killThreshold: Double
    /// How often the process measures itself.
    public var pollInterval: Duration

    /// A limit of `megabytes` MiB; the rest as in `standard`.
    public init(megabytes: Int, conservativeThreshold: Double = 0.33, strictThreshold: Double = 0.5,
                killThreshold: Double = 1, pollInterval: Duration = .seconds(5)) {
        self.megabytes = megabytes
        self.conservativeThreshold = conservativeThreshold
        self.strictThreshold = strictThreshold
        self.killThreshold = killThreshold
        self.pollInterval = pollInterval
    }

    /// The default of every context this package makes: 3 GiB (WebKit's own limit), or half
    /// the machine's memory when that is less, a process stopped at the limit, checked every 5 s.
    public static var standard: WebProcessMemoryLimit {
        let halfOfMemory = Int(ProcessInfo.processInfo.physicalMemory / 2 / (1 << 20))
        return WebProcessMemoryLimit(megabytes: max(256, min(3072, halfOfMemory)))
    }

    /// Calls `body` with WebKit's settings for this limit, freed afterwards.
    func withSettings<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        let settings = webkit_memory_pressure_settings_new()!
        defer { webkit_memory_pressure_settings_free(settings) }
        webkit_memory_pressure_settings_set_memory_limit(settings, guint(megabytes))
        // WebKit refuses a conservative threshold at or over the strict one of the moment, and
        // the reverse: set them in the order that keeps them apart.
        if conservativeThreshold >= webkit_memory_pressure_settings_get_strict_threshold(settings) {
            webkit_memory_pressure_settings_set_strict_threshold(settings, strictThreshold)
            webkit_memory_pressure_settings_set_conservative_threshold(settings, conservativeThreshold)
        } else {
            webkit_memory_pressure_settings_set_conservative_threshold(settings, conservativeThreshold)
            webkit_memory_pressure_settings_set_strict_threshold(settings, strictThreshold)
        }
        webkit_memory_pressure_settings_set_kill_threshold(settings, killThreshold)
        let interval = pollInterval.components
        webkit_memory_pressure_settings_set_poll_interval(settings, Double(interval.seconds) + Double(interval.attoseconds) / 1e18)
        return body(settings)
    }
}
