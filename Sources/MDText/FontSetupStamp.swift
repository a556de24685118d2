import CFontconfig
import Glibc

/// The state of everything a fontconfig answer depends on, as lines of text: the
/// fontconfig version, the environment variables it reads, and for each watched file or
/// folder (`FontConfiguration.watchedPaths`) whether it exists, its inode, size and
/// modification and change times. Two equal stamps mean fontconfig would load the same
/// configuration and the same fonts — the test fontconfig applies to its own caches
/// (a font folder's modification time), applied to its configuration files as well.
struct FontSetupStamp: Hashable, Sendable {
    /// Bumped whenever what the cache stores, or how it is keyed, changes.
    static let formatVersion = 1

    let lines: [String]

    init(lines: [String]) { self.lines = lines }

    /// The paths the stamp watches, in order.
    var paths: [String] {
        lines.compactMap { line in
            guard line.hasPrefix("path ") else { return nil }
            return line.dropFirst(5).split(separator: "\t", maxSplits: 1).first.map(String.init)
        }
    }

    /// The stamp of the current environment and of `paths` as they are now.
    static func current(watching paths: [String]) -> FontSetupStamp {
        var lines = ["mdpdf font lookups \(formatVersion)", "fontconfig \(FcGetVersion())"]
        for name in FontEnvironment.names {
            lines.append("env \(name)=" + (FontEnvironment.value(name).map { "set \($0)" } ?? "unset"))
        }
        lines.append("program \(FontEnvironment.programName)")
        for path in paths { lines.append("path \(path)\t\(signature(of: path))") }
        return FontSetupStamp(lines: lines)
    }

    /// Whether nothing this stamp watches has changed since it was taken.
    var isCurrent: Bool { Self.current(watching: paths) == self }

    /// What `stat` says of `path` (links followed), or why it cannot say.
    private static func signature(of path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else { return errno == ENOENT || errno == ENOTDIR ? "missing" : "error \(errno)" }
        return "\(st.st_mode) \(st.st_dev):\(st.st_ino) \(st.st_size) "
            + "m\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec) c\(st.st_ctim.tv_sec).\(st.st_ctim.tv_nsec)"
    }
}

/// The environment as fontconfig reads it.
enum FontEnvironment {
    /// The variables that change which configuration fontconfig loads, where it looks
    /// for fonts and per-user files, and the default language it ranks fonts by
    /// (`FC_LANG`, else the locale's).
    static let names = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME",
                        "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                        "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG"]

    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The program name, which configuration rules may test (`<test name="prgname">`).
    static var programName: String {
        let first = CommandLine.arguments.first ?? ""
        return first.split(separator: "/").last.map(String.init) ?? first
    }
}
