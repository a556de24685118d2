/// Fatal conversion errors: what went wrong, where, and why. The CLI maps each case
/// to a documented exit code.
public enum ConversionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input could not be read (missing, a directory, permissions, not UTF-8 text).
    case unreadableInput(path: String, reason: String)
    /// The theme could not be loaded or is invalid.
    case invalidTheme(path: String, location: SourceLocation?, reason: String)
    /// Typesetting or writing the PDF failed.
    case renderFailed(reason: String)
    /// The output could not be written.
    case unwritableOutput(path: String, reason: String)
    /// A file was not read because the safety limits forbid it: outside the folders a
    /// document may read (`ReadPolicy`), not a regular file, or over the size limit.
    /// `location` is where the file is named (a front matter line, a theme value), when known.
    case refused(path: String, location: SourceLocation?, reason: String)

    public var description: String {
        switch self {
        case let .unreadableInput(path, reason): return "\(path): error: \(reason)"
        case let .invalidTheme(path, loc, reason):
            let at = loc.map { ":\($0.line):\($0.column)" } ?? ""
            return "\(path)\(at): error: \(reason)"
        case let .renderFailed(reason): return "error: conversion failed: \(reason)"
        case let .unwritableOutput(path, reason): return "\(path): error: cannot write output: \(reason)"
        case let .refused(path, loc, reason):
            let at = loc.map { ":\($0.line):\($0.column)" } ?? ""
            return "\(path)\(at): error: \(reason)"
        }
    }
}
