import FoundationEssentials
import Glibc

/// The other Markdown files of one run and where a link to each of them goes: the
/// chapters of a book (into this PDF), or the inputs of a batch (to their PDFs). A
/// document's link to `other.md` or `other.md#part` is looked up here by the file it
/// leads to; a file not in the run stays a relative link.
public struct LinkedDocuments: Sendable, Hashable {
    public enum Place: Sendable, Hashable {
        /// A chapter of this PDF. Its headings' anchors are `prefix:slug`; the
        /// destination `prefix` is the chapter's start.
        case chapter(prefix: String)
        /// A PDF written by the same run, by its path relative to this PDF's folder.
        case pdf(String)
    }

    /// Keyed by absolute path with `.` and `..` resolved (`LinkedDocuments.key(_:)`).
    public private(set) var places: [String: Place] = [:]

    public init() {}

    public var isEmpty: Bool { places.isEmpty }

    /// Records where links to the Markdown file at `path` go.
    public mutating func add(_ path: String, _ place: Place) {
        places[Self.key(path)] = place
        if let real = Self.realKey(path) { places[real] = place }
    }

    /// Where a link to `path` (absolute, or relative to the current folder) goes. In a
    /// book, `other.html` also finds the chapter `other.md`: mdBook authors link to the
    /// pages mdBook makes (the Rust book does).
    public func place(of path: String) -> Place? {
        let k = Self.key(path)
        if let p = places[k] { return p }
        if let real = Self.realKey(path), let p = places[real] { return p }
        for ext in [".html", ".htm"] where k.lowercased().hasSuffix(ext) {
            let md = String(k.dropLast(ext.count)) + ".md"
            if case .chapter? = places[md] { return places[md] }
        }
        return nil
    }

    /// `path` absolute with `.` and `..` resolved lexically (links are not followed, so
    /// a key is the same whether or not the file exists yet).
    public static func key(_ path: String) -> String {
        path.pathStandardized()
    }

    /// With symbolic links resolved, when the file exists.
    static func realKey(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
