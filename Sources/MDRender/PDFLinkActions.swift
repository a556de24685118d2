import MDCore
import MDPage
import MDPDFSyntax

extension PDFPostProcessor {
    /// Swaps a placeholder `/URI` action for the real one: a `/URI` action (the URI as a
    /// byte string) or, for a file, `/GoToR` to a `.pdf` (at its named destination, else
    /// its first page) and `/Launch` for any other file (only made when the theme allows
    /// it), both with the path as written (viewers resolve a relative path against the
    /// PDF's own folder). Every annotation with the same placeholder (the areas of one
    /// link, links to one place) refers to one indirect action, made on first use and
    /// kept in `shared`.
    func restoreAction(_ s: PDFObjectStore, in annot: inout PDFDictionary, shared: inout [Int: PDFReference]) throws(ConversionError) {
        guard let action = s.dictionary(annot["A"]), let uri = action["URI"]?.string else { return }
        let placeholder = String(decoding: uri, as: UTF8.self)
        guard placeholder.hasPrefix(TagAttributes.placeholderPrefix) else { return }
        guard let index = Int(placeholder.dropFirst(TagAttributes.placeholderPrefix.count)),
              externalLinks.indices.contains(index) else {
            throw .renderFailed(reason: "PDF link \(placeholder) has no target")
        }
        if let made = shared[index] {
            annot["A"] = .reference(made)
            return
        }
        let real: PDFDictionary
        switch externalLinks[index] {
        case .uri(let uri), .internalDestination(let uri):
            // (An internal destination never gets a placeholder; written as a URI if it did.)
            real = PDFDictionary([("Type", .name("Action")), ("S", .name("URI")), ("URI", .string(Array(uri.utf8)))])
        case .file(let path, let destination):
            real = fileAction(path: path, destination: destination)
        }
        let made = s.add(PDFObject(.dictionary(real)))
        shared[index] = made
        annot["A"] = .reference(made)
    }

    /// `<< /S /GoToR /F … /D [0 /Fit] >>` (or `/D (name)`) for a PDF, `<< /S /Launch /F … >>` otherwise.
    private func fileAction(path: String, destination: String?) -> PDFDictionary {
        let isPDF = path.lowercased().hasSuffix(".pdf")
        var action = PDFDictionary([("Type", .name("Action")), ("S", .name(isPDF ? "GoToR" : "Launch")),
                                    ("F", fileSpecification(path: path))])
        if isPDF, let destination {
            action["D"] = .string(Array(TagAttributes.destinationName(destination).utf8))
        } else if isPDF {
            action["D"] = .array([.integer(0), .name("Fit")])
        }
        return action
    }

    /// A file specification string `(path)` for an ASCII path (what every viewer reads);
    /// otherwise a dictionary with the UTF-8 bytes as `/F` and the text as `/UF`, the
    /// form PDF 1.7 gives for names outside ASCII.
    private func fileSpecification(path: String) -> PDFValue {
        if path.utf8.allSatisfy({ $0 < 0x80 }) { return .string(Array(path.utf8)) }
        return .dictionary(PDFDictionary([("Type", .name("Filespec")), ("F", .string(Array(path.utf8))), ("UF", .text(path))]))
    }
}
