import FoundationEssentials

/// The output of a `StreamingEncoder` and the order it is written in.
///
/// Values are written as they are encoded, so the writer keeps the containers still open
/// (a stack) and the value being encoded (its slot: one per `encode(to:)` running, nested as
/// the calls are). A container may be written to only while it is open and belongs to the
/// value being encoded now; writing to it closes the containers opened inside it since.
/// Anything else, as every failure, declines (see `StreamingEncoder`).
///
/// Its state is touched only by the one encode running (the class is never shared), so its
/// hot properties skip the runtime's exclusivity checks, a measurable share of a small reply.
final class JSONTextWriter {
    @exclusivity(unchecked) private(set) var output: [UInt8] = []
    /// Set by every failure, so one a type catches still hands the value to Foundation.
    @exclusivity(unchecked) private(set) var declined = false

    /// A container the encoder handed out: where it is on the stack, and which it is.
    struct Handle {
        let index: Int
        let id: Int
        /// One that fails every use.
        static let declined = Handle(index: -1, id: -1)
    }

    enum Kind {
        case object, array
        /// A single value, which has no closer: it only marks its slot as written.
        case scalar
    }

    private struct Open {
        let kind: Kind
        let id: Int
        /// The slot whose encoder opened it; nil for a nested container.
        let slot: Int?
        var count = 0
        /// Its first member's name: most objects have one member or a few, and one needs no list.
        var firstName: String?
        /// Where its later member names start in `names`.
        let namesStart: Int
        /// Its member names, once there are too many to compare one by one.
        var nameSet: Set<String>?
    }

    private struct Slot {
        let id: Int
        /// Where its value goes on the stack.
        let depth: Int
    }

    @exclusivity(unchecked) private var stack: [Open] = []
    /// The value being encoded now; nil once the whole value is.
    @exclusivity(unchecked) private var slot: Slot?
    /// The member names of the open objects, so a name encoded twice declines.
    @exclusivity(unchecked) private var names: [String] = []
    @exclusivity(unchecked) private var lastID = 0

    /// Foundation refuses to write deeper structures; deep ones are left to it.
    private static let maxDepth = 200
    private static let comparedNames = 16

    init() {
        output.reserveCapacity(64)
    }

    /// Notes the failure and returns the error to throw.
    func decline() -> any Error {
        declined = true
        return Declined()
    }

    private struct Declined: Error {}

    func declinedEncoder() -> any Encoder {
        declined = true
        return StreamingEncoder(writer: self, slot: -1, path: nil)
    }

    private func nextID() -> Int {
        lastID += 1
        return lastID
    }

    // MARK: Values

    /// Encodes `value` where the next value goes: the whole text, a member's value after
    /// its name, or an element.
    func encode<T: Encodable>(_ value: T, path: CodingPathNode?) throws {
        if T.self == Data.self || T.self == URL.self || T.self == Decimal.self || T.self == Date.self { throw decline() }
        let slot = Slot(id: nextID(), depth: stack.count)
        guard slot.depth < Self.maxDepth else { throw decline() }
        let outer = self.slot
        self.slot = slot
        defer { self.slot = outer }
        do {
            try value.encode(to: StreamingEncoder(writer: self, slot: slot.id, path: path))
        } catch {
            throw decline()
        }
        // A value that encoded nothing is `{}` to Foundation, or an error at the top: its call.
        guard stack.count > slot.depth, stack[slot.depth].slot == slot.id else { throw decline() }
        close(downTo: slot.depth)
    }

    /// A single-value container encoding another value in its place.
    func encodeInPlace<T: Encodable>(_ value: T, slot: Int, path: CodingPathNode?) throws {
        try checkUnwritten(slot)
        try encode(value, path: path)
        stack.append(Open(kind: .scalar, id: nextID(), slot: slot, namesStart: names.count))
    }

    /// Claims `slot` for a single value about to be written.
    func single(for slot: Int) throws {
        try checkUnwritten(slot)
        stack.append(Open(kind: .scalar, id: nextID(), slot: slot, namesStart: names.count))
    }

