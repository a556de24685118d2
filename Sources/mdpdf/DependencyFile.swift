import FoundationEssentials
import Glibc
import MDCore

/// `--deps FILE`: a Makefile rule per PDF, naming every file it was made from (the
/// Markdown inputs, images, theme files, fonts), with an empty rule for each of them
/// except the inputs (as `gcc -MP` writes), so that make does not stop when one is
/// deleted or renamed. Files that do not exist (a missing image) are left out. Paths
/// under the current folder are written relative to it; `$`, `#`, spaces and
/// backslashes are escaped for make.
enum DependencyFile {
    struct Rule {
        var output: String
        /// The Markdown files (or a book's summary and chapters).
        var inputs: [String]
        /// Images, theme files, fonts.
        var others: [String]
    }

    static func text(_ rules: [Rule]) -> String {
        let cwd = currentDirectoryPath()
        func shown(_ path: String) -> String {
            let standard = path.pathStandardized(currentDirectory: cwd)
            return standard.hasPrefix(cwd + "/") ? String(standard.dropFirst(cwd.count + 1)) : standard
        }
        var out = ""
        var phony: [String] = []
        var seen = Set<String>()
        for rule in rules {
            let inputs = rule.inputs.map(shown)
            let others = rule.others.filter { FileManager.default.fileExists(atPath: $0) }.map(shown)
                .filter { !inputs.contains($0) }
            var unique = Set<String>()
            let prerequisites = (inputs + others).filter { unique.insert($0).inserted }
            out += escape(shown(rule.output)) + ":" + prerequisites.map { " \\\n  " + escape($0) }.joined() + "\n"
            phony += others.filter { seen.insert($0).inserted }
        }
        for p in phony { out += "\n" + escape(p) + ":\n" }
        return out
    }

    /// A path as make reads it in a rule.
    static func escape(_ path: String) -> String {
        var out = ""
        for ch in path {
            switch ch {
            case "$": out += "$$"
            case " ", "#", "\\", ":": out += "\\" + String(ch)
            default: out.append(ch)
            }
        }
        return out
    }
}
