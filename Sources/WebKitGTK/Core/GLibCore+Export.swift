// The WebKitGTK API is made of GLibCore's types (`MainLoop`, `Observation`, `GLibError`,
// `SignalConnection`), so importing WebKitGTK brings them.
@_exported import GLibCore
