import CGeonames
import CGLib
import FoundationEssentials

/// libgeonames' gazetteer held in memory with its search: the same hits in the same order as
/// `geonames_query_cities`, which tokenizes and folds the names of all ~24,000 cities again
/// for every query (~150 ms a lookup). Here each name is folded once, when the index is made,
/// so a query only compares prefixes.
///
/// The search is libgeonames' own (geonames-query.c): a name scores the mean of
/// `query token length / name token length` over the query's tokens when each is a prefix of
/// the name's token at the same place (or of its ASCII spelling); when one is not, the name
/// is scored again from its original text skipped by that token's length in bytes. The score
/// is scaled by the population (capped at a million), plus 1 when the first try matched, and
/// the better of the English and translated names counts. Hits are kept in descending score,
/// scores within 1e-5 of each other in the gazetteer's order.
final class GazetteerIndex: Sendable {
    /// Every city, by its index in libgeonames.
    let cities: [GazetteerCity]
    private let names: [[IndexedName]]
    private let populations: [Double]
    /// The first token (and its ASCII spelling) of every text a name is searched from, sorted,
    /// with its city: only where the query's first token begins one of them can a city match.
    private let firstTokens: [(token: [UInt8], city: Int)]

    /// Reads and folds the whole gazetteer (a few hundred milliseconds: make it off the main
    /// thread).
    init() {
        let count = Int(geonames_get_n_cities())
        var cities: [GazetteerCity] = []
        var names: [[IndexedName]] = []
        var populations: [Double] = []
        cities.reserveCapacity(count)
        names.reserveCapacity(count)
        for index in 0..<count {
            guard let city = geonames_get_city(gint(index)) else { continue }
            defer { geonames_city_free(city) }
            let record = GazetteerCity(city)
            let english = Self.englishName(city)
            // `geonames_city_get_name` gives the translation when there is one.
            names.append([IndexedName(english)] + (record.name == english ? [] : [IndexedName(record.name)]))
            populations.append(Double(min(max(record.population, 1), 1_000_000)) / 1_000_000)
            cities.append(record)
        }
        self.cities = cities
        self.names = names
        self.populations = populations
        var firstTokens: [(token: [UInt8], city: Int)] = []
        for (city, cityNames) in names.enumerated() {
            for name in cityNames {
                for tokens in name.chain where !tokens.tokens.isEmpty {
                    firstTokens.append((tokens.tokens[0], city))
                    if let ascii = tokens.asciiSpellings[0] { firstTokens.append((ascii, city)) }
                }
            }
        }
        self.firstTokens = firstTokens.sorted { $0.token.lexicographicallyPrecedes($1.token) }
    }

    /// The indices of the cities matching `query`, most relevant first, as libgeonames gives
    /// them. libgeonames orders hits whose scores lie within 1e-5 of each other by where its
    /// search tree puts them, which depends on memory addresses: its own order of such hits
    /// differs from one query to the same next one, and so may this one.
    func indices(matching query: String) -> [Int] {
        hits(matching: query).map(\.index)
    }

    /// The cities matching `query` with their scores, most relevant first.
    func hits(matching query: String) -> [(index: Int, weight: Double)] {
        let queryTokens = FoldedTokens(query).tokens
        guard let first = queryTokens.first else { return [] }
        var hits: [(index: Int, weight: Double)] = []
        for index in candidates(startingWith: first) {
            var best = 0.0
            for name in names[index] {
                var allPrefixMatch = true
                var weight = name.score(queryTokens, allPrefixMatch: &allPrefixMatch) * populations[index]
                if allPrefixMatch { weight += 1 }
                if weight > best { best = weight }
            }
            guard best > 0 else { continue }
            // GSequence's sorted insert: after every hit not lower by more than 1e-5.
            var low = 0
            var high = hits.count
            while low < high {
                let middle = (low + high) / 2
                if best - hits[middle].weight > 1e-5 { high = middle } else { low = middle + 1 }
            }
            hits.insert((index, best), at: low)
        }
        return hits
    }

