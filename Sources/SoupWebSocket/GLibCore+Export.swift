// The client's API is made of GLibCore's types (`Observation`, `GLibError`), so
// importing SoupWebSocket brings them.
@_exported import GLibCore
