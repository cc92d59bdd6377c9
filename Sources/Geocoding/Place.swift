/// Where an address was placed. `precision` says how exact the point is: always
/// `"city"` here, since the gazetteer knows cities, not streets.
public struct Place: Codable, Sendable, Equatable {
    /// Latitude in degrees, north positive.
    public var latitude: Double
    /// Longitude in degrees, east positive.
    public var longitude: Double
    /// The city's name as the gazetteer spells it.
    public var name: String
    /// The city's state or region.
    public var state: String
    /// The city's country.
    public var country: String
    /// The country's ISO 3166 two-letter code.
    public var countryCode: String
    /// How exact the point is: `"city"` here.
    public var precision: String

    /// A place from its parts; tests and fakes make their own.
    public init(latitude: Double, longitude: Double, name: String, state: String, country: String,
                countryCode: String, precision: String = "city") {
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
        self.state = state
        self.country = country
        self.countryCode = countryCode
        self.precision = precision
    }
}
