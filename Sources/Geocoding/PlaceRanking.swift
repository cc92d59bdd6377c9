import CGLib
import FoundationEssentials
import GLibCore

/// Picks the gazetteer hit an address means: the city must be in the address's country
/// (by name, ISO code or common alias); then an exact name beats a partial one, a hit in
/// the address's state (by name or US postal code) beats others, and otherwise the
/// library's order (most relevant first) decides.
struct PlaceRanking {
    let city: String
    let state: String?
    let country: String?

    func best(of hits: [GazetteerCity]) throws(GeocodingError) -> GazetteerCity {
        guard !hits.isEmpty else { throw .unknownCity(city) }
        let inCountry = country.map { country in hits.filter { Self.matches(country: country, $0) } } ?? hits
        guard !inCountry.isEmpty else { throw .notInCountry(city: city, country: country ?? "") }
        let wanted = Self.normalized(city)
        let ranked = inCountry.enumerated().max { a, b in
            score(a.element, wanted, a.offset) < score(b.element, wanted, b.offset)
        }
        return ranked!.element
    }

    /// Exact name first, then state, then the library's order.
    private func score(_ hit: GazetteerCity, _ wanted: String, _ order: Int) -> Int {
        let exact = Self.normalized(hit.name) == wanted ? 2_000_000 : 0
        let inState = state.map { Self.matches(state: $0, hit) } == true ? 1_000_000 : 0
        return exact + inState - order
    }

    private static func matches(country: String, _ hit: GazetteerCity) -> Bool {
        let given = normalized(country)
        return given == normalized(hit.country) || given == hit.countryCode.lowercased()
            || countryAliases[given] == hit.countryCode
    }

    private static func matches(state: String, _ hit: GazetteerCity) -> Bool {
        let given = normalized(state)
        let full = normalized(hit.state)
        // "Île-de-France" names the gazetteer's "Île-de-France Region".
        return given == full || full.hasPrefix(given + " ") || (hit.countryCode == "US" && usStates[given.uppercased()].map(normalized) == full)
    }

    /// Case, accents and punctuation do not matter: "Île-de-France" is "ile de france".
    /// Folded by GLib (case folded, then decomposed so accents are marks of their own, which
    /// are dropped): Foundation's `folding(options:locale:)` would link its ICU-backed half,
    /// with ICU's 34 MB of data, into every app.
    static func normalized(_ text: String) -> String {
        let folded = g_utf8_casefold(text, -1)
        defer { g_free(folded) }
        let letters = (takeString(g_utf8_normalize(folded, -1, G_NORMALIZE_DEFAULT)) ?? text).unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }
        return String(String(letters).map { $0.isLetter || $0.isNumber ? $0 : " " })
            .split(separator: " ").joined(separator: " ").lowercased()
    }

    private static let countryAliases: [String: String] = [
        "usa": "US", "u s a": "US", "united states": "US", "us of a": "US", "u s": "US", "united states of america": "US", "america": "US",
        "uk": "GB", "united kingdom": "GB", "great britain": "GB", "britain": "GB", "england": "GB",
        "scotland": "GB", "wales": "GB", "russian federation": "RU", "holland": "NL", "the netherlands": "NL",
        "south korea": "KR", "korea": "KR", "czechia": "CZ", "deutschland": "DE", "espana": "ES",
        "uae": "AE", "ivory coast": "CI", "burma": "MM",
    ]

    private static let usStates: [String: String] = [
        "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
        "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "Washington, D.C.", "FL": "Florida",
        "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa",
        "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland",
        "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri",
        "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
        "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio",
        "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
        "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
        "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
        "PR": "Puerto Rico",
    ]
}
