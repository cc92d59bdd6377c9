import WebBridge

extension WebSocketRelay {
    /// The relay's handlers and events, for the `BridgeContract` of an app that installs it.
    public static var contractEntries: [BridgeContract.Entry] {
        [
            .invoke("ws.connect", ConnectRequest.self, ConnectionInfo.self,
                    summary: "Opens (or joins) the app's connection to `url`; resolves once it is open."),
            .invoke("ws.subscribe", TopicRequest.self, ConnectionInfo.self,
                    summary: "Subscribes the connection to a topic, re-sent after every reconnect."),
            .invoke("ws.unsubscribe", TopicRequest.self, ConnectionInfo.self),
            .invoke("ws.send", SendRequest.self, SendReceipt.self,
                    summary: "Sends exactly one of `text` and `json`; queued while reconnecting."),
            .invoke("ws.close", CloseRequest.self, ConnectionInfo.self,
                    summary: "Closes the connection for every page that uses it."),
            .event(StateEvent.self, summary: "A connection the page uses changed state."),
            .event(MessageEvent.self, summary: "A frame arrived: text as it is, binary as base64 with `binary: true`."),
        ]
    }
}
