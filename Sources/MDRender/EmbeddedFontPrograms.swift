import CQPDF

/// A CFF font program in the PDF: the PostScript name its font descriptor gives it
/// (after the subset tag) and its `/FontFile3` stream.
struct EmbeddedFontProgram {
    var postScriptName: String
    var stream: qpdf_oh
}

extension QPDFSession {
    /// Every `/FontFile3` program of one of `subtypes` ("/Type1C", "/CIDFontType0C"), in
    /// object order.
    func fontPrograms(subtypes: [String]) -> [EmbeddedFontProgram] {
        var programs: [EmbeddedFontProgram] = []
        forEachObject { object in
            guard qpdf_oh_is_dictionary(q, object) != 0,
                  qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, object, "/Type"), "/FontDescriptor") != 0
            else { return }
            let program = qpdf_oh_get_key(q, object, "/FontFile3")
            guard qpdf_oh_is_stream(q, program) != 0,
                  case let kind = qpdf_oh_get_key(q, qpdf_oh_get_dict(q, program), "/Subtype"),
                  subtypes.contains(where: { qpdf_oh_is_name_and_equals(q, kind, $0) != 0 }),
                  let name = postScriptName(qpdf_oh_get_key(q, object, "/FontName"))
            else { return }
            programs.append(EmbeddedFontProgram(postScriptName: name, stream: program))
        }
        return programs
    }

    /// "/ABCDEF+NotoSansCJKsc-Regular" → "NotoSansCJKsc-Regular".
    private func postScriptName(_ name: qpdf_oh) -> String? {
        guard qpdf_oh_is_name(q, name) != 0, let raw = qpdf_oh_get_name(q, name) else { return nil }
        let full = String(cString: raw).dropFirst()
        if let plus = full.firstIndex(of: "+"), full.distance(from: full.startIndex, to: plus) == 6 {
            return String(full[full.index(after: plus)...])
        }
        return String(full)
    }

    /// Writes `data` as the whole (unfiltered) content of `stream`; qpdf compresses it on writing.
    func replaceStreamData(_ stream: qpdf_oh, with data: [UInt8]) {
        data.withUnsafeBufferPointer {
            qpdf_oh_replace_stream_data(q, stream, $0.baseAddress, $0.count, qpdf_oh_new_null(q), qpdf_oh_new_null(q))
        }
    }
}
