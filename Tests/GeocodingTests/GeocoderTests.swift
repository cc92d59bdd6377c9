import Foundation
@testable import Geocoding
import LoopTestHelpers
import XCTest

/// The real gazetteer, queried on the GLib loop.
@MainActor
func assertPlaced(_ text: String, near latitude: Double, _ longitude: Double, country: String,
                      file: StaticString = #filePath, line: UInt = #line) async throws {
        let place = try await Geocoder().geocode(text: text)
        XCTAssertEqual(place.latitude, latitude, accuracy: 0.1, text, file: file, line: line)
        XCTAssertEqual(place.longitude, longitude, accuracy: 0.1, text, file: file, line: line)
        XCTAssertEqual(place.countryCode, country, text, file: file, line: line)
        XCTAssertEqual(place.precision, "city", file: file, line: line)
}

final class GeocoderTests: LoopTestCase {

    func testRealCitiesLandWithinATenthOfADegree() {
        loopTest { @MainActor in
            try await assertPlaced("Moscow, Russia", near: 55.7558, 37.6173, country: "RU")
            try await assertPlaced("San Francisco, CA, USA", near: 37.7749, -122.4194, country: "US")
            try await assertPlaced("Paris, France", near: 48.8566, 2.3522, country: "FR")
            try await assertPlaced("1 Infinite Loop, Cupertino, CA 95014, USA", near: 37.3230, -122.0322, country: "US")
        }
    }

    func testStateAndCountryDecideBetweenCitiesOfTheSameName() {
        loopTest { @MainActor in
            try await assertPlaced("Moscow, ID, USA", near: 46.7324, -117.0002, country: "US")
            try await assertPlaced("Paris, TX, USA", near: 33.6609, -95.5555, country: "US")
            let place = try await Geocoder().geocode(Address(street: "Main St", city: "san francisco", state: "California",
                                                             country: "United States"))
            XCTAssertEqual(place.state, "California")
            let region = try await Geocoder().geocode(Address(city: "Paris", state: "Ile de France"))
            XCTAssertEqual(region.countryCode, "FR")
        }
    }

    func testNonsenseIsRejectedNeverPlacedAtZero() {
        loopTest { @MainActor in
            for (address, expected) in [
                (Address(city: "Xyzzyplugh"), GeocodingError.unknownCity("Xyzzyplugh")),
                (Address(street: "1 Main St"), .noCity),
                (Address(city: "Paris", country: "Japan"), .notInCountry(city: "Paris", country: "Japan")),
            ] {
                do {
                    let place = try await Geocoder().geocode(address)
                    XCTFail("\(address) was placed at \(place)")
                } catch let error as GeocodingError {
                    XCTAssertEqual(error, expected)
                }
            }
        }
    }
}

final class AddressTests: XCTestCase {
    func testFreeTextParsing() {
        XCTAssertEqual(Address(text: "San Francisco, CA, USA"), Address(city: "San Francisco", state: "CA", country: "USA"))
        XCTAssertEqual(Address(text: "Paris, France"), Address(city: "Paris", country: "France"))
        XCTAssertEqual(Address(text: " Oslo "), Address(city: "Oslo"))
        XCTAssertEqual(Address(text: "1 Main St, Apt 2, Springfield, IL 62701, USA"),
                       Address(street: "1 Main St, Apt 2", city: "Springfield", state: "IL", country: "USA"))
        XCTAssertEqual(Address(text: ""), Address())
    }

    func testDecodesAnObjectOrAString() throws {
        let object = try JSONDecoder().decode(Address.self, from: Data(#"{"street":"x","city":"Paris","country":"France"}"#.utf8))
        XCTAssertEqual(object, Address(street: "x", city: "Paris", country: "France"))
        let text = try JSONDecoder().decode(Address.self, from: Data(#""Paris, France""#.utf8))
        XCTAssertEqual(text, Address(city: "Paris", country: "France"))
    }

    func testNormalizationIgnoresCaseAccentsAndPunctuation() {
        XCTAssertEqual(PlaceRanking.normalized("Île-de-France"), "ile de france")
        XCTAssertEqual(PlaceRanking.normalized("  U.S.A. "), "u s a")
    }
}
