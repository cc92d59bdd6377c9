/// Names as TypeScript source: identifiers where they can be, quoted strings where not.
enum TypeScriptName {
    /// A property key: bare when it is an identifier, else a string literal (`"ws.state"`).
    static func property(_ name: String) -> String {
        isIdentifier(name) ? name : JavaScriptLiteral.string(name)
    }

    /// The declaration name for a Swift type: its nesting path without the module, joined
    /// (`AddNote.Request` → `AddNoteRequest`, `Page<Note>` → `PageNote`).
    static func declaration(for type: Any.Type) -> String {
        var reflected = String(reflecting: type)
        // Types local to a function or file carry a "(unknown context at $…)" component.
        while let open = reflected.firstIndex(of: "("), let close = reflected[open...].firstIndex(of: ")") {
            reflected.removeSubrange(open...close)
        }
        var name = ""
        var path = ""
        for character in reflected + " " {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                path.append(character)
                continue
            }
            // A dotted path: drop its first component, the module, unless it stands alone.
            let components = path.split(separator: ".")
            name += components.dropFirst(components.count > 1 ? 1 : 0).joined()
            path = ""
        }
        return name
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
