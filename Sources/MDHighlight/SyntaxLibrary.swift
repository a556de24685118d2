import FoundationEssentials
import Glibc
import MDCore

/// The KSyntaxHighlighting shim (`libmdpdf-syntax.so`, built from `CSyntaxShim`), opened
/// with dlopen and used through the symbols of `mdsyntax.h`. Owns one repository handle.
///
/// The library is never dlclose'd: Qt registers global state (static destructors, atexit
/// handlers) that must not outlive its code, so it stays mapped until the process ends.
/// Not thread-safe; `SyntaxHighlighter` serialises every call.
final class SyntaxLibrary {
    private typealias OpenFn = @convention(c) () -> OpaquePointer?
    private typealias CloseFn = @convention(c) (OpaquePointer?) -> Void
    private typealias CountFn = @convention(c) (OpaquePointer?) -> Int32
    private typealias FindFn = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                               UnsafeMutablePointer<CChar>?, Int32) -> Int32
    private typealias HighlightFn = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32,
                                                    UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>?) -> Int32
    private typealias FreeFn = @convention(c) (UnsafeMutablePointer<Int32>?) -> Void

    private let close: CloseFn
    private let count: CountFn
    private let find: FindFn
    private let highlightFn: HighlightFn
    private let free: FreeFn
    private let repository: OpaquePointer
    /// The file that was loaded.
    let path: String

    /// Loads the first of `paths` that dlopen accepts; nil with the last loader error
    /// when none does.
    static func load(from paths: [String]) -> Result<SyntaxLibrary, DynamicLibrary.LoadError> {
        DynamicLibrary.open(paths) { SyntaxLibrary(handle: $0, path: $1) }
    }

    private init?(handle: UnsafeMutableRawPointer, path: String) {
        func symbol<T>(_ name: String, as type: T.Type) -> T? { DynamicLibrary.symbol(handle, name, as: type) }
        guard let open = symbol("mdsyntax_open", as: OpenFn.self), let close = symbol("mdsyntax_close", as: CloseFn.self),
              let count = symbol("mdsyntax_definition_count", as: CountFn.self),
              let find = symbol("mdsyntax_find", as: FindFn.self),
              let highlight = symbol("mdsyntax_highlight", as: HighlightFn.self),
              let free = symbol("mdsyntax_free", as: FreeFn.self), let repository = open() else { return nil }
        self.close = close; self.count = count; self.find = find; self.highlightFn = highlight; self.free = free
        self.repository = repository
        self.path = path
    }

    deinit { close(repository) }

    var definitionCount: Int { Int(count(repository)) }

    /// The name of the definition called `name` (any case) or, failing that, of the one
    /// for files named `fileName`; nil when there is none.
    func definition(named name: String, fileName: String?) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBufferPointer { out in
            find(repository, name, fileName, out.baseAddress, Int32(out.count))
        }
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The highlighted stretches of `text` with definition `definition` (a name
    /// `definition(named:fileName:)` returned); nil when the definition does not exist.
    func highlight(_ text: String, definition: String) -> [HighlightSpan]? {
        var raw: UnsafeMutablePointer<Int32>?
        let n = text.withCString { chars in
            highlightFn(repository, definition, chars, Int32(text.utf8.count), &raw)
        }
        guard n >= 0 else { return nil }
        defer { free(raw) }
        guard let raw else { return [] }
        var spans: [HighlightSpan] = []
        spans.reserveCapacity(Int(n))
        for i in 0..<Int(n) {
            let start = Int(raw[3 * i]), length = Int(raw[3 * i + 1])
            guard let kind = TokenKind(code: raw[3 * i + 2]), length > 0 else { continue }
            spans.append(HighlightSpan(range: start..<(start + length), kind: kind))
        }
        return spans
    }
}

/// Why the highlighting library could not be loaded (shown once per document).
struct SyntaxLibraryError: Error, Hashable {
    var reason: String
}
