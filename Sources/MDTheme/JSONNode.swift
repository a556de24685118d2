import MDCore

/// Where a theme value was written: a theme file, a Markdown file's front matter or a
/// `--set` option, and the line and column when known. Errors print it as `file:line:col`.
public struct ValueOrigin: Hashable, Sendable {
    /// The file as the user named it (or "--set" for the command line).
    public var file: String
    public var location: SourceLocation?
    public init(file: String, location: SourceLocation? = nil) { self.file = file; self.location = location }
}

/// A JSON value that remembers where it was written. Objects keep their keys in source
/// order, so a theme printed back (`mdpdf theme show`) reads in the order it was written;
/// numbers keep their source text, so printing never changes a value (`1.45` stays `1.45`).
public struct JSONNode: Sendable {
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number as written (valid JSON number syntax).
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        /// Where the key was written (unknown-key errors point here).
        public var keyOrigin: ValueOrigin
        public var value: JSONNode
        public init(key: String, keyOrigin: ValueOrigin, value: JSONNode) {
            self.key = key; self.keyOrigin = keyOrigin; self.value = value
        }
    }

    public var value: Value
    public var origin: ValueOrigin
    public init(_ value: Value, origin: ValueOrigin) { self.value = value; self.origin = origin }

    public var members: [Member]? { if case .object(let m) = value { return m } else { return nil } }
    public var string: String? { if case .string(let s) = value { return s } else { return nil } }
    public var isNull: Bool { if case .null = value { return true } else { return false } }

    /// The value of `key` when this is an object that has it.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let m) = value, let i = m.index(ofKey: key) else { return nil }
        return m[i].value
    }

    /// The JSON type name used in error messages ("a string", "an object", …).
    public var typeDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Sets (or adds, at the end) member `key` of an object; no effect on other values.
    public mutating func set(_ key: String, _ node: JSONNode, keyOrigin: ValueOrigin? = nil) {
        guard case .object(var m) = value else { return }
        if let i = m.index(ofKey: key) { m[i].value = node }
        else { m.append(Member(key: key, keyOrigin: keyOrigin ?? node.origin, value: node)) }
        value = .object(m)
    }

    /// Removes member `key` of an object, if present.
    public mutating func remove(_ key: String) {
        guard case .object(let m) = value else { return }
        value = .object(m.filter { $0.key != key })
    }

    /// `over` merged onto `self`: objects merge key by key (new keys keep their order
    /// after the existing ones); any other value replaces what was there, origin included.
    public func merged(with over: JSONNode) -> JSONNode {
        guard case .object(var mine) = value, case .object(let theirs) = over.value else { return over }
        for member in theirs {
            if let i = mine.index(ofKey: member.key) {
                mine[i].value = mine[i].value.merged(with: member.value)
            } else {
                mine.append(member)
            }
        }
        return JSONNode(.object(mine), origin: origin)
    }

    /// The node at a coding path (object keys and array indexes), as deep as it exists.
    public func deepest(along path: [String]) -> JSONNode {
        var node = self
        for key in path {
            if let i = Int(key), case .array(let items) = node.value, items.indices.contains(i) { node = items[i] }
            else if let child = node[key] { node = child }
            else { break }
        }
        return node
    }
}

extension Array where Element == JSONNode.Member {
    /// The index of the member named `key`. Compares the keys in place: a `first(where:)`
    /// closure is given each member copied, five references retained and released, which
    /// was a sixth of the time the default theme took to decode.
    public func index(ofKey key: String) -> Int? {
        withUnsafeBufferPointer { members in
            for i in members.indices where members[i].key == key { return i }
            return nil
        }
    }
}
