import FoundationEssentials
import Glibc

/// The helper libraries mdpdf opens with dlopen the first time a document needs them
/// (`libmdpdf-syntax.so`, `libmdpdf-images.so`), so a document that does not never pays
/// for loading what is under them (Qt; librsvg, gdk-pixbuf and GLib). Never dlclose'd:
/// those libraries register global state that must not outlive their code.
public enum DynamicLibrary {
    /// `$variable` alone when set; else beside the running executable (where `swift
    /// build` puts it), then `../lib/mdpdf/` from it (an installed layout), then the
    /// dynamic loader's own search path.
    public static func searchPaths(for fileName: String, variable: String) -> [String] {
        if let env = environmentValue(variable), !env.isEmpty { return [env] }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return [exe.appendingPathComponent(fileName).path,
                exe.deletingLastPathComponent().appendingPathComponent("lib/mdpdf/\(fileName)").path, fileName]
    }

    /// What `bind` makes of the first of `paths` that dlopen accepts and whose functions
    /// `bind` finds (nil: they are missing); else the last reason none would do.
    /// `global`: the library's symbols (and soname) serve the libraries loaded after it.
    public static func open<T>(_ paths: [String], global: Bool = false,
                               bind: (_ handle: UnsafeMutableRawPointer, _ path: String) -> T?) -> Result<T, LoadError> {
        var lastError = "no path to try"
        for path in paths {
            guard let handle = dlopen(path, RTLD_NOW | (global ? RTLD_GLOBAL : RTLD_LOCAL)) else {
                lastError = dlerror().map { String(cString: $0) } ?? "dlopen failed"
                continue
            }
            if let library = bind(handle, path) { return .success(library) }
            lastError = "\(path) lacks the functions mdpdf needs"
        }
        return .failure(LoadError(reason: lastError))
    }

    /// The symbol `name` of `handle` as a function of type `T`.
    public static func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, as: T.Type) -> T? {
        dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
    }

    public struct LoadError: Error, Hashable, Sendable {
        public var reason: String
    }
}

/// A `DynamicLibrary` opened the first time it is asked for, once: later calls get the
/// same library, or the same reason it could not be opened. Safe from any thread.
public final class LazyLibrary<Library>: @unchecked Sendable {
    private enum State {
        case notLoaded
        case loaded(Library)
        case failed(DynamicLibrary.LoadError)
    }

    private let lock = Lock()
    private var state = State.notLoaded
    private let open: () -> Result<Library, DynamicLibrary.LoadError>

    /// `open` runs at most once, on first use.
    public init(_ open: @escaping () -> Result<Library, DynamicLibrary.LoadError>) { self.open = open }

    public func get() -> Result<Library, DynamicLibrary.LoadError> {
        lock.lock(); defer { lock.unlock() }
        switch state {
        case .loaded(let l): return .success(l)
        case .failed(let e): return .failure(e)
        case .notLoaded:
            let result = open()
            switch result {
            case .success(let l): state = .loaded(l)
            case .failure(let e): state = .failed(e)
            }
            return result
        }
    }

    /// Whether it has been opened (for tests of lazy loading).
    public var isLoaded: Bool {
        lock.lock(); defer { lock.unlock() }
        if case .loaded = state { return true }
        return false
    }
}
