/// Maps the language word of a code block's info string to what highlights it. Names
/// KSyntaxHighlighting knows (any case: `Rust`, `kotlin`, `Dockerfile`) and file
/// extensions (`rs`, `py`, `kt`, `yml`, `c++`) resolve in the library itself; this
/// table adds the aliases people write in Markdown that are neither.
enum LanguageNames {
    enum Kind: Hashable {
        /// Printed as it is, without loading the library.
        case plain
        /// A shell session: prompts and commands highlighted, output left alone.
        case console
        /// A definition name to try, then a file name whose extension may select one.
        case definition(name: String, fileName: String?)
    }

    static func classify(_ word: String) -> Kind {
        let w = word.lowercased()
        if w.isEmpty || plain.contains(w) { return .plain }
        if console.contains(w) { return .console }
        if let name = aliases[w] { return .definition(name: name, fileName: nil) }
        return .definition(name: word, fileName: "file.\(w)")
    }

    /// Words that mean "no highlighting".
    static let plain: Set<String> = ["text", "txt", "plain", "plaintext", "none", "nohighlight", "no-highlight",
                                     "output", "raw", "verbatim"]

    /// Shell sessions (`$ cargo run` then its output).
    static let console: Set<String> = ["console", "shell-session", "shellsession", "sh-session", "bash-session",
                                       "terminal", "session", "shell-console", "pwsh-session", "doscon", "ps1con"]

    /// Common names that are neither a definition name nor a file extension.
    static let aliases: [String: String] = [
        "sh": "Bash", "shell": "Bash", "bash": "Bash", "ksh": "Bash", "zsh": "Zsh", "fish": "Fish",
        "js": "JavaScript", "node": "JavaScript", "jsx": "JavaScript React (JSX)",
        "ts": "TypeScript", "tsx": "TypeScript React (TSX)",
        "py": "Python", "python3": "Python", "py3": "Python",
        "yml": "YAML", "c++": "C++", "cpp": "C++", "cxx": "C++", "hpp": "C++", "cc": "C++", "h": "C",
        "objc": "Objective-C", "objective-c": "Objective-C", "obj-c": "Objective-C",
        "objc++": "Objective-C++", "objective-c++": "Objective-C++", "objectivec": "Objective-C",
        "docker": "Dockerfile", "containerfile": "Dockerfile",
        "diff": "Diff", "patch": "Diff", "udiff": "Diff",
        "json": "JSON", "jsonc": "JSON", "json5": "JSON", "geojson": "JSON",
        "toml": "TOML", "sql": "SQL", "psql": "SQL (PostgreSQL)", "postgresql": "SQL (PostgreSQL)", "mysql": "SQL (MySQL)",
        "rs": "Rust", "golang": "Go", "kt": "Kotlin", "kts": "Kotlin", "rb": "Ruby",
        "cs": "C#", "csharp": "C#", "c#": "C#", "fs": "FSharp", "fsharp": "FSharp", "f#": "FSharp",
        "ps": "PowerShell", "ps1": "PowerShell", "pwsh": "PowerShell", "powershell": "PowerShell",
        "bat": "MS-DOS Batch", "batch": "MS-DOS Batch", "cmd": "MS-DOS Batch",
        "md": "Markdown", "markdown": "Markdown", "tex": "LaTeX", "latex": "LaTeX",
        "make": "Makefile", "mk": "Makefile", "makefile": "Makefile", "cmake": "CMake",
        "hs": "Haskell", "ml": "Objective Caml", "ocaml": "Objective Caml", "ex": "Elixir", "exs": "Elixir",
        "erl": "Erlang", "clj": "Clojure", "pl": "Perl", "perl": "Perl", "r": "R Script", "vim": "Vim Script",
        "viml": "Vim Script", "html": "HTML", "xhtml": "HTML", "xml": "XML", "svg": "XML", "plist": "XML",
        "ini": "INI Files", "conf": "INI Files", "cfg": "INI Files", "proto": "Protobuf", "protobuf": "Protobuf",
        "graphql": "GraphQL", "gql": "GraphQL", "nix": "Nix", "asm": "GNU Assembler", "nasm": "Intel x86 (NASM)",
        "elisp": "Emacs Lisp", "emacs-lisp": "Emacs Lisp", "lisp": "Common Lisp", "scheme": "Scheme",
        "julia": "Julia", "jl": "Julia", "matlab": "Matlab", "groovy": "Groovy", "gradle": "Groovy",
        "vb": "VB.NET", "vbnet": "VB.NET", "nginx": "Nginx Configuration", "swift": "Swift", "zig": "Zig",
        "dart": "Dart", "scala": "Scala", "lua": "Lua", "php": "PHP/PHP", "java": "Java", "c": "C", "go": "Go",
        "css": "CSS", "scss": "SCSS", "sass": "SASS", "less": "LESS", "http": "HTTP", "ebnf": "EBNF", "awk": "AWK",
    ]
}
