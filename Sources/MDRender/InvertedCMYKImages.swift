import CQPDF
import Foundation
import MDCore

/// CMYK JPEGs written by Photoshop (and most tools after it) store their values
/// inverted and say so only with an Adobe APP14 marker; a PDF reader decoding the JPEG
/// data as DeviceCMYK shows such an image as a dark negative unless the image's
/// `/Decode` array inverts it back, as pdfTeX and Acrobat write it. cairo embeds the
/// JPEG data as it is (good: no re-encoding) but writes no `/Decode`, so this pass adds
/// `[1 0 1 0 1 0 1 0]` to each DeviceCMYK JPEG image whose data has the marker.
enum InvertedCMYKImages {
    /// Whether cairo's PDF names the DeviceCMYK color space at all (only a CMYK JPEG
    /// brings it): most documents have none, and `mark` visits every page.
    static func mayHaveSome(_ pdf: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle = Array("/DeviceCMYK".utf8)
        guard var at = pdf.baseAddress, pdf.count >= needle.count else { return false }
        let last = at + (pdf.count - needle.count)
        // memchr to each '/', then compare: C's speed without a byte loop in Swift.
        while at <= last, let slash = memchr(at, 0x2F, last - at + 1) {
            let p = slash.assumingMemoryBound(to: UInt8.self)
            if memcmp(p, needle, needle.count) == 0 { return true }
            at = UnsafePointer(p) + 1
        }
        return false
    }

    /// Visits the images of every page (and of the forms they use), once each.
    static func mark(_ s: QPDFSession) throws(ConversionError) {
        let pages = qpdf_get_num_pages(s.q)
        try s.check("reading the page tree")
        var seen = Set<Int32>()
        var pending: [qpdf_oh] = (0..<max(0, Int(pages))).map { qpdf_get_page_n(s.q, $0) }
        while let holder = pending.popLast() {
            let xobjects = qpdf_oh_get_key(s.q, qpdf_oh_get_key(s.q, holder, "/Resources"), "/XObject")
            guard qpdf_oh_is_dictionary(s.q, xobjects) != 0 else { continue }
            for key in keys(of: xobjects, s) {
                let object = qpdf_oh_get_key(s.q, xobjects, key)
                guard qpdf_oh_is_stream(s.q, object) != 0, seen.insert(qpdf_oh_get_object_id(s.q, object)).inserted else { continue }
                let dict = qpdf_oh_get_dict(s.q, object)
                if qpdf_oh_is_name_and_equals(s.q, qpdf_oh_get_key(s.q, dict, "/Subtype"), "/Form") != 0 {
                    pending.append(object)
                } else if isCMYKJPEG(dict, s), hasAdobeMarker(object, s) {
                    qpdf_oh_replace_key(s.q, dict, "/Decode", qpdf_oh_parse(s.q, "[1 0 1 0 1 0 1 0]"))
                }
            }
        }
        try s.check("marking inverted CMYK images")
    }

    private static func keys(of dict: qpdf_oh, _ s: QPDFSession) -> [String] {
        var out: [String] = []
        qpdf_oh_begin_dict_key_iter(s.q, dict)
        while qpdf_oh_dict_more_keys(s.q) != 0 {
            if let key = qpdf_oh_dict_next_key(s.q) { out.append(String(cString: key)) }
        }
        return out
    }

    private static func isCMYKJPEG(_ dict: qpdf_oh, _ s: QPDFSession) -> Bool {
        qpdf_oh_is_name_and_equals(s.q, qpdf_oh_get_key(s.q, dict, "/Subtype"), "/Image") != 0
            && qpdf_oh_is_name_and_equals(s.q, qpdf_oh_get_key(s.q, dict, "/Filter"), "/DCTDecode") != 0
            && qpdf_oh_is_name_and_equals(s.q, qpdf_oh_get_key(s.q, dict, "/ColorSpace"), "/DeviceCMYK") != 0
            && qpdf_oh_has_key(s.q, dict, "/Decode") == 0
    }

    /// Whether the stream's raw (still DCT-encoded) data has an Adobe APP14 segment
    /// before its first scan.
    private static func hasAdobeMarker(_ stream: qpdf_oh, _ s: QPDFSession) -> Bool {
        s.withRawStreamData(stream) { hasAdobeMarker($0) } ?? false
    }

    /// Walks the JPEG's marker segments up to the start of scan.
    static func hasAdobeMarker(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return false }
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return false }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return false }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { return false }
            if marker == 0xEE, length >= 7, i + 9 <= b.count, Array(b[(i + 4)..<(i + 9)]) == Array("Adobe".utf8) { return true }
            i += 2 + length
        }
        return false
    }
}
