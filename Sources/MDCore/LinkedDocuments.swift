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
    /// A batch's inputs and their PDFs, shared with every other job of the run; a link
    /// to one goes to its PDF relative to `outputFolder` (`Place.pdf`), but for this
    /// document's own (`output`).
    private var batch = BatchOutputs()
    private var output = ""
    private var outputFolder = ""

    public init() {}

    /// The links of a batch's document written to `output` (`-`: standard output, which
    /// links to no other PDF).
    public init(batch: BatchOutputs, output: String) {
        guard output != "-" else { return }
        self.batch = batch
        self.output = Self.key(output)
        outputFolder = Self.key(output.pathFolder)
    }

    public var isEmpty: Bool { places.isEmpty && batch.outputs.isEmpty }

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
        if let p = place(forKey: k) { return p }
        if let real = Self.realKey(path), let p = place(forKey: real) { return p }
        for ext in [".html", ".htm"] where k.lowercased().hasSuffix(ext) {
            let md = String(k.dropLast(ext.count)) + ".md"
            if case .chapter? = places[md] { return places[md] }
        }
        return nil
    }

    /// A chapter, or the PDF of the last input of the batch under `key` that is not this
    /// document's (an input named twice, or once through a symbolic link, has several).
    private func place(forKey key: String) -> Place? {
        if let p = places[key] { return p }
        guard let pdf = batch.outputs[key]?.last(where: { $0 != output }) else { return nil }
        return .pdf(Self.relativePath(from: outputFolder, to: pdf))
    }

    /// `to` relative to the folder `from` (`../b/x.pdf`).
    public static func relativePath(from: String, to: String) -> String {
        // Keys are absolute and standardized: their components are what lies between slashes.
        let a = key(from).split(separator: "/"), b = key(to).split(separator: "/")
        let common = zip(a, b).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: a.count - common) + b[common...]).joined(separator: "/")
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

/// The inputs of a batch and the PDF each is written to, by `LinkedDocuments` key (and by
/// real path, for an input that exists). Made once for a run and shared by every job's
/// `LinkedDocuments` (the dictionary is copied by reference): each path is resolved once
/// and kept once, where a table per job made a batch of n files resolve n² paths and
/// hold n² entries (29 files: 4,100 `readlink` and 3,400 `getcwd` calls before the first
/// conversion started).
public struct BatchOutputs: Sendable, Hashable {
    /// The PDFs (keyed: absolute, standardized) of the inputs under each key, in the
    /// order added; a link goes to the last that is not the linking document's own.
    fileprivate var outputs: [String: [String]] = [:]

    public init() {}

    /// Records that `input` is written to `output`.
    public mutating func add(input: String, output: String) {
        let pdf = LinkedDocuments.key(output)
        outputs[LinkedDocuments.key(input), default: []].append(pdf)
        if let real = LinkedDocuments.realKey(input), real != LinkedDocuments.key(input) {
            outputs[real, default: []].append(pdf)
        }
    }
}
