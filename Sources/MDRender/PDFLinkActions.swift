import CQPDF
import MDCore
import MDPage

extension PDFPostProcessor {
    /// Swaps a placeholder `/URI` action for the real one: a `/URI` action (the URI as a
    /// byte string, which qpdf escapes) or, for a file, `/GoToR` to a `.pdf` (at its
    /// named destination, else its first page) and `/Launch` for any other file (only
    /// made when the theme allows it), both with the path as written (viewers resolve a
    /// relative path against the PDF's own folder). Every annotation with the same
    /// placeholder (the areas of one link, links to one place) refers to one indirect
    /// action, made on first use and kept in `shared`.
    func restoreAction(_ s: QPDFSession, in annot: qpdf_oh, shared: inout [Int: qpdf_oh]) throws(ConversionError) {
        let action = qpdf_oh_get_key(s.q, annot, "/A")
        guard qpdf_oh_is_dictionary(s.q, action) != 0 else { return }
        let uri = qpdf_oh_get_key(s.q, action, "/URI")
        guard qpdf_oh_is_string(s.q, uri) != 0, let raw = qpdf_oh_get_string_value(s.q, uri) else { return }
        let placeholder = String(cString: raw)
        guard placeholder.hasPrefix(TagAttributes.placeholderPrefix) else { return }
        guard let index = Int(placeholder.dropFirst(TagAttributes.placeholderPrefix.count)),
              externalLinks.indices.contains(index) else {
            throw .renderFailed(reason: "PDF link \(placeholder) has no target")
        }
        if let made = shared[index] {
            qpdf_oh_replace_key(s.q, annot, "/A", made)
            return
        }
        let real: qpdf_oh
        switch externalLinks[index] {
        case .uri(let uri), .internalDestination(let uri):
            // (An internal destination never gets a placeholder; written as a URI if it did.)
            real = qpdf_oh_new_dictionary(s.q)
            qpdf_oh_replace_key(s.q, real, "/Type", qpdf_oh_new_name(s.q, "/Action"))
            qpdf_oh_replace_key(s.q, real, "/S", qpdf_oh_new_name(s.q, "/URI"))
            qpdf_oh_replace_key(s.q, real, "/URI", s.byteString(uri))
        case .file(let path, let destination):
            real = fileAction(s, path: path, destination: destination)
        }
        let indirect = qpdf_make_indirect_object(s.q, real)
        shared[index] = indirect
        qpdf_oh_replace_key(s.q, annot, "/A", indirect)
    }

    /// `<< /S /GoToR /F … /D [0 /Fit] >>` (or `/D (name)`) for a PDF, `<< /S /Launch /F … >>` otherwise.
    private func fileAction(_ s: QPDFSession, path: String, destination: String?) -> qpdf_oh {
        let action = qpdf_oh_new_dictionary(s.q)
        qpdf_oh_replace_key(s.q, action, "/Type", qpdf_oh_new_name(s.q, "/Action"))
        let isPDF = path.lowercased().hasSuffix(".pdf")
        qpdf_oh_replace_key(s.q, action, "/S", qpdf_oh_new_name(s.q, isPDF ? "/GoToR" : "/Launch"))
        qpdf_oh_replace_key(s.q, action, "/F", fileSpecification(s, path: path))
        if isPDF, let destination {
            qpdf_oh_replace_key(s.q, action, "/D", s.byteString(TagAttributes.destinationName(destination)))
        } else if isPDF {
            let dest = qpdf_oh_new_array(s.q)
            qpdf_oh_append_item(s.q, dest, qpdf_oh_new_integer(s.q, 0))
            qpdf_oh_append_item(s.q, dest, qpdf_oh_new_name(s.q, "/Fit"))
            qpdf_oh_replace_key(s.q, action, "/D", dest)
        }
        return action
    }

    /// A file specification string `(path)` for an ASCII path (what every viewer reads);
    /// otherwise a dictionary with the UTF-8 bytes as `/F` and the text as `/UF`, the
    /// form PDF 1.7 gives for names outside ASCII.
    private func fileSpecification(_ s: QPDFSession, path: String) -> qpdf_oh {
        if path.utf8.allSatisfy({ $0 < 0x80 }) { return s.byteString(path) }
        let spec = qpdf_oh_new_dictionary(s.q)
        qpdf_oh_replace_key(s.q, spec, "/Type", qpdf_oh_new_name(s.q, "/Filespec"))
        qpdf_oh_replace_key(s.q, spec, "/F", s.byteString(path))
        qpdf_oh_replace_key(s.q, spec, "/UF", qpdf_oh_new_unicode_string(s.q, path))
        return spec
    }
}

extension QPDFSession {
    /// A PDF string holding `text`'s UTF-8 bytes as they are (qpdf escapes them).
    func byteString(_ text: String) -> qpdf_oh {
        var copy = text
        return copy.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { qpdf_oh_new_binary_string(q, $0.baseAddress, $0.count) }
        }
    }

    /// Sets a link's `/Rect` to the bounds of its `/QuadPoints`, which cairo writes
    /// exactly, while it rounds `/Rect` outward to whole points. No quad points: unchanged.
    /// Reads the array as one unparsed string and writes the rect with one parse: every
    /// qpdf C API call costs thousands of instructions (error trap, new handle), and
    /// per-item calls made this the largest part of the link rewrite.
    func setRectFromQuadPoints(of annot: qpdf_oh) {
        let quads = qpdf_oh_get_key(q, annot, "/QuadPoints")
        defer { qpdf_oh_release(q, quads) }
        guard qpdf_oh_is_array(q, quads) != 0, let text = qpdf_oh_unparse(q, quads) else { return }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        guard let rect = QuadPoints.boundsText(unparsed: UnsafeBufferPointer(start: bytes, count: strlen(text)))
        else { return }
        let array = qpdf_oh_parse(q, rect)
        qpdf_oh_replace_key(q, annot, "/Rect", array)
        qpdf_oh_release(q, array)
    }
}
