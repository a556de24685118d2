import MDCore

extension FrontMatter {
    /// `frontMatter` with the command line's `-M key=value` fields set over it, in order
    /// (later wins), as pandoc does: `true`/`false` (and `yes`/`no`) are booleans,
    /// anything else is text; `-M key` alone is `true`. Locations still point at the
    /// document's own front matter lines (or nowhere when it had none).
    public static func overriding(_ frontMatter: FrontMatter?, with fields: [(key: String, value: String?)]) -> FrontMatter? {
        guard !fields.isEmpty else { return frontMatter }
        var fm = frontMatter ?? FrontMatter(values: [:], lines: 0...0)
        for (key, value) in fields {
            fm.values[key] = FrontMatterValue(commandLine: value)
        }
        return fm
    }
}

extension FrontMatterValue {
    /// A `-M` value: a YAML boolean word is a boolean, anything else text, none `true`.
    public init(commandLine value: String?) {
        guard let value else { self = .bool(true); return }
        switch value.lowercased() {
        case "true", "yes", "on": self = .bool(true)
        case "false", "no", "off": self = .bool(false)
        default: self = .string(value)
        }
    }
}
