import FoundationEssentials
import Glibc
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
                let ratio = s.ratio.map { fixedDecimal($0, digits: 3) } ?? ""
                let text = f.text.replacingScalar("\t", with: " ").replacingScalar("\n", with: " ")
                out += "\(n + 1)\t\(s.justified ? 1 : 0)\t\(ratio)\t\(fixedDecimal(s.widestSpace, digits: 3))\t"
                    + "\(s.hyphenated ? 1 : 0)\t\(s.overfull ? 1 : 0)\t\(text)\n"
            }
        }
        return out
    }

    public static func write(_ layout: LayoutResult, to path: String) throws(ConversionError) {
        let bytes = Array(text(layout).utf8)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .unwritableOutput(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .unwritableOutput(path: path, reason: String(cString: strerror(errno))) }
            done += n
        }
    }
}
