// swift-tools-version:6.0
import PackageDescription

/// Stages are modules with one-way imports:
/// MDCore ← MDMarkdown ← MDStyle(+MDTheme, MDHighlight, MDImage) ← MDLayout(+MDText, MDPage) ← MDPDF(+MDRender) ← mdpdf.
/// Each C library sits behind one system-library target and is imported by exactly one stage.
/// Header folders of KSyntaxHighlighting and Qt 5 (Debian's multiarch layout; pkg-config's
/// Qt flags include -D options SwiftPM rejects, so the folders are listed here).
let qtIncludeFlags: [String] = ["x86_64-linux-gnu", "aarch64-linux-gnu"].flatMap { arch in
    ["", "/QtCore", "/QtGui"].map { "-I/usr/include/\(arch)/qt5\($0)" }
} + ["-I/usr/include/KF5/KSyntaxHighlighting"]

/// Header folders of librsvg, gdk-pixbuf, GLib and cairo (pkg-config's flags for
/// librsvg-2.0 include -pthread, which SwiftPM rejects with a warning at every build).
let imageIncludeFlags: [String] = ["librsvg-2.0", "gdk-pixbuf-2.0", "glib-2.0", "cairo"].map { "-I/usr/include/\($0)" }
    + ["x86_64-linux-gnu", "aarch64-linux-gnu"].map { "-I/usr/lib/\($0)/glib-2.0/include" }

/// The two plug-ins are C and C++: without the Swift start-up file (`swiftrt.o`, which
/// registers an image's Swift metadata) nothing in them needs the Swift runtime, and with
/// the runtime given as archives (`-static-stdlib`) none of it is linked, where the
/// Swift driver otherwise links every image with the shared `libswiftCore.so`. Loaded
/// beside mdpdf's own static runtime, that cost 2.1 MB of resident memory and its
/// start-up in every conversion that drew an SVG or highlighted code.
let pluginLinkerSettings: [LinkerSetting] = [.unsafeFlags(["-nostartfiles", "-static-stdlib"])]

