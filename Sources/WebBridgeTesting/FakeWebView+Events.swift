import WebBridge

/// What the app sent to the page.
extension FakeWebView {
    /// Every event the bridge delivered to the page, in order. The bridge sends events only
    /// to a committed page (`commit(_:)`) it trusts, whose client runs (`clientCheck`).
    public var events: [PageEvent] {
        evaluated.compactMap(PageEvent.init(script:))
    }

    /// The events of type `Event` the page received, decoded, in order.
    public func events<Event: BridgeEvent & Decodable>(_ type: Event.Type) throws(BridgeError) -> [Event] {
        var decoded: [Event] = []
        for event in events where event.name == Event.eventName {
            decoded.append(try event.decode(type))
        }
        return decoded
    }
}
