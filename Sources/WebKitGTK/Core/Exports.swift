// The WebKitGTK API is made of GLibCore's types (`MainLoop`, `Observation`, `GLibError`,
// `SignalConnection`), of GtkWidgets' (a view is shown in a `Widget`, hosted by a `Window`),
// of WebPolicy's (`NavigationPolicy`, `ErrorPage`, `WebsiteDataLocation`) and of `Origin`,
// so importing WebKitGTK brings them.
@_exported import GLibCore
@_exported import GtkWidgets
@_exported import WebOrigin
@_exported import WebPolicy
