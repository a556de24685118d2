import Foundation

/// HTML5's character references for the word-order oracle, decoded with Python's
/// `html.entities.html5` (the WHATWG table) rather than a table of our own, so that
/// what the oracle expects is what the standard says, not what mdpdf was written to do.
enum HTMLEntities {
    /// Named references without their `;` (`eacute` → `é`); empty when Python cannot be run.
    static let named: [String: String] = load()

    private static func load() -> [String: String] {
        let program = "import html.entities, json, sys; "
            + "json.dump({k[:-1]: v for k, v in html.entities.html5.items() if k.endswith(';')}, sys.stdout)"
        for exe in ["/usr/bin/python3", "/usr/local/bin/python3"] where FileManager.default.isExecutableFile(atPath: exe) {
            guard let r = try? run(exe, ["-c", program], timeout: 60), r.status == 0,
                  let table = try? JSONDecoder().decode([String: String].self, from: r.stdout) else { continue }
            return table
        }
        return [:]
    }

    /// The text of a reference written between `&` and `;` (`eacute`, `#233`, `#xE9`);
    /// nil when HTML does not know it (then it is printed as written).
    static func decode(_ body: String) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let v = value else { return nil }
            // As HTML and CommonMark do: zero, surrogates and values past Unicode give U+FFFD.
            return String(Character(Unicode.Scalar(v).flatMap { v == 0 ? nil : $0 } ?? "\u{FFFD}"))
        }
        return named[body]
    }
}