    private func checkUnwritten(_ slot: Int) throws {
        guard let current = self.slot, current.id == slot, stack.count == current.depth else { throw decline() }
    }

    // MARK: Containers

    /// The container of the value being encoded in `slot`: a new one, or the one it already
    /// opened (as Foundation, a second request gets the same container).
    func open(_ kind: Kind, for slot: Int) -> Handle {
        guard let current = self.slot, current.id == slot else { return decliningHandle() }
        if stack.count == current.depth { return push(kind, slot: slot) }
        guard stack.count > current.depth, stack[current.depth].slot == slot, stack[current.depth].kind == kind else {
            return decliningHandle()
        }
        return Handle(index: current.depth, id: stack[current.depth].id)
    }

    /// A container nested in the one just written to (after a member's name or an element's comma).
    func open(_ kind: Kind) -> Handle {
        guard stack.count < Self.maxDepth else { return decliningHandle() }
        return push(kind, slot: nil)
    }

    private func push(_ kind: Kind, slot: Int?) -> Handle {
        let id = nextID()
        stack.append(Open(kind: kind, id: id, slot: slot, namesStart: names.count))
        output.append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        return Handle(index: stack.count - 1, id: id)
    }

    private func decliningHandle() -> Handle {
        declined = true
        return .declined
    }

    /// Starts a member of the object `handle`: its name, checked against the others, and the colon.
    func member(_ name: String, of handle: Handle) throws {
        try prepare(handle, .object)
        let index = handle.index
        if stack[index].count == 0 {
            stack[index].firstName = name
        } else if stack[index].count < Self.comparedNames {
            guard name != stack[index].firstName, !names[stack[index].namesStart...].contains(name) else { throw decline() }
            names.append(name)
        } else {
            if stack[index].nameSet == nil {
                stack[index].nameSet = Set(names[stack[index].namesStart...])
                stack[index].nameSet!.insert(stack[index].firstName!)
            }
            guard stack[index].nameSet!.insert(name).inserted else { throw decline() }
        }
        if stack[index].count > 0 { output.append(UInt8(ascii: ",")) }
        stack[index].count += 1
        JSONEscapes.write(name, to: &output)
        output.append(UInt8(ascii: ":"))
    }

    /// Starts an element of the array `handle`.
    func element(of handle: Handle) throws {
        try prepare(handle, .array)
        if stack[handle.index].count > 0 { output.append(UInt8(ascii: ",")) }
        stack[handle.index].count += 1
    }

    func count(of handle: Handle) -> Int {
        isUsable(handle) ? stack[handle.index].count : 0
    }

    /// Checks `handle` may be written to now and closes what was opened inside it since.
    private func prepare(_ handle: Handle, _ kind: Kind) throws {
        guard isUsable(handle), stack[handle.index].kind == kind else { throw decline() }
        close(downTo: handle.index + 1)
    }

    private func isUsable(_ handle: Handle) -> Bool {
        handle.index >= 0 && handle.index < stack.count && stack[handle.index].id == handle.id
            && handle.index >= (slot?.depth ?? 0)
    }

    private func close(downTo depth: Int) {
        while stack.count > depth {
            let open = stack.removeLast()
            names.removeSubrange(open.namesStart...)
            switch open.kind {
            case .object: output.append(UInt8(ascii: "}"))
            case .array: output.append(UInt8(ascii: "]"))
            case .scalar: break
            }
        }
    }

    // MARK: Scalars, as Foundation writes them

    func writeNull() {
        output.append(contentsOf: "null".utf8)
    }

    func write(_ value: Bool) {
        output.append(contentsOf: (value ? "true" : "false").utf8)
    }

    func write(_ value: String) {
        JSONEscapes.write(value, to: &output)
    }

    /// Its decimal digits, as `description` has them, without making a string.
    func write<T: FixedWidthInteger>(_ value: T) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Its shortest exact text, without a trailing `.0`; not-a-number and infinities, which
    /// Foundation refuses, decline.
    func write<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T) throws {
        guard value.isFinite else { throw decline() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        output.append(contentsOf: text.utf8)
    }
}