let package = Package(
    name: "mdpdf",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "mdpdf", targets: ["mdpdf"]),
        .library(name: "MDPDF", targets: ["MDPDF"]),
        /// KSyntaxHighlighting behind a C API, loaded by `MDHighlight` with dlopen on first
        /// use (never linked into the binary, so documents without code never load Qt).
        .library(name: "mdpdf-syntax", type: .dynamic, targets: ["CSyntaxShim"]),
        /// The image decoders (librsvg, gdk-pixbuf, libjpeg-turbo, libwebp, libexif) behind a C
        /// API, loaded by `MDImage` with dlopen the first time a document shows an image
        /// other than a PNG (linked in, they would slow every run down by about 25 ms).
        .library(name: "mdpdf-images", type: .dynamic, targets: ["CImageShim"]),
        .library(name: "mdpdf-cairo", type: .dynamic, targets: ["CCairoExports"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries, one system-library target each. The static archives of cmark-gfm,
        // gumbo, libhyphen and libdeflate are linked (see their module maps): no
        // pkg-config for those, whose flags would link the shared libraries.
        .systemLibrary(name: "CCmarkGFM", providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        /// cairo and pixman linked in statically (see its module map); pkg-config gives
        /// FreeType's flags only, for cairo-ft.h, since cairo's own would link the shared
        /// library.
        .systemLibrary(name: "CCairo", pkgConfig: "freetype2", providers: [.apt(["libcairo2-dev"])]),
        /// libmd: MD5, the file identifier of the PDFs mdpdf writes.
        // xxHash from libxxhash-dev's header (scripts/setup.sh), compiled in.
        .target(name: "CXXHash"),
        /// RGBA rows taken apart into color and alpha planes with SSSE3 byte shuffles
        /// (the PNG stand-ins' soft masks), a scalar path for CPUs without them.
        .target(name: "CPixelPlanes"),
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        /// Google's gumbo: an HTML5 parser (the WHATWG tree-building algorithm, every named
        /// character reference), for the raw HTML in Markdown.
        /// libyaml, which reads YAML front matter and book summaries.
        .systemLibrary(name: "CYAML", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CGumbo", providers: [.apt(["libgumbo-dev"])]),
        /// glibc's `malloc_trim` (part of libc: nothing to install or link).
        .systemLibrary(name: "CMalloc"),
        /// jemalloc (Debian's libjemalloc-dev), the command line's allocator, with its
        /// options (`malloc_conf`); the library leaves the allocator to the program using
        /// it. 6-9 % faster conversions than glibc's malloc and a lower peak (README,
        /// Performance). Debug builds link it shared, listed before libc, so that its malloc
        /// family takes the place of glibc's for the whole process; the release build
        /// links it in, from Debian's libjemalloc_pic.a made one object by `make release`
        /// (the Swift toolchain's static link hides every name taken from an archive,
        /// `--exclude-libs ALL`, and malloc must be the one every library binds to: see
        /// the Makefile's JEMALLOC_OBJECT and mdpdf's linker settings below).
        .target(name: "CMallocConf", linkerSettings: [.linkedLibrary("jemalloc", .when(configuration: .debug))]),
        /// zlib, to check that a PNG's image data inflates before layout relies on it.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        /// libdeflate: deflates an image plane held whole about twice as fast as zlib at
        /// the same level, into smaller data (see README, Performance). Linked statically
        /// (see its module map), so no pkg-config flags that would link the shared library.
        .systemLibrary(name: "CLibDeflate", providers: [.apt(["libdeflate-dev"])]),
        /// HarfBuzz's subsetter (libharfbuzz-subset, part of libharfbuzz-dev): the renderer
        /// embeds CID-keyed CFF fonts with it, in place of cairo 1.16's subsets, which draw
        /// some glyphs blank (see `CIDFontSubsets`).
        .systemLibrary(name: "CHarfBuzzSubset", pkgConfig: "harfbuzz-subset", providers: [.apt(["libharfbuzz-dev"])]),
        /// The image decoders behind a plain C API; built only as the `mdpdf-images` shared
        /// library, see its header.
        .target(name: "CImageShim", cSettings: [.unsafeFlags(["-fPIC"] + imageIncludeFlags)],
                linkerSettings: ["rsvg-2", "gio-2.0", "gdk_pixbuf-2.0", "gobject-2.0", "glib-2.0", "cairo",
                                 "fontconfig", "jpeg", "exif", "webpdemux", "webp"].map { .linkedLibrary($0) } + pluginLinkerSettings),
        /// cairo's API as jumps into mdpdf's own (linked-in) cairo, built only as the
        /// `mdpdf-cairo` shared library, whose soname is libcairo.so.2: the image plug-in's
        /// librsvg draws with it (see Sources/MDImage/CairoExports.swift).
        .target(name: "CCairoExports", cSettings: [.unsafeFlags(["-fPIC"])],
                linkerSettings: pluginLinkerSettings + [.unsafeFlags(["-Xlinker", "-soname", "-Xlinker", "libcairo.so.2"])]),
        /// mdpdf's cairo functions in the order of that library's jump table.
        .target(name: "CCairoFunctions", dependencies: ["CCairo"]),
        /// ICU renames its symbols per version, so a small C target wraps the few calls we
        /// need. Linked statically (Debian's libicu-dev ships the archives): two libraries
        /// fewer to load and relocate at every start (0.8 ms and 0.5 MB of a one-line
        /// document); its 30 MB of data is mapped, and only the pages read are loaded.
        .target(name: "CICUShim", linkerSettings: [.linkedLibrary(":libicuuc.a"), .linkedLibrary(":libicudata.a"), .linkedLibrary("stdc++")]),
        /// KDE's KSyntaxHighlighting (C++/Qt) behind a plain C API; built only as the
        /// `mdpdf-syntax` shared library, see its header.
        .target(name: "CSyntaxShim", cxxSettings: [.unsafeFlags(["-std=c++17", "-fPIC"] + qtIncludeFlags)],
                linkerSettings: [.linkedLibrary("KF5SyntaxHighlighting"), .linkedLibrary("Qt5Gui"), .linkedLibrary("Qt5Core")]
                    + pluginLinkerSettings),

        // Stages.
        .target(name: "MDCore"),
        .target(name: "MDMarkdown", dependencies: ["MDCore", "CCmarkGFM", "CGumbo", "CYAML"]),
        .target(name: "MDTheme", dependencies: ["MDCore"]),
        /// Syntax highlighting: loads the `mdpdf-syntax` library with dlopen on first use.
        .target(name: "MDHighlight", dependencies: ["MDCore"]),
        /// TeX formulas → math lists (no fonts): read by styling, set by MDMathLayout.
        .target(name: "MDMath", dependencies: ["MDCore"]),
        /// Image files: format, size, orientation and a check that they decode (PNG with
        /// zlib here; the rest through `mdpdf-images`, loaded on first use); SVG drawing.
        .target(name: "MDImage", dependencies: ["MDCore", "CZlib", "CLibDeflate", "CCairoFunctions", "CPixelPlanes"]),
        .target(name: "MDStyle", dependencies: ["MDCore", "MDMarkdown", "MDTheme", "MDHighlight", "MDImage", "MDMath"]),
        .target(name: "MDText", dependencies: ["MDCore", "MDPage", "CHarfBuzz", "CFreeType", "CFontconfig", "CICUShim", "CHyphen"]),
        .target(name: "MDPage", dependencies: ["MDCore"]),
        /// Math lists → boxes of glyphs and rules, with the math font's OpenType MATH table.
        .target(name: "MDMathLayout", dependencies: ["MDCore", "MDMath", "MDText", "MDPage"]),
        .target(name: "MDLayout", dependencies: ["MDCore", "MDStyle", "MDText", "MDPage", "MDMath", "MDMathLayout"]),
        /// PDF objects: read from cairo's file as asked for, edited as values, written out
        /// again with object streams (the post-processing of `MDRender`).
        .target(name: "MDPDFSyntax", dependencies: ["MDCore", "CLibDeflate", "CXXHash"]),
        .target(name: "MDRender", dependencies: ["MDCore", "MDPDFSyntax", "MDPage", "MDImage", "CCairo", "CZlib", "CHarfBuzzSubset", "CMalloc"]),
        .target(name: "MDPDF", dependencies: ["MDCore", "MDMarkdown", "MDTheme", "MDHighlight", "MDImage", "MDStyle", "MDText", "MDLayout", "MDPage", "MDRender"]),
        /// Removes the temporary output files on SIGINT, SIGTERM and SIGHUP from a signal
        /// handler (a libdispatch signal source started a thread in every run).
        .target(name: "CSignalCleanup"),
        /// The executable's `snprintf`: an exact fast path for the numbers cairo writes
        /// (see fast_printf.c); the command line links it, the library does not.
        .target(name: "CFastPrintf"),
        /// cairo's operator printf (`_cairo_output_stream_printf`) formatted in one pass,
        /// byte for byte as cairo's own (see cairo_printf.c): every link that takes this
        /// target wraps cairo's function with it (the executable and the tests; the
        /// image plug-in's cairo library keeps cairo's own).
        .target(name: "CFastCairoPrintf", dependencies: ["CFastPrintf", "CCairo"],
                linkerSettings: [.unsafeFlags(["-Xlinker", "--wrap=_cairo_output_stream_printf"])]),
        /// The executable's `deflateInit_`, `deflate` and `deflateEnd`: cairo's PDF streams
        /// deflated by libdeflate, twice as fast as zlib (see fast_deflate.c); the command
        /// line links it, the library does not.
        .target(name: "CFastDeflate", dependencies: ["CLibDeflate", "CZlib"]),
        /// The release binary links jemalloc and libstdc++ (which the Swift runtime and ICU
        /// need) in: jemalloc from the object `make release` makes of Debian's archive,
        /// exporting its malloc family (see the Makefile's JEMALLOC_OBJECT), and libstdc++
        /// because `-lstdc++` finds scripts/static-libstdc++/libstdc++.so, a linker script
        /// that takes GCC's archive, before the shared library. The shared libjemalloc
        /// needed libstdc++.so, which bound 1,700 of a one-line document's 3,000 symbol
        /// lookups (its own names, at every start): 12.6 -> 11.0 ms. Debug builds and the
        /// tests keep both shared.
        .executableTarget(name: "mdpdf", dependencies: ["MDPDF", "CSignalCleanup", "CFastPrintf", "CFastCairoPrintf", "CFastDeflate", "CMallocConf",
                                                        .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          linkerSettings: [.unsafeFlags(["-L", Context.packageDirectory + "/scripts/static-libstdc++",
                                                         "-Xlinker", Context.packageDirectory + "/.build/jemalloc-linked-in.o",
                                                         "-Xlinker", "--dynamic-list=" + Context.packageDirectory
                                                             + "/scripts/jemalloc-exports.list"],
                                                        .when(configuration: .release))]),
        /// The whole-pipeline fuzz target: `make fuzz` builds it with libFuzzer; built
        /// normally it replays inputs (the CLI tests replay Tests/Fuzz/regressions).
        .executableTarget(name: "mdpdf-fuzz", dependencies: ["MDPDF", "MDCore"]),

        // Tests, one target per module.
        /// What several test targets share (a seeded random generator, threads to wait for).
        .target(name: "TestSupport", dependencies: ["MDCore"], path: "Tests/TestSupport"),
        .testTarget(name: "MDCoreTests", dependencies: ["MDCore", "TestSupport"]),
        .testTarget(name: "CFastPrintfTests", dependencies: ["CFastPrintf", "CFastCairoPrintf", "TestSupport"]),
        .testTarget(name: "CFastDeflateTests", dependencies: ["CFastDeflate", "TestSupport"]),
        .testTarget(name: "MDMarkdownTests", dependencies: ["MDMarkdown", "TestSupport"]),
        .testTarget(name: "MDThemeTests", dependencies: ["MDTheme", "TestSupport"]),
        .testTarget(name: "MDMathTests", dependencies: ["MDMath", "MDMathLayout", "MDText", "MDPage"]),
        .testTarget(name: "MDTextTests", dependencies: ["MDText", "TestSupport"]),
        .testTarget(name: "MDHighlightTests", dependencies: ["MDHighlight"]),
        .testTarget(name: "MDStyleTests", dependencies: ["MDStyle", "MDMarkdown", "MDTheme", "MDHighlight"]),
        .testTarget(name: "MDLayoutTests", dependencies: ["MDLayout", "MDStyle", "MDTheme", "MDMarkdown", "MDText", "MDPage"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "MDPDFSyntaxTests", dependencies: ["MDPDFSyntax", "TestSupport"]),
        .testTarget(name: "MDRenderTests", dependencies: ["MDRender", "MDPage", "MDPDFSyntax"]),
        .testTarget(name: "MDImageTests", dependencies: ["MDImage", "MDCore", "CZlib", "CPixelPlanes", "TestSupport"]),
        .testTarget(name: "MDPDFTests", dependencies: ["MDPDF"]),
        .testTarget(name: "CLITests", dependencies: [], exclude: ["Scripts", "Fixtures"]),
    ]
)
