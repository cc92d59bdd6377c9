import WebKitGTK

/// An app window is what a WebDriver session's browsing contexts are shown in.
extension AppWindow: HostingWindow {}
