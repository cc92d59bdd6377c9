/// Why an address could not be placed. A geocoder never answers with a made-up point.
public enum GeocodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address names no city.
    case noCity
    /// The gazetteer has no city of that name.
    case unknownCity(String)
    /// Cities of that name exist, but none in the given country.
    case notInCountry(city: String, country: String)
    /// The gazetteer query itself failed.
    case queryFailed(String)

    public var description: String {
        switch self {
        case .noCity: "the address names no city"
        case .unknownCity(let city): "no city named '\(city)' is known"
        case .notInCountry(let city, let country): "no city named '\(city)' is known in '\(country)'"
        case .queryFailed(let message): "the city query failed: \(message)"
        }
    }
}
