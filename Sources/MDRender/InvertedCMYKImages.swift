import FoundationEssentials
import Glibc
import MDCore
import MDPDFSyntax

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

    /// Marks every inverted CMYK JPEG the pages use (in their resources, forms' and
    /// patterns').
    static func mark(_ s: PDFObjectStore, resources: UsedResources) {
        for (number, object) in resources.xObjects() {
            guard var dict = object.dictionary,
                  dict["Subtype"] == .name("Image"), dict["Filter"] == .name("DCTDecode"),
                  dict["ColorSpace"] == .name("DeviceCMYK"), dict["Decode"] == nil,
                  s.withStoredData(object, { hasAdobeMarker($0) }) == true
            else { continue }
            dict["Decode"] = .array([1, 0, 1, 0, 1, 0, 1, 0].map { .integer($0) })
            s.replace(number, dictionary: dict)
        }
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
