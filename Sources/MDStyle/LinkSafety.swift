import MDCore
import MDTheme

/// Decides which link destinations become clickable, and how. A Markdown document is
/// untrusted, but the PDF made from it carries its links to whoever opens it, so a link
/// may only do what a reader expects from clicking text:
///
/// - `#anchor`: jump inside the document.
/// - A URI with a scheme in `allowedSchemes` (web, mail, phone…): open it.
/// - A relative or absolute path to a PDF: open that PDF (`/GoToR`), at the named
///   destination of its `#fragment`.
/// - A path to any other file: a relative `/URI` link, as Chrome and Typst write them
///   (the viewer resolves it against the PDF's location and opens it as it opens web
///   links). Only with the theme's `link.launchFiles: true` is it a `/Launch` action,
///   which asks the viewer to open the file with the system's program for it, and for
///   a script or program to run it.
/// - `javascript:`, `vbscript:`, `data:`, `file:` and every other scheme (custom
///   protocol handlers have been used to run code, e.g. `ms-msdt:`) are never
///   clickable; `file:` is allowed with `link.launchFiles`, as it opens local files the
///   same way.
///
/// A refused link keeps its text and link color but is not clickable, with a warning
/// at its line and column, as for a link to a missing anchor.
enum LinkSafety {
    static let allowedSchemes = URIScheme.clickable

    enum Verdict: Equatable {
        case allowed(LinkTarget)
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
        let target = LinkTarget(destination: destination)
        switch target {
        case .internalDestination: return .allowed(target)
        case .file(let path, _):
            if launchFiles || path.lowercased().hasSuffix(".pdf") { return .allowed(target) }
            return .allowed(.uri(destination.uriReferenceEncoded))
        case .uri:
            break
        }
        guard let scheme = destination.uriScheme else {
            if destination.hasPrefix("//") { return .refused(reason: "has no scheme (write https://…)", hint: nil) }
            return .refused(reason: "has no destination", hint: nil)
        }
        if allowedSchemes.contains(scheme) { return .allowed(target) }
        if scheme == "file" {
            return launchFiles ? .allowed(target) : .refused(
                reason: "opens a local file through 'file:', which is not clickable: a PDF viewer would run a script or a program",
                hint: "link to the file by a relative path, or set link.launchFiles to true in the theme")
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

    /// Where a link the author wrote goes in the PDF; nil when it is not clickable (see
    /// `LinkSafety`), with a warning at the link, once per destination and document. A
    /// link to another Markdown file of this run (a book's chapter, a batch's input) goes
    /// where that file went; `#anchor` is this chapter's anchor in a book.
    func linkTarget(_ destination: String, at: SourceLocation) -> LinkTarget? {
        if let linked = linkedDocument(destination) { return linked }
        switch LinkSafety.verdict(destination, launchFiles: theme.link.launchFiles) {
        case .allowed(.internalDestination(let name)): return .internalDestination(anchorName(name))
        case .allowed(let target): return target
        case .refused(let reason, let hint):
            diagnostics.warnOnce(key: "unsafe-link:" + destination, "link '\(Self.shortened(destination))' \(reason)", at: at, hint: hint)
            return nil
        }
    }

    /// The target of a link to a Markdown file of this run, relative to the document's
    /// folder: a chapter's start or the anchor its fragment names, or the other PDF.
    func linkedDocument(_ destination: String) -> LinkTarget? {
        guard !options.linkedDocuments.isEmpty, let path = destination.relativeFilePath else { return nil }
        let absolute = path.hasPrefix("/") ? path : options.baseDirectory + "/" + path
        switch options.linkedDocuments.place(of: absolute) {
        case .chapter(let prefix)?:
            guard let fragment = destination.linkFragment else { return .internalDestination(prefix) }
            return .internalDestination(prefix + ":" + fragment)
        case .pdf(let pdf)?:
            return .file(pdf, destination: destination.linkFragment)
        case nil:
            return nil
        }
    }

    /// A name of this document's anchors as the PDF holds it: in a book, prefixed with
    /// the chapter's, so that each chapter keeps its own slugs (`intro:usage`).
    func anchorName(_ local: String) -> String {
        guard let anchorPrefix, !local.isEmpty else { return local }
        return anchorPrefix + ":" + local
    }
}
