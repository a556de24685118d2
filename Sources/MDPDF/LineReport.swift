import Foundation
import MDCore
import MDLayout

/// `--line-report`: how every line of text was set, one tab-separated row per line, for
/// the typography report (`make typo-report`) and anyone checking a document's spacing.
public enum LineReport {
    public static let header = "page\tjustified\tratio\twidest_space_em\thyphenated\toverfull\ttext"

    public static func text(_ layout: LayoutResult) -> String {
        var out = header + "\n"
        for (n, fragments) in layout.fragments.enumerated() {
            for f in fragments where !f.text.isEmpty {
                let s = f.setting
                let ratio = s.ratio.map { String(format: "%.3f", $0) } ?? ""
                let text = f.text.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
                out += "\(n + 1)\t\(s.justified ? 1 : 0)\t\(ratio)\t\(String(format: "%.3f", s.widestSpace))\t"
                    + "\(s.hyphenated ? 1 : 0)\t\(s.overfull ? 1 : 0)\t\(text)\n"
            }
        }
        return out
    }

    public static func write(_ layout: LayoutResult, to path: String) throws(ConversionError) {
        do {
            try Data(text(layout).utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .unwritableOutput(path: path, reason: error.localizedDescription)
        }
    }
}
