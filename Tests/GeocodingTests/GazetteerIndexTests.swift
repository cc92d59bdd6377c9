import CGeonames
import Foundation
@testable import Geocoding
import LoopTestHelpers
import XCTest

/// The in-memory gazetteer gives what libgeonames' own search gives, hit for hit and in the
/// same order, and so the same places; and it answers in well under a millisecond.
final class GazetteerIndexTests: XCTestCase {
    private static let index = GazetteerIndex()

    /// libgeonames' own search (`geonames_query_cities_sync`), as the geocoder used it before.
    private func libraryIndices(_ query: String) -> [Int] {
        var length: guint = 0
        guard let indices = geonames_query_cities_sync(query, GEONAMES_QUERY_DEFAULT, &length, nil, nil) else { return [] }
        defer { g_free(indices) }
        return (0..<Int(length)).map { Int(indices[$0]) }
    }

    /// Names of every 400th city, with their first word and first letters, and queries that
    /// take libgeonames' odd turns: accents and their ASCII spelling, several words, a word
    /// in the middle, a NUL, punctuation, nothing.
    private var queries: [String] {
        let sampled = stride(from: 0, to: Self.index.cities.count, by: 400).map { Self.index.cities[$0].name }
        let words = sampled.compactMap { $0.split(separator: " ").first.map(String.init) }
        let starts = sampled.map { String($0.prefix(3)) }
        return sampled + words + starts + [
            "San Francisco", "san fran", "SAN FRANCISCO", "Francisco", "new york", "York", "New", "Moscow", "Paris",
            "São Paulo", "sao paulo", "Zürich", "zurich", "Île", "ile de", "Ho Chi Minh", "'s-Hertogenbosch", "Frankfurt am Main",
            "am", "x", "st", "St. Petersburg", "Saint", "los", "Los Angeles", "Qwxzzyplk", "Paris\u{0}, Japan", "123", "-", "",
            "İstanbul", "Straße", "Malmö", "Kraków", "Köln", "Beijing", "北京", "Москва", "a b c",
        ]
    }

    /// The same hits, each at a place whose score is libgeonames' there. libgeonames orders
    /// hits within 1e-5 of each other by memory addresses (the same query gave "San", "s" and
    /// "Ma" in different orders from one call to the next, each place's score off by up to
    /// 4e-5), so such hits may stand in another order, never a hit of another score.
    func testEveryQueryGivesLibgeonamesHitsInItsOrder() {
        var differing: [String] = []
        var same = 0
        for query in queries {
            let hits = Self.index.hits(matching: query)
            let library = libraryIndices(query)
            if hits.map(\.index) == library {
                same += 1
                continue
            }
            let weights = Dictionary(hits.map { ($0.index, $0.weight) }, uniquingKeysWith: { first, _ in first })
            if Set(library) != Set(weights.keys) || library.count != hits.count
                || zip(library, hits).contains(where: { abs(weights[$0]! - $1.weight) > 1e-4 }) {
                differing.append(query)
            }
        }
        XCTAssertEqual(differing, [], "queries whose hits differ from libgeonames'")
        XCTAssertGreaterThan(Double(same), Double(queries.count) * 0.8, "few queries gave libgeonames' very order")
        XCTAssertGreaterThan(queries.count, 150)
        XCTAssertGreaterThan(Self.index.cities.count, 20_000)
        XCTAssertEqual(Self.index.indices(matching: "San Francisco").count, 13)
    }

    func testTheCitiesAreLibgeonamesOwn() {
        for position in stride(from: 0, to: Self.index.cities.count, by: 997) {
            guard let city = geonames_get_city(gint(position)) else { return XCTFail("no city \(position)") }
            defer { geonames_city_free(city) }
            XCTAssertEqual(Self.index.cities[position], GazetteerCity(city))
        }
    }

    func testALookupIsFarFasterThanLibgeonames() {
        let index = Self.index
        let started = ContinuousClock.now
        for query in ["Moscow", "San Francisco", "Paris", "Oslo", "new york", "sao paulo", "Frankfurt am Main", "x"] {
            _ = index.indices(matching: query)
        }
        let average = (ContinuousClock.now - started) / 8
        // libgeonames took 105–185 ms a lookup.
        XCTAssertLessThan(average, .milliseconds(5), "a lookup took \(average)")
    }
}