    /// The cities, in the gazetteer's order, with a first token that `prefix` begins.
    private func candidates(startingWith prefix: [UInt8]) -> [Int] {
        var low = 0
        var high = firstTokens.count
        while low < high {
            let middle = (low + high) / 2
            if firstTokens[middle].token.lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        var cities = Set<Int>()
        while low < firstTokens.count, firstTokens[low].token.starts(with: prefix) {
            cities.insert(firstTokens[low].city)
            low += 1
        }
        return cities.sorted()
    }

    /// The cities matching `query`, most relevant first.
    func cities(matching query: String) -> [GazetteerCity] {
        indices(matching: query).map { cities[$0] }
    }

    private static func englishName(_ city: OpaquePointer) -> String {
        // A city is a GVariant `(sssssssudd)`; its second string is the English name.
        let child = g_variant_get_child_value(city, 1)
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }
}

extension GazetteerCity {
    /// The city as libgeonames' accessors give it (the name translated when it can be).
    init(_ city: OpaquePointer) {
        self.init(
            name: String(cString: geonames_city_get_name(city)),
            state: geonames_city_get_state(city).map { String(cString: $0) } ?? "",
            country: geonames_city_get_country(city).map { String(cString: $0) } ?? "",
            countryCode: geonames_city_get_country_code(city).map { String(cString: $0) } ?? "",
            latitude: geonames_city_get_latitude(city),
            longitude: geonames_city_get_longitude(city),
            population: geonames_city_get_population(city))
    }
}

/// A city's name with the folded tokens libgeonames compares queries with: those of the name
/// and of each rest of it that a mismatch of the first query token moves on to, made once.
private struct IndexedName: Sendable {
    /// The name's UTF-8 bytes, as libgeonames skips through them.
    let bytes: [UInt8]
    /// The tokens of the name from byte 0, then from each offset a first-token mismatch skips to.
    let chain: [FoldedTokens]

    init(_ name: String) {
        bytes = Array(name.utf8)
        var chain: [FoldedTokens] = []
        var offset = 0
        while true {
            let tokens = FoldedTokens(bytes: bytes, from: offset)
            chain.append(tokens)
            guard let first = tokens.tokens.first else { break }
            offset += first.count
        }
        self.chain = chain
    }

    /// libgeonames' `match_query` on the name from its start.
    func score(_ query: [[UInt8]], allPrefixMatch: inout Bool) -> Double {
        score(query, link: 0, offset: 0, allPrefixMatch: &allPrefixMatch)
    }

    private func score(_ query: [[UInt8]], link: Int?, offset: Int, allPrefixMatch: inout Bool) -> Double {
        allPrefixMatch = true
        let tokens = link.map { chain[$0] } ?? FoldedTokens(bytes: bytes, from: offset)
        var weight = 0.0
        for (position, wanted) in query.enumerated() {
            guard position < tokens.tokens.count else {
                allPrefixMatch = false
                return 0
            }
            let token = tokens.tokens[position]
            if tokens.prefixMatches(position, wanted) {
                weight += Double(wanted.count) / Double(token.count)
            } else {
                let next = offset + token.count
                let nextLink = link.flatMap { position == 0 && $0 + 1 < chain.count ? $0 + 1 : nil }
                let rest = score(query, link: nextLink, offset: next, allPrefixMatch: &allPrefixMatch)
                allPrefixMatch = false
                return rest
            }
        }
        return weight / Double(query.count)
    }
}

/// A text's tokens as GLib folds them for searching (`g_str_tokenize_and_fold`), each with
/// its ASCII spelling when it has other characters (`g_str_to_ascii`), as UTF-8 bytes.
private struct FoldedTokens: Sendable {
    let tokens: [[UInt8]]
    let asciiSpellings: [[UInt8]?]

    /// The tokens of `text` as C reads it: up to its first NUL.
    init(_ text: String) {
        self.init(bytes: Array(text.utf8.prefix { $0 != 0 }), from: 0)
    }

    /// The tokens of `bytes` from `offset`, which may fall inside a character as in
    /// libgeonames (none past the end).
    init(bytes: [UInt8], from offset: Int) {
        var tokens: [[UInt8]] = []
        var spellings: [[UInt8]?] = []
        if offset < bytes.count {
            let text = Array(bytes[offset...]) + [0]
            let folded = text.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { g_str_tokenize_and_fold($0.baseAddress, nil, nil) }
            }
            if let folded {
                defer { g_strfreev(folded) }
                var index = 0
                while let token = folded[index] {
                    tokens.append(Self.bytes(token))
                    if g_str_is_ascii(token) == 0, let ascii = g_str_to_ascii(token, nil) {
                        spellings.append(Self.bytes(ascii))
                        g_free(ascii)
                    } else {
                        spellings.append(nil)
                    }
                    index += 1
                }
            }
        }
        self.tokens = tokens
        asciiSpellings = spellings
    }

    /// libgeonames' `str_prefix_matches`: `prefix` begins the token or its ASCII spelling.
    func prefixMatches(_ position: Int, _ prefix: [UInt8]) -> Bool {
        tokens[position].starts(with: prefix) || asciiSpellings[position]?.starts(with: prefix) == true
    }

    private static func bytes(_ text: UnsafePointer<CChar>) -> [UInt8] {
        UnsafeRawBufferPointer(start: text, count: strlen(text)).map { $0 }
    }
}
