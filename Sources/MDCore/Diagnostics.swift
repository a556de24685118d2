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
    public init() {}
    public func add(_ d: Diagnostic) { diagnostics.append(d) }
    public func warning(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        add(Diagnostic(.warning, message, at: location, hint: hint))
    }
    /// Adds the warning only the first time `key` is seen in this conversion.
    public func warnOnce(key: String, _ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        guard onceKeys.insert(key).inserted else { return }
        warning(message, at: location, hint: hint)
    }
}
