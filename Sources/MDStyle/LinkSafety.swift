import MDCore
import MDTheme

/// Decides which link destinations become clickable. A Markdown document is untrusted,
/// but the PDF made from it carries its links to whoever opens it, so a link may only
/// do what a reader expects from clicking text:
///
/// - `#anchor`: jump inside the document.
/// - A URI with a scheme in `allowedSchemes` (web, mail, phone…): open it.
/// - A relative or absolute path to a PDF: open that PDF (`/GoToR`).
/// - A path to any other file is written as a `/Launch` action, which asks the viewer
///   to open the file with the system's program for it, and for a script or program
///   to run it. Off unless the theme sets `link.launchFiles: true`.
/// - `javascript:`, `data:`, `file:` and every other scheme (custom protocol handlers
///   have been used to run code, e.g. `ms-msdt:`) are never clickable; `file:` is
///   allowed with `link.launchFiles`, as it opens local files the same way.
///
/// A refused link keeps its text and link color but is not clickable, with a warning
/// at its line and column, as for a link to a missing anchor.
enum LinkSafety {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel", "sms", "ftp", "ftps", "sftp",
                                              "news", "nntp", "irc", "ircs", "xmpp", "geo"]

    enum Verdict: Equatable {
        case allowed
        /// `reason` completes "link 'dest' …".
        case refused(reason: String, hint: String?)
    }

    /// The longest destination made clickable, in UTF-8 bytes. Browsers and servers give
    /// up on URLs far shorter (8 KB is a common server limit); a longer one is a mistake
    /// or an attack on the reader's viewer, and its text is printed all the same.
    static let maxLength = 8 * 1024

    static func verdict(_ destination: String, launchFiles: Bool) -> Verdict {
        if destination.utf8.count > maxLength {
            return .refused(reason: "is \(destination.utf8.count / 1024) KB long; links longer than 8 KB are not clickable",
                            hint: "its text is printed; shorten the link to make it clickable")
        }
        switch LinkTarget(destination: destination) {
        case .internalDestination: return .allowed
        case .file(let path):
            if launchFiles || path.lowercased().hasSuffix(".pdf") { return .allowed }
            return .refused(reason: "to a local file other than a PDF is not clickable: a PDF viewer would open it with "
                                + "the system's program for it, and run it if it is a script or a program",
                            hint: "set link.launchFiles to true in the theme if the PDF's readers trust these files")
        case .uri:
            break
        }
        guard let scheme = destination.uriScheme else {
            if destination.hasPrefix("//") { return .refused(reason: "has no scheme (write https://…)", hint: nil) }
            return .refused(reason: "has no destination", hint: nil)
        }
        if allowedSchemes.contains(scheme) { return .allowed }
        if scheme == "file" {
            return launchFiles ? .allowed : .refused(
                reason: "opens a local file through 'file:', which is not clickable: a PDF viewer would run a script or a program",
                hint: "link to a PDF by a relative path, or set link.launchFiles to true in the theme")
        }
        return .refused(reason: "uses the scheme '\(scheme):', which mdpdf does not make clickable "
                            + "(it makes \(allowedSchemes.sorted().joined(separator: ", ")) clickable)", hint: nil)
    }
}

extension DocumentStyler {
    /// A destination as a message shows it: at most 100 characters, the rest elided.
    static func shortened(_ destination: String) -> String {
        destination.count <= 100 ? destination : String(destination.prefix(99)) + "…"
    }

    /// `destination` when it may be clickable (see `LinkSafety`); otherwise nil, with a
    /// warning at the link, once per destination and document.
    func clickable(_ destination: String, at: SourceLocation) -> String? {
        switch LinkSafety.verdict(destination, launchFiles: theme.link.launchFiles) {
        case .allowed: return destination
        case .refused(let reason, let hint):
            diagnostics.warnOnce(key: "unsafe-link:" + destination, "link '\(Self.shortened(destination))' \(reason)", at: at, hint: hint)
            return nil
        }
    }
}
