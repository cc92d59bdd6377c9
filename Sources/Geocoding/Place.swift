/// Where an address was placed. `precision` says how exact the point is: always
/// `"city"` here, since the gazetteer knows cities, not streets.
public struct Place: Codable, Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var name: String
    public var state: String
    public var country: String
    public var countryCode: String
    public var precision: String

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
