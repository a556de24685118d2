/// Decodes `Decodable` values straight from a parsed `JSONNode`, with the errors
/// Foundation's `JSONDecoder` gives (the same `DecodingError` cases, types and coding
/// paths, which `ThemeLoader.decode` turns into messages).
///
/// Why not `JSONDecoder`: the theme was printed back to text for it and parsed again,
/// and its generic unwrapping asks the Swift runtime whether each decoded type conforms
/// to its private marker protocols. Each first-time question scans every protocol
/// conformance in the binary (about 6,300, Foundation's included): decoding the default
/// theme that way cost about 17 million instructions, a quarter of a one-line document's
/// whole conversion.
struct JSONNodeDecoder {
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func decode<T: Decodable>(_ type: T.Type, from node: JSONNode) throws -> T {
        try T(from: NodeDecoder(node: node, parent: nil, key: nil, userInfo: userInfo))
    }
}

/// One value being decoded; also its own single-value container.
///
/// A class, so that a decoder handed on as `any Decoder` is one reference (a struct
/// holding its coding path was boxed on the heap for every value), and its coding path
/// a chain of parents made into an array only when asked for, as errors do (each
/// value's path was a fresh copy of its parent's, one more key appended).
private final class NodeDecoder: Decoder, SingleValueDecodingContainer {
    let node: JSONNode
    /// The decoder of the object or array holding this value, and its key or index there.
    let parent: NodeDecoder?
    let key: (any CodingKey)?
    let userInfo: [CodingUserInfoKey: Any]

    init(node: JSONNode, parent: NodeDecoder?, key: (any CodingKey)?, userInfo: [CodingUserInfoKey: Any]) {
        self.node = node; self.parent = parent; self.key = key; self.userInfo = userInfo
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var link: NodeDecoder? = self
        while let decoder = link {
            if let key = decoder.key { path.append(key) }
            link = decoder.parent
        }
        return path.reversed()
    }

    /// The decoder of `child`, the value at `key` in this object or array.
    func child(_ child: JSONNode, at key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node: child, parent: self, key: key, userInfo: userInfo)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch node.value {
        case .object(let members):
            return KeyedDecodingContainer(KeyedNodeContainer<Key>(members: members, decoder: self))
        case .null:
            throw DecodingError.valueNotFound(KeyedDecodingContainer<Key>.self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw mismatch([String: Any].self)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch node.value {
        case .array(let items):
            return UnkeyedNodeContainer(items: items, decoder: self)
        case .null:
            throw DecodingError.valueNotFound([Any].self, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw mismatch([Any].self)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Single value

    func decodeNil() -> Bool { node.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let b) = try nonNull(type) else { throw mismatch(type) }
        return b
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let s) = try nonNull(type) else { throw mismatch(type) }
        return s
    }

    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    // MARK: Helpers

    private func nonNull(_ type: Any.Type) throws -> JSONNode.Value {
        if node.isNull {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."))
        }
        return node.value
    }

    private func number(_ type: Any.Type) throws -> String {
        guard case .number(let text) = try nonNull(type) else { throw mismatch(type) }
        return text
    }

    /// Whole numbers as written; one written with a fraction or exponent only when its
    /// value is whole and fits (JSONDecoder's rule).
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let text = try number(type)
        if let value = T(text) { return value }
        if let d = Double(text), d.isFinite, let value = T(exactly: d) { return value }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath, debugDescription: "Parsed JSON number <\(text)> does not fit in \(type)."))
    }

    private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        let text = try number(type)
        guard let value = T(text), value.isFinite else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "Parsed JSON number <\(text)> does not fit in \(type)."))
        }
        return value
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(node.typeDescription) instead."))
    }
}

/// The members of a JSON object, by key.
private struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONNode.Member]
    /// The object's decoder.
    let decoder: NodeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { members.index(ofKey: key.stringValue) != nil }

    private func child(_ key: any CodingKey) throws -> NodeDecoder {
        guard let i = members.index(ofKey: key.stringValue) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return decoder.child(members[i].value, at: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: child(key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try child(NodeCodingKey(stringValue: "super")) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

/// The items of a JSON array, in order.
private struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let items: [JSONNode]
    /// The array's decoder.
    let decoder: NodeDecoder
    private(set) var currentIndex = 0

    init(items: [JSONNode], decoder: NodeDecoder) {
        self.items = items; self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The next item's decoder; the index moves on only once it decoded.
    private func next(_ type: Any.Type) throws -> NodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [NodeCodingKey(index: currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        return decoder.child(items[currentIndex], at: NodeCodingKey(index: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).decodeNil() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try T(from: next(type))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try next(KeyedDecodingContainer<NestedKey>.self).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try next([Any].self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try next(Any.self)
        currentIndex += 1
        return decoder
    }
}

/// An array index in a coding path (`intValue` set, as `JSONDecoder`'s), or a plain name.
private struct NodeCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.init(index: intValue) }
    init(index: Int) { stringValue = "Index \(index)"; intValue = index }
}
