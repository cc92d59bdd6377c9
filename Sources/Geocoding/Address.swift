import FoundationEssentials
import GLibCore

/// A postal address as a page sends it; every part is optional, but the city is what
/// gets placed (geocoding is city-level).
public struct Address: Codable, Sendable, Equatable {
    /// Street and number; kept for the page, not used for placing (the gazetteer has no streets).
    public var street: String?
    /// The city: the part that is looked up.
    public var city: String?
    /// State or region, which ranks cities of the same name (Paris, Texas or Paris, France).
    public var state: String?
    /// Country name or ISO code, which ranks cities of the same name.
    public var country: String?

    /// An address from its parts; give at least a city.
    public init(street: String? = nil, city: String? = nil, state: String? = nil, country: String? = nil) {
        self.street = street
        self.city = city
        self.state = state
        self.country = country
    }

    /// Reads free text such as "San Francisco, CA, USA" or "1 Main St, Paris, France":
    /// the last part is the country, the one before the state (when there are three or
    /// more parts), the one before that the city; anything earlier is the street.
    /// Postal codes next to the state ("CA 94103") are dropped.
    public init(text: String) {
        var parts = text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        switch parts.count {
        case 0: self.init()
        case 1: self.init(city: parts[0])
        case 2: self.init(city: parts[0], country: parts[1])
        default:
            let country = parts.removeLast()
            let state = Self.withoutPostalCode(parts.removeLast())
            let city = parts.removeLast()
            self.init(street: parts.isEmpty ? nil : parts.joined(separator: ", "), city: city,
                      state: state.isEmpty ? nil : state, country: country)
        }
    }

    /// Accepts either an object `{street, city, state, country}` or one free-text string.
    public init(from decoder: Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(text: text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(street: try container.decodeIfPresent(String.self, forKey: .street),
                  city: try container.decodeIfPresent(String.self, forKey: .city),
                  state: try container.decodeIfPresent(String.self, forKey: .state),
                  country: try container.decodeIfPresent(String.self, forKey: .country))
    }

    private static func withoutPostalCode(_ part: String) -> String {
        part.split(separator: " ").filter { !$0.contains(where: \.isNumber) }.joined(separator: " ")
    }
}
