import FoundationEssentials
import Glibc
import MDCore

/// What a `convert` run will do, decided before anything is read or written: each
/// Markdown input (folders expanded into the `.md` files under them) and the PDF it
/// becomes. Two inputs that would write one file, or an output that is an input, are
/// an error here, so a bad command line writes nothing.
struct ConversionPlan {
    struct Item: Equatable {
        /// The Markdown file, or `-` for standard input.
        var input: String
        /// The PDF path, or `-` for standard output.
        var output: String
    }

    private(set) var items: [Item] = []
    /// `-o` names a folder: it and the folders the mirrored tree needs are created.
    private(set) var writesIntoFolder = false

    struct PlanError: Error, CustomStringConvertible {
        var description: String
        /// A usage error (64), or an input that cannot be converted (66: a folder with
        /// no Markdown in it).
        var status: ExitStatus = .usage
    }

    /// `files` as given on the command line; `output` is `-o`.
    init(files: [String], output: String?) throws(PlanError) {
        guard !files.isEmpty else { throw PlanError(description: "no input file given (use - to read standard input)") }
        if files.filter({ $0 == "-" }).count > 1 { throw PlanError(description: "standard input (-) can be read only once") }
        var inputs: [(file: String, mirrored: String?)] = []  // mirrored: its path under the folder it was found in
        for file in files {
            if file != "-", isDirectory(file) {
                let found = Self.markdownFiles(under: file)
                if found.isEmpty {
                    throw PlanError(description: "\(file): error: is a folder with no Markdown files (*.md, *.markdown) in it",
                                    status: .unreadableInput)
                }
                inputs += found.map { (Self.join(file, $0), $0) }
            } else {
                inputs.append((file, nil))
            }
        }
        let toFolder = output.map { $0.hasSuffix("/") || isDirectory($0) } ?? false
        if inputs.count > 1 || files.contains(where: { $0 != "-" && isDirectory($0) }), let o = output, !toFolder {
            if o == "-" { throw PlanError(description: "-o - (standard output) takes a single input file") }
            throw PlanError(description: "with several inputs (or a folder), -o must name a folder (end it with /)")
        }
        writesIntoFolder = toFolder
        items = inputs.map { Item(input: $0.file, output: Self.outputPath(for: $0.file, mirrored: $0.mirrored, output: output, toFolder: toFolder)) }
        try checkCollisions()
    }

    /// The PDF of one input: beside it; under `-o DIR/` (mirroring the tree of a folder
    /// input); or `-o` itself.
    static func outputPath(for file: String, mirrored: String?, output: String?, toFolder: Bool) -> String {
        let stem = { (path: String) in path.pathDeletingExtension + ".pdf" }
        guard let o = output else { return file == "-" ? "-" : stem(file) }
        if o == "-" { return "-" }
        guard toFolder else { return o }
        let name = mirrored ?? (file == "-" ? "stdin.md" : file.pathLastComponent)
        return join(o, stem(name))
    }

    /// Errors for an output written twice or written over an input, naming both. Each
    /// path is resolved and each file looked at once (a folder of a thousand files made
    /// a million comparisons, each two `stat`s, before the first conversion).
    private func checkCollisions() throws(PlanError) {
        var writers: [String: String] = [:]
        for item in items where item.output != "-" {
            let key = Self.key(item.output)
            if let other = writers[key] {
                throw PlanError(description: "\(item.output) would be written from both \(other) and \(item.input); "
                                    + "convert them into different folders, or rename one")
            }
            writers[key] = item.input
        }
        // Writing the PDF over its own input (or another input) would lose the Markdown
        // (`-o notes.md`, or a text file named `notes.pdf`), however atomically it is
        // written. Each input's first position, by key and by the file it is (links
        // followed); the earlier of the two is named, as a search through them would.
        var firstByKey: [String: Int] = [:]
        var firstByFile: [FileIdentity: Int] = [:]
        for (index, input) in items.map(\.input).enumerated() where input != "-" {
            if firstByKey[Self.key(input)] == nil { firstByKey[Self.key(input)] = index }
            if let file = FileIdentity(input), firstByFile[file] == nil { firstByFile[file] = index }
        }
        for item in items where item.output != "-" {
            let byFile = FileIdentity(item.output).flatMap { firstByFile[$0] }
            let byKey = firstByKey[Self.key(item.output)]
            if let first = [byFile, byKey].compactMap({ $0 }).min() {
                let input = items[first].input
                throw PlanError(description: input == item.input
                    ? "the output \(item.output) is the input file itself; choose another with -o"
                    : "the output \(item.output) of \(item.input) is the input \(input); choose another with -o")
            }
        }
    }

    /// Where links from one input to another go: the other's PDF, relative to the
    /// linking PDF's folder (standard input and output take no part). Made once for
    /// the run; every job shares it (`LinkedDocuments(batch:output:)`).
    func batchOutputs() -> BatchOutputs {
        var batch = BatchOutputs()
        guard items.count > 1 else { return batch }
        for item in items where item.input != "-" && item.output != "-" { batch.add(input: item.input, output: item.output) }
        return batch
    }

    /// `*.md` and `*.markdown` files under `dir`, as paths relative to it, sorted; hidden
    /// files and folders (`.git`) are skipped, and symbolic links to folders are not
    /// followed (a link cycle must not loop).
    static func markdownFiles(under dir: String) -> [String] {
        var out: [String] = []
        var stack = [""]
        while let relative = stack.popLast() {
            let path = relative.isEmpty ? dir : join(dir, relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                var st = stat()
                guard lstat(join(dir, child), &st) == 0 else { continue }
                if (st.st_mode & S_IFMT) == S_IFDIR {
                    stack.append(child)
                } else if name.lowercased().hasSuffix(".md") || name.lowercased().hasSuffix(".markdown") {
                    out.append(child)
                }
            }
        }
        return out.sorted()
    }

    static func join(_ dir: String, _ name: String) -> String {
        if dir == "." || dir == "./" { return name }
        return dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }

    /// Absolute, with `.` and `..` resolved, for comparing paths.
    static func key(_ path: String) -> String { LinkedDocuments.key(path) }
}
