import Glibc

/// File paths as text, the way `NSString`'s path methods read them (the program links
/// no Foundation): "/" separates components, trailing slashes are ignored, and an
/// extension is what follows the last dot of the last component unless that dot
/// starts it (".profile" has none).
extension String {
    /// The last component: "a/b.md" → "b.md", "a/b/" → "b", "/" → "/", "" → "".
    public var pathLastComponent: String {
        let trimmed = pathWithoutTrailingSlashes
        if trimmed == "/" || trimmed.isEmpty { return trimmed }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path without its last component's extension: "a/b.md" → "a/b",
    /// "a.d/b" → "a.d/b", "a/.profile" → "a/.profile".
    public var pathDeletingExtension: String {
        let trimmed = pathWithoutTrailingSlashes
        let name = trimmed.pathLastComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return trimmed }
        return String(trimmed.dropLast(name.distance(from: dot, to: name.endIndex)))
    }

    /// The folder part: "a/b.md" → "a", "/b.md" → "/", "b.md" → ".".
    public var pathFolder: String {
        guard let slash = lastIndex(of: "/") else { return "." }
        return slash == startIndex ? "/" : String(self[..<slash])
    }

    /// `component` appended with one slash between: ("a", "b") → "a/b",
    /// ("a/", "b") → "a/b", ("", "b") → "b".
    public func pathAppending(_ component: String) -> String {
        if isEmpty { return component }
        if component.isEmpty { return self }
        return hasSuffix("/") ? self + component : self + "/" + component
    }

    /// The path absolute, relative ones taken from `currentDirectory`, with `.` and `..`
    /// components resolved and empty ones dropped, lexically (links are not followed;
    /// `..` above the root stays at the root): what Foundation's
    /// `URL(fileURLWithPath:).standardizedFileURL.path` gives, without parsing a URL
    /// and asking the file system whether the path is a folder, which was a fifth of a
    /// one-line conversion's file-name work. "/a/./b/../c" → "/a/c", "a//b" → "CWD/a/b".
    public func pathStandardized(currentDirectory: @autoclosure () -> String = currentDirectoryPath()) -> String {
        let absolute = hasPrefix("/") ? self : currentDirectory() + "/" + self
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private var pathWithoutTrailingSlashes: String {
        var s = Substring(self)
        while s.count > 1 && s.hasSuffix("/") { s = s.dropLast() }
        return String(s)
    }
}

/// The process's working folder (`getcwd`), "/" when it cannot be read.
public func currentDirectoryPath() -> String {
    guard let path = getcwd(nil, 0) else { return "/" }
    defer { free(path) }
    return String(cString: path)
}
