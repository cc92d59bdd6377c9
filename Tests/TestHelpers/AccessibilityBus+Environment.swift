/// Whether an app the tests start joins an accessibility bus, said in the words of both
/// toolkits: GTK 3's atk-bridge reads `NO_AT_BRIDGE` and loads through `GTK_MODULES`; GTK 4
/// has its AT-SPI backend built in and reads `GTK_A11Y`. A private session bus has no
/// `org.a11y.Bus`: GTK 3 then stays quiet, GTK 4 warns on stderr ("Unable to acquire the
/// address of the accessibility bus") unless told there is none.
extension AccessibilityBus {
    /// The variables for an app started without an accessibility bus.
    public static let absent: [String: String] = ["NO_AT_BRIDGE": "1", "GTK_A11Y": "none"]

    /// `environment` with the app on this bus, as a screen reader's user runs it: both toolkits'
    /// bridges on, and the bus named (`AT_SPI_BUS_ADDRESS`, read first by GTK and by WebKit's
    /// web processes alike, so an `AT_SPI_BUS` left on the X root window cannot split them).
    public func joined(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        for variable in Self.absent.keys { environment[variable] = nil }
        environment["GTK_MODULES"] = "gail:atk-bridge"
        // A sandboxed context made earlier in the test process, on a bus with no accessibility
        // service, set WEBKIT_A11Y_BUS_ADDRESS="" there (WebProcessSandbox): inherited, it would
        // keep the app's web processes off this bus.
        environment["WEBKIT_A11Y_BUS_ADDRESS"] = nil
        environment["AT_SPI_BUS_ADDRESS"] = address
        return environment
    }
}
