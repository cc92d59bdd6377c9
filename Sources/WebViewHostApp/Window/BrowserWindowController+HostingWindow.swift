import WebKitGTK

/// The app's window is what a WebDriver session's browsing contexts are shown in.
extension BrowserWindowController: HostingWindow {}
