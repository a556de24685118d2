/// Diagnostics are values with a source location, collected in a sink and printed by
/// the CLI as `file:line:col: warning: …`. Nothing deep inside the pipeline prints.

/// A 1-based line and column in the source (column counts bytes, as cmark does).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
    public var description: String { "\(line):\(column)" }
}

/// A span of source, both ends inclusive as cmark reports them.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation
    public init(start: SourceLocation, end: SourceLocation) { self.start = start; self.end = end }
    public static let unknown = SourceRange(start: SourceLocation(line: 0, column: 0), end: SourceLocation(line: 0, column: 0))
    public var description: String { "\(start)-\(end)" }
}

public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case warning, error }
    public var severity: Severity
    /// The file the location refers to (the Markdown file, a theme file…); nil means the main input.
    public var file: String?
    public var location: SourceLocation?
    public var message: String
    public var hint: String?
    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil,
                file: String? = nil, hint: String? = nil) {
        self.severity = severity; self.message = message; self.location = location
        self.file = file; self.hint = hint
    }
    /// `file:line:col: severity: message` (and the hint on its own line), as compilers print.
    public func formatted(defaultFile: String) -> String {
        var s = file ?? defaultFile
        if let l = location, l.line > 0 { s += ":\(l.line):\(l.column)" }
        s += ": \(severity.rawValue): \(message)"
        if let hint { s += "\n  hint: \(hint)" }
        return s
    }
    public var description: String { formatted(defaultFile: "<input>") }
}

/// Collects diagnostics during one conversion. A reference type so that every stage of
/// one conversion appends to the same list; not shared between conversions.
public final class DiagnosticSink: @unchecked Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    /// Keys of warnings that are reported only once per document.
    private var onceKeys: Set<String> = []
    /// For each of `diagnostics`, its `rank` and its once-key (see `replay(into:)`).
    private var order: [(rank: Int, key: String?)] = []
    /// Once-keys already seen, with the rank they were seen at.
    private var rankedKeys: Set<RankedKey> = []
    /// The place in a serial run's order of what is added now (see `replay(into:)`): a
    /// stage that runs beside another sets it around each of its steps that a serial run
    /// did in a separate pass. Until replayed, a sink whose rank changed may hold a
    /// once-key's warning once per rank.
    public var rank = 0

    private struct RankedKey: Hashable {
        var rank: Int
        var key: String
    }

    public init() {}
    public func add(_ d: Diagnostic) {
        append(d, rank: rank, key: nil)
    }
    public func warning(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        add(Diagnostic(.warning, message, at: location, hint: hint))
    }
    /// Adds the warning only the first time `key` is seen in this conversion.
    public func warnOnce(key: String, _ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        // The first time at each rank is kept (one rank: the first time only), so that
        // `replay` can tell which came first in a serial run.
        guard rankedKeys.insert(RankedKey(rank: rank, key: key)).inserted else { return }
        onceKeys.insert(key)
        append(Diagnostic(.warning, message, at: location, hint: hint), rank: rank, key: key)
    }

    /// Moves everything added here into `sink` (and empties this one), lowest rank first
    /// and in the order added within a rank, each once-key only the first time `sink`
    /// sees it: the warnings of a stage that ran beside another come out as a serial run
    /// would have made them (layout beside a styling thread measures each block's
    /// formulas as it takes it, where a serial run measured every block first).
    public func replay(into sink: DiagnosticSink) {
        let ranked = zip(diagnostics, order).enumerated().sorted { a, b in
            a.element.1.rank != b.element.1.rank ? a.element.1.rank < b.element.1.rank : a.offset < b.offset
        }
        for (_, (d, placed)) in ranked {
            if let key = placed.key {
                guard sink.onceKeys.insert(key).inserted else { continue }
                sink.rankedKeys.insert(RankedKey(rank: sink.rank, key: key))
            }
            sink.append(d, rank: sink.rank, key: placed.key)
        }
        diagnostics = []
        order = []
    }

    /// Drops everything added here; the once-keys seen stay seen.
    public func discard() {
        diagnostics = []
        order = []
    }

    private func append(_ d: Diagnostic, rank: Int, key: String?) {
        diagnostics.append(d)
        order.append((rank, key))
    }

    /// Moves everything added here into `sink` as if it had been added there, each at
    /// the rank it was added at (a once-key's warning only where `sink` has not seen that
    /// key at that rank), and empties this one; the once-keys seen here stay seen. A
    /// stage that works ahead of another on its own thread collects each piece of work's
    /// warnings apart and hands them over with it (`ShapingAhead`).
    public func transfer(into sink: DiagnosticSink) {
        for (d, placed) in zip(diagnostics, order) {
            if let key = placed.key {
                guard sink.rankedKeys.insert(RankedKey(rank: placed.rank, key: key)).inserted else { continue }
                sink.onceKeys.insert(key)
            }
            sink.append(d, rank: placed.rank, key: placed.key)
        }
        diagnostics = []
        order = []
    }
}
