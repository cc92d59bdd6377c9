/// One pass through a type's `init(from:)` by a `ShapeDecoder`: which reads succeed, and
/// what the type read.
///
/// Decoding code that tries alternatives (`try?` one way, else another) is followed by
/// making the first `failures` reads fail: pass 0 takes the first way, pass 1 the second,
/// and so on, and the type is the union of what each pass that finished read.
final class ShapeReading {
    let describer: TypeDescriber
    /// The Swift type being read, for errors.
    let typeName: String
    private let failures: Int
    /// Reads tried in this pass, failed or not.
    private(set) var attempts = 0
    private var object: ObjectShape?
    private var list: ListShape?
    private var single: TypeScriptType?

    init(describer: TypeDescriber, typeName: String, failures: Int) {
        self.describer = describer
        self.typeName = typeName
        self.failures = failures
    }

    /// Whether the next read succeeds.
    func attempt() -> Bool {
        attempts += 1
        return attempts > failures
    }

    /// The pass went past every read it tried: later passes cannot take a new way.
    var exhausted: Bool { attempts <= failures }

    func readObject() -> ObjectShape {
        if let object { return object }
        let object = ObjectShape()
        self.object = object
        return object
    }

    func readList() -> ListShape {
        if let list { return list }
        let list = ListShape()
        self.list = list
        return list
    }

    func readSingle(_ type: TypeScriptType) {
        if single == nil { single = type }
    }

    /// What the pass read: nil if it read nothing.
    var shape: TypeScriptType? {
        object?.type ?? list?.type ?? single
    }
}

/// The keys a type read from a keyed container, in the order it read them.
final class ObjectShape {
    private var properties: [TypeScriptProperty] = []

    func add(_ key: String, _ type: TypeScriptType, optional: Bool) {
        if let index = properties.firstIndex(where: { $0.name == key }) {
            properties[index].type = .union(of: [properties[index].type, type])
            properties[index].optional = properties[index].optional && optional
        } else {
            properties.append(TypeScriptProperty(key, type, optional: optional))
        }
    }

    var type: TypeScriptType { .object(properties) }
}

/// The elements a type read from an unkeyed container: an array if it looked for the
/// end, a tuple if it read a fixed number of elements.
final class ListShape {
    private(set) var elements: [TypeScriptType] = []
    private var lookedForEnd = false

    func add(_ type: TypeScriptType) { elements.append(type) }

    /// Reports the end after one element, so a loop reads the element type once.
    func isAtEnd() -> Bool {
        lookedForEnd = true
        return !elements.isEmpty
    }

    var type: TypeScriptType { lookedForEnd ? .array(.union(of: elements)) : .tuple(elements) }
}
