import ArgumentParser
import FoundationEssentials
import Glibc
import MDCore
import MDTheme

/// `mdpdf themes`: the built-in themes, one per line with what each is for.
struct ListThemes: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "themes", abstract: "List the built-in themes.")

    func run() throws {
        let names = ThemeLoader.builtinNames
        let width = names.map(\.count).max() ?? 0
        let text = names.map { $0 + String(repeating: " ", count: width + 2 - $0.count) + Self.about($0) + "\n" }.joined()
        try StandardStreams.writeOutput(text)
    }

    /// A built-in theme's description. In a function of its own, so the large `Theme`
    /// value lives in this small frame only (debug builds crashed returning from `run`
    /// when it was decoded there).
    static func about(_ name: String) -> String {
        (try? ThemeLoader.load(.builtin(name)).description) ?? ""
    }
}

/// `mdpdf theme show NAME|PATH`: the theme fully resolved, as JSON to copy and edit.
struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "theme", abstract: "Tools for theme authors.",
                                                    subcommands: [Show.self])

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print a theme with every default filled in and extends followed, as JSON.",
            discussion: """
            The output is a complete theme: save it, edit it, and pass it back with --theme.
            `mdpdf theme show default > t.json; mdpdf --theme t.json x.md` gives the same PDF
            as `mdpdf x.md`. Palette references ("$accent") are kept as written.
            """)

        @Argument(help: ArgumentHelp("A built-in theme name or a theme file.", valueName: "NAME|PATH"))
        var theme: String = "default"

        @Option(name: .customLong("set"), help: ArgumentHelp("Set one theme value first (as for conversion); repeatable.",
                                                             valueName: "PATH=VALUE"))
        var settings: [String] = []

        /// Decodes the theme to report what is wrong with it, in a frame of its own (see
        /// `ListThemes.about`).
        static func check(_ json: JSONNode) throws(ConversionError) {
            _ = try ThemeLoader.decode(json)
        }

        func run() throws {
                do {
                var layers: [ThemeLayer] = []
                for s in settings {
                    layers.append(ThemeLayer(values: try ThemeLoader.setting(assignment: s),
                                             baseDirectory: currentDirectoryPath()))
                }
                let json = try ThemeLoader.resolvedJSON(ThemeSource(argument: theme), overrides: layers)
                try Self.check(json)  // report what is wrong rather than print a theme that fails
                try StandardStreams.writeOutput(JSONPrinter.pretty(json))
            } catch let e as ConversionError {
                printError(e.description)
                throw ExitCode(ExitStatus.of(e).rawValue)
            }
        }
    }
}
