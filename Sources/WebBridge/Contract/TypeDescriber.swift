import FoundationEssentials

/// Finds the TypeScript type of `Decodable` Swift types, collecting the named
/// declarations they refer to.
///
/// Standard types map directly (numbers, strings, `Date` as the bridge encodes it,
/// optionals, arrays, sets, string- or integer-keyed dictionaries); `CaseIterable` enums
/// with raw values become the union of their raw values; any other type is read by
/// running its `init(from:)` on a `ShapeDecoder`, becomes a named declaration, and is
/// referred to by name (so recursive types work through optionals and arrays).
final class TypeDescriber {
    private var declared: [String: TypeScriptDeclaration] = [:]
    /// Declaration names by Swift type; a type is here from the moment its reading starts.
    private var names: [ObjectIdentifier: String] = [:]
    private var swiftNames: [String: String] = [:]
    private var samples: [ObjectIdentifier: Any] = [:]

    /// Types named but not read yet: reading waits until a sample is needed or the end,
    /// so types that hold each other through optionals and arrays are each read once.
    private var pending: [() throws -> Void] = []
    private var reading: Set<ObjectIdentifier> = []

    /// Reads what is still pending; returns every declaration, by name.
    func finish() throws -> [TypeScriptDeclaration] {
        while !pending.isEmpty { try pending.removeFirst()() }
        return declared.keys.sorted().compactMap { declared[$0] }
    }

    func type<T: Decodable>(of type: T.Type) throws -> TypeScriptType {
        if let scalar = Scalar(type) { return try scalar.type(declaring: self) }
        if let custom = type as? any TypeScriptRepresentable.Type {
            try custom.typeScriptDeclarations.forEach(declare)
            return custom.typeScript
        }
        if let optional = type as? any OptionalContract.Type {
            return .union(of: [try self.type(of: optional.wrappedType), .null])
        }
        if let array = type as? any ArrayContract.Type { return .array(try self.type(of: array.elementType)) }
        if let dictionary = type as? any DictionaryContract.Type {
            guard dictionary.keyType == String.self || dictionary.keyType is any BinaryInteger.Type else {
                throw ContractError.unsupported(String(reflecting: type), "dictionary keys other than strings and integers")
            }
            return .record(try self.type(of: dictionary.valueType))
        }
        return .reference(try name(of: type))
    }

    /// A value of `type` for the decoding type that holds it.
    func sample<T: Decodable>(of type: T.Type) throws -> T {
        if let scalar = Scalar(type) { return scalar.sample(type) as! T }
        if let custom = type as? any TypeScriptRepresentable.Type { return custom.typeScriptSample as! T }
        if let optional = type as? any OptionalContract.Type { return optional.absent as! T }
        if let array = type as? any ArrayContract.Type { return array.empty as! T }
        if let dictionary = type as? any DictionaryContract.Type { return dictionary.empty as! T }
        _ = try name(of: type)
        try readOnce(type)
        guard let sample = samples[ObjectIdentifier(type)] else { throw ContractError.recursive(String(reflecting: type)) }
        return sample as! T
    }

    /// Adds a declaration; the same one twice is one.
    func declare(_ declaration: TypeScriptDeclaration) throws {
        if let existing = declared[declaration.name], existing != declaration {
            throw ContractError.nameClash(declaration.name, "\(existing.type.source())", "\(declaration.type.source())")
        }
        declared[declaration.name] = declaration
    }

    /// The declaration name of a type read from its cases or its `init(from:)`; the first
    /// time, the reading is queued.
    private func name<T: Decodable>(of type: T.Type) throws -> String {
        let id = ObjectIdentifier(type)
        if let name = names[id] { return name }
        let name = TypeScriptName.declaration(for: type)
        let swiftName = String(reflecting: type)
        if let other = swiftNames[name] { throw ContractError.nameClash(name, other, swiftName) }
        names[id] = name
        swiftNames[name] = swiftName
        pending.append { [unowned self] in try readOnce(type) }
        return name
    }

    /// Reads a named type unless it is read or being read.
    private func readOnce<T: Decodable>(_ type: T.Type) throws {
        let id = ObjectIdentifier(type)
        guard samples[id] == nil, let name = names[id], reading.insert(id).inserted else { return }
        defer { reading.remove(id) }
        let (shape, sample) = if let enumeration = type as? any (CaseIterable & RawRepresentable).Type {
            try EnumCases.read(enumeration)
        } else {
            try read(type)
        }
        samples[id] = sample
        try declare(TypeScriptDeclaration(name: name, type: shape))
    }

    /// Runs `init(from:)` pass after pass, each taking the next way through it.
    private func read<T: Decodable>(_ type: T.Type) throws -> (TypeScriptType, Any) {
        var shapes: [TypeScriptType] = []
        var sample: T?
        var firstFailure: (any Error)?
        for failures in 0..<32 {
            let reading = ShapeReading(describer: self, typeName: String(reflecting: type), failures: failures)
            do {
                let value = try T(from: ShapeDecoder(reading: reading))
                // A type that reads nothing decodes from anything; it is sent as an empty object.
                shapes.append(reading.shape ?? .object([]))
                sample = sample ?? value
            } catch let error as ContractError {
                throw error
            } catch {
                firstFailure = firstFailure ?? error
            }
            if reading.exhausted { break }
        }
        guard let sample else {
            throw ContractError.undecodable(String(reflecting: type), firstFailure.map { "\($0)" } ?? "")
        }
        return (.union(of: shapes), sample)
    }
}
