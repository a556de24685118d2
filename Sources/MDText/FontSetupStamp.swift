import CFontconfig
import Glibc
import MDCore

/// The state of everything a fontconfig answer depends on: the fontconfig version, the
/// environment variables it reads, and for each watched file or folder
/// (`FontConfiguration.watchedPaths`) whether it exists, its inode, size and
/// modification and change times. Two equal stamps mean fontconfig would load the same
/// configuration and the same fonts — the test fontconfig applies to its own caches
/// (a font folder's modification time), applied to its configuration files as well.
struct FontSetupStamp: Hashable, Sendable {
    /// Bumped whenever what the cache stores, or how it is keyed, changes.
    static let formatVersion = 6

    /// Versions and environment, one `name=value` line each.
    let environment: [String]
    let paths: [String]
    /// What `stat` said of each of `paths`.
    let signatures: [PathSignature]

    init(environment: [String], paths: [String], signatures: [PathSignature]) {
        precondition(paths.count == signatures.count, "one signature per path")
        self.environment = environment; self.paths = paths; self.signatures = signatures
    }

    /// The stamp of the current environment and of `paths` as they are now.
    static func current(watching paths: [String]) -> FontSetupStamp {
        FontSetupStamp(environment: currentEnvironment(), paths: paths, signatures: paths.map(PathSignature.init(of:)))
    }

    /// Whether nothing this stamp watches has changed since it was taken.
    var isCurrent: Bool {
        guard Self.currentEnvironment() == environment else { return false }
        for (path, signature) in zip(paths, signatures) where PathSignature(of: path) != signature { return false }
        return true
    }

    private static func currentEnvironment() -> [String] {
        var lines = ["mdpdf font lookups=\(formatVersion)", "fontconfig=\(FcGetVersion())",
                     "program=\(FontEnvironment.programName)"]
        for name in FontEnvironment.names {
            lines.append(name + (FontEnvironment.value(name).map { "=" + $0 } ?? " unset"))
        }
        return lines
    }
}

/// What `stat` says of a path (links followed), or why it cannot say: compared as
/// numbers, where a text of each (61 of them per run) cost 0.4 million instructions.
enum PathSignature: Hashable, Sendable {
    case missing
    case error(Int32)
    case present(mode: UInt32, device: UInt64, inode: UInt64, size: Int64,
                 modified: Int64, modifiedNanoseconds: Int64, changed: Int64, changedNanoseconds: Int64)

    init(of path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            self = errno == ENOENT || errno == ENOTDIR ? .missing : .error(errno)
            return
        }
        self.init(st)
    }

    /// What `stat` says of the regular file at `path`; nil for anything else (a face's
    /// file, whose traits are kept only while it is the same file).
    init?(ofRegularFile path: String) {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(st)
    }

    private init(_ st: stat) {
        self = .present(mode: UInt32(st.st_mode), device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                        modified: Int64(st.st_mtim.tv_sec), modifiedNanoseconds: Int64(st.st_mtim.tv_nsec),
                        changed: Int64(st.st_ctim.tv_sec), changedNanoseconds: Int64(st.st_ctim.tv_nsec))
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
        environmentValue(name)
    }

    /// The program name, which configuration rules may test (`<test name="prgname">`).
    static var programName: String {
        let first = CommandLine.arguments.first ?? ""
        return first.split(separator: "/").last.map(String.init) ?? first
    }
}
