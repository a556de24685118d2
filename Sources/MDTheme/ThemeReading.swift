import MDCore

/// A theme type read from merged theme JSON (`ThemeLoader.decode`).
///
/// Why not `Decodable`: decoding through `any Decoder` made the Swift runtime build, at
/// each type's first use, the metadata of `KeyedDecodingContainer<CodingKeys>` and its
/// box class, demangle associated types and check every generic requirement by scanning
/// the binary's protocol conformances: 5.3 million instructions for the default theme,
/// a sixth of a one-line document's whole conversion. These readers are plain code,
/// specialized by the compiler, and give the errors `Codable` gave (the same messages
/// at the same paths, see `ThemeReadError`).
protocol ThemeReadable {
    init(theme value: ThemeValue) throws(ThemeReadError)
    /// The value of a key that is absent: an error, but nil for an optional.
    static func absent(_ key: String) throws(ThemeReadError) -> Self
}

extension ThemeReadable {
    static func absent(_ key: String) throws(ThemeReadError) -> Self { throw ThemeReadError(.missing(key)) }
}

/// Why a theme value could not be read, and where.
struct ThemeReadError: Error {
    enum Problem {
        /// The value is of another JSON type than `expected` ("a string").
        case mismatch(expected: String)
        /// The value is null where `expected` is needed.
        case null(expected: String)
        /// The object at `path` has no member `key`.
        case missing(String)
        /// The value is of the right type but wrong (the message says why).
        case invalid(String)
    }
    enum Step { case key(String), index(Int) }

    var problem: Problem
    /// From the theme's root to the value (or, for `missing`, to the object), filled in
    /// as the error travels out through the objects and arrays holding the value.
    var path: [Step] = []

    init(_ problem: Problem) { self.problem = problem }

    /// This error, one level further out: under `step`.
    func under(_ step: Step) -> ThemeReadError {
        var e = self
        e.path.insert(step, at: 0)
        return e
    }

    /// The path as `JSONNode.deepest(along:)` follows it (indices as numbers).
    var keys: [String] {
        path.map { switch $0 { case .key(let k): k; case .index(let i): String(i) } }
    }

    /// The path as messages print it: `body.fontFamily[1]`.
    var dotted: String {
        var s = ""
        for step in path {
            switch step {
            case .index(let i): s += "[\(i)]"
            case .key(let k): s += (s.isEmpty ? "" : ".") + k
            }
        }
        return s
    }
}

/// One JSON value of the theme being read, with what its reader may need besides.
struct ThemeValue {
    let node: JSONNode
    /// The key the value is under in its object; nil for an array's item or the root.
    /// (A length's allowed range depends on it: only `offset` may be negative.)
    let key: String?
    /// The theme's palette (name → color text) that `"$name"` colors are looked up in.
    let palette: [String: String]

    func child(_ node: JSONNode, key: String?) -> ThemeValue { ThemeValue(node: node, key: key, palette: palette) }

    /// The error for a value of another JSON type than `expected` ("a string"): null,
    /// or another type.
    func notA(_ expected: String) -> ThemeReadError {
        ThemeReadError(node.isNull ? .null(expected: expected) : .mismatch(expected: expected))
    }

    /// The value's members, to read as an object.
    func object() throws(ThemeReadError) -> ThemeObject {
        guard case .object(let members) = node.value else { throw notA("an object") }
        return ThemeObject(members: members, value: self)
    }

    /// The value's text; anything else is an error expecting a string.
    func string() throws(ThemeReadError) -> String {
        guard case .string(let s) = node.value else { throw notA("a string") }
        return s
    }

    /// The number as written; anything else is an error expecting `expected`.
    func number(_ expected: String) throws(ThemeReadError) -> String {
        guard case .number(let text) = node.value else { throw notA(expected) }
        return text
    }

    /// A whole number: as written, or written with a fraction or exponent when its value
    /// is whole and fits (`JSONDecoder`'s rule).
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws(ThemeReadError) -> T {
        let text = try number("a whole number")
        if let value = T(text) { return value }
        if let d = Double(text), d.isFinite, let value = T(exactly: d) { return value }
        throw ThemeReadError(.invalid("Parsed JSON number <\(text)> does not fit in \(type)."))
    }
}

/// The members of a JSON object, read by key.
struct ThemeObject {
    let members: [JSONNode.Member]
    let value: ThemeValue

    /// The member `key` read as `T` (absent: `T.absent`). Errors get `key` in their path.
    func callAsFunction<T: ThemeReadable>(_ key: String) throws(ThemeReadError) -> T {
        guard let i = members.index(ofKey: key) else { return try T.absent(key) }
        do { return try T(theme: value.child(members[i].value, key: key)) } catch { throw error.under(.key(key)) }
    }
}

// MARK: JSON's own types

extension String: ThemeReadable {
    init(theme value: ThemeValue) throws(ThemeReadError) { self = try value.string() }
}

extension Bool: ThemeReadable {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        guard case .bool(let b) = value.node.value else { throw value.notA("true or false") }
        self = b
    }
}

extension Int: ThemeReadable {
    init(theme value: ThemeValue) throws(ThemeReadError) { self = try value.integer(Int.self) }
}

extension UInt32: ThemeReadable {
    init(theme value: ThemeValue) throws(ThemeReadError) { self = try value.integer(UInt32.self) }
}

extension Double: ThemeReadable {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let text = try value.number("a number")
        guard let d = Double(text), d.isFinite else {
            throw ThemeReadError(.invalid("Parsed JSON number <\(text)> does not fit in Double."))
        }
        self = d
    }
}

/// Absent or null: nil.
extension Optional: ThemeReadable where Wrapped: ThemeReadable {
    static func absent(_ key: String) -> Self { nil }
    init(theme value: ThemeValue) throws(ThemeReadError) {
        self = value.node.isNull ? nil : try Wrapped(theme: value)
    }
}

extension Array: ThemeReadable where Element: ThemeReadable {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        guard case .array(let items) = value.node.value else { throw value.notA("an array") }
        self = []
        reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            do { append(try Element(theme: value.child(item, key: nil))) } catch { throw error.under(.index(i)) }
        }
    }
}

/// A JSON object's members by key (`palette`, `fonts`, `tokens`).
extension Dictionary: ThemeReadable where Key == String, Value: ThemeReadable {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let object = try value.object()
        self = [:]
        reserveCapacity(object.members.count)
        for member in object.members { self[member.key] = try object(member.key) as Value }
    }
}

/// A theme enum: one of its names, as a string.
extension ThemeReadable where Self: RawRepresentable, RawValue == String {
    init(theme value: ThemeValue) throws(ThemeReadError) {
        let name = try value.string()
        guard let v = Self(rawValue: name) else {
            throw ThemeReadError(.invalid("Cannot initialize \(Self.self) from invalid String value \(name)"))
        }
        self = v
    }
}
