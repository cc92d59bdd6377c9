// The WebKitGTK API is made of GLibCore's types (`MainLoop`, `Observation`, `GLibError`,
// `SignalConnection`) and of `Origin`, so importing WebKitGTK brings them.
@_exported import GLibCore
@_exported import WebOrigin
