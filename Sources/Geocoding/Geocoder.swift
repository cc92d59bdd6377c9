/// Places addresses at their city, offline, with libgeonames' gazetteer.
@MainActor
public final class Geocoder {
    /// A geocoder; it needs no data files or network, so making one is cheap.
    public init() {}

    /// The city `address` names, ranked by its state and country.
    /// Throws `GeocodingError` when it cannot be placed; never answers 0,0.
    public func geocode(_ address: Address) async throws -> Place {
        guard let city = address.city.map(PlaceRanking.normalized), !city.isEmpty else { throw GeocodingError.noCity }
        let hits = try await Gazetteer.cities(matching: address.city!)
        let ranking = PlaceRanking(city: address.city!, state: nonEmpty(address.state), country: nonEmpty(address.country))
        let best = try ranking.best(of: hits)
        return Place(latitude: best.latitude, longitude: best.longitude, name: best.name, state: best.state,
                     country: best.country, countryCode: best.countryCode)
    }

    /// Places free text such as "San Francisco, CA, USA".
    public func geocode(text: String) async throws -> Place {
        try await geocode(Address(text: text))
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !PlaceRanking.normalized(text).isEmpty else { return nil }
        return text
    }
}
