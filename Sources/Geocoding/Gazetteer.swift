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

/// Looks cities up in libgeonames' gazetteer, offline: no network, no data files. The
/// gazetteer is read into a `GazetteerIndex` at the first lookup, off the main thread, and
/// every lookup searches it off the main thread too.
@MainActor
enum Gazetteer {
    /// Two lookups at a time: as many as this machine class has cores.
    private static let slots = LookupSlots(limit: 2)

    /// The index, read once (shared by every lookup from the first on).
    private static let index = Task.detached(priority: .userInitiated) { GazetteerIndex() }

    /// The cities whose names match `query`, in the library's order of relevance.
    /// Cancelling the calling task throws `CancellationError`: a lookup still waiting for
    /// its turn never starts, so lookups nobody waits for do not hold up later ones.
    static func cities(matching query: String) async throws -> [GazetteerCity] {
        try await slots.run {
            let index = await index.value
            try Task.checkCancellation()
            return await Task.detached(priority: .userInitiated) { index.cities(matching: query) }.value
        }
    }
}
