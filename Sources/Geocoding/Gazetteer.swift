import CGeonames
import CGLib
import GLibCore

/// One city of libgeonames' compiled-in gazetteer (cities of 15,000 people or more).
struct GazetteerCity: Sendable, Equatable {
    var name: String
    var state: String
    var country: String
    var countryCode: String
    var latitude: Double
    var longitude: Double
    var population: UInt32
}

/// Queries libgeonames asynchronously on the GLib loop: no network, no data files.
@MainActor
enum Gazetteer {
    /// Two lookups at a time: as many as this machine class has cores.
    private static let slots = LookupSlots(limit: 2)

    /// The cities whose names match `query`, in the library's order of relevance.
    /// Cancelling the calling task throws `CancellationError`: a lookup still waiting for
    /// its turn never starts, and one under way is cancelled through its `GCancellable`, so
    /// lookups nobody waits for do not hold up later ones.
    static func cities(matching query: String) async throws -> [GazetteerCity] {
        try await slots.run { try await lookUp(query) }
    }

    private static func lookUp(_ query: String) async throws -> [GazetteerCity] {
        let cancellable = ObjectReference<GCancellable>(adopting: g_cancellable_new())
        nonisolated(unsafe) let pointer = cancellable.pointer
        defer { withExtendedLifetime(cancellable) {} }
        return try await withTaskCancellationHandler {
            try await asyncCall(start: { callback, data in
                geonames_query_cities(query, GEONAMES_QUERY_DEFAULT, pointer, callback, data)
            }, finish: { result in try cities(from: result, cancellable: pointer) })
        } onCancel: {
            // Thread-safe, and `cancellable` lives until the call has returned.
            g_cancellable_cancel(pointer)
        }
    }

    private static func cities(from result: OpaquePointer, cancellable: UnsafeMutablePointer<GCancellable>) throws
        -> [GazetteerCity] {
        var length: guint = 0
        let indices: UnsafeMutablePointer<gint>?
        do {
            indices = try throwingGError { geonames_query_cities_finish(result, &length, $0) }
        } catch {
            if g_cancellable_is_cancelled(cancellable) != 0 { throw CancellationError() }
            throw GeocodingError.queryFailed("\(error)")
        }
        defer { g_free(indices) }
        guard let indices else { return [] }
        return (0..<Int(length)).compactMap { city(at: indices[$0]) }
    }

    private static func city(at index: gint) -> GazetteerCity? {
        guard let city = geonames_get_city(index) else { return nil }
        defer { geonames_city_free(city) }
        return GazetteerCity(
            name: String(cString: geonames_city_get_name(city)),
            state: geonames_city_get_state(city).map { String(cString: $0) } ?? "",
            country: geonames_city_get_country(city).map { String(cString: $0) } ?? "",
            countryCode: geonames_city_get_country_code(city).map { String(cString: $0) } ?? "",
            latitude: geonames_city_get_latitude(city),
            longitude: geonames_city_get_longitude(city),
            population: geonames_city_get_population(city))
    }
}
