import CCairoFunctions
import Glibc
import MDCore

/// Gives the image plug-in's librsvg mdpdf's own cairo instead of Debian's.
///
/// mdpdf links cairo in statically (a dozen shared libraries fewer at every start);
/// librsvg, pango's cairo backend and cairo-gobject need a shared `libcairo.so.2`, and
/// Debian's would bring a second cairo, pixman and the X11 libraries into the process,
/// resident beside mdpdf's (1.5 MB of the Rust book's peak). `libmdpdf-cairo.so`
/// (Sources/CCairoExports) is named `libcairo.so.2` (its soname): loaded globally before
/// the plug-in, it is the `libcairo.so.2` the dynamic loader gives them, and each of its
/// functions jumps through a table pointed here at mdpdf's own. Without it (not
/// installed beside the binary), they get Debian's: the same drawings, more memory.
enum CairoExports {
    typealias SetFn = @convention(c) (UnsafePointer<UnsafeRawPointer?>?, Int) -> Int32

    /// Loads and fills the first of `paths` that works; whether one did.
    @discardableResult
    static func install(from paths: [String]) -> Bool {
        let loaded = DynamicLibrary.open(paths, global: true) { handle, _ -> Bool? in
            guard let set = DynamicLibrary.symbol(handle, "mdpdf_cairo_exports_set", as: SetFn.self) else { return nil }
            var count = 0
            guard let functions = mdpdf_cairo_functions(&count) else { return nil }
            return set(functions, count) == 0 ? true : nil
        }
        if case .success = loaded { return true }
        return false
    }

    /// `$MDPDF_CAIRO_LIBRARY`, else beside the executable (see `DynamicLibrary`).
    static var defaultLibraryPaths: [String] {
        DynamicLibrary.searchPaths(for: "libmdpdf-cairo.so", variable: "MDPDF_CAIRO_LIBRARY")
    }
}
