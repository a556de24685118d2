/// The last few answers of a lookup, newest first, found again by `==`: in front of a
/// dictionary whose keys are costly to hash and usually compare by identity (font specs
/// copied from one theme value share their arrays). Inlinable, so that each use is
/// specialized for its types.
public struct RecentAnswers<Key: Equatable, Answer> {
    public let capacity: Int
    @usableFromInline var entries: [(key: Key, answer: Answer)] = []

    @inlinable public init(capacity: Int) { self.capacity = capacity }

    @inlinable public func answer(for key: Key) -> Answer? {
        entries.first { $0.key == key }?.answer
    }

    @inlinable public mutating func note(_ answer: Answer, for key: Key) {
        if entries.count == capacity { entries.removeLast() }
        entries.insert((key, answer), at: 0)
    }

    /// Forgets every answer (the lookup behind it changed).
    @inlinable public mutating func removeAll() { entries.removeAll() }
}
