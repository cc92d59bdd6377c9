import Foundation

/// One encoder and one decoder for the whole bridge: making them per message is a
/// measurable share of a small call's cost.
enum JSONCoders {
    static let encoder = JSONEncoder()
    static let decoder = JSONDecoder()
}
