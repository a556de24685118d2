import Foundation
import MDCore
@testable import MDTheme

/// A fresh folder with the given files (path → text).
func folder(_ files: [String: String]) throws -> String {
    let dir = NSTemporaryDirectory() + "mdpdf-theme-\(UUID().uuidString)"
    for (path, text) in files {
        let full = (dir as NSString).appendingPathComponent(path)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }
    return dir
}

/// The theme error `body` throws (file, location, reason), or nil.
func failure(_ body: () throws -> Void) -> (file: String, location: MDCore.SourceLocation?, reason: String)? {
    do { try body(); return nil } catch {
        guard case .invalidTheme(let f, let l, let r)? = error as? ConversionError else { return nil }
        return (f, l, r)
    }
}

/// The read-policy refusal `body` throws (file, location, reason), or nil.
func refusal(_ body: () throws -> Void) -> (file: String, location: MDCore.SourceLocation?, reason: String)? {
    do { try body(); return nil } catch {
        guard case .refused(let f, let l, let r)? = error as? ConversionError else { return nil }
        return (f, l, r)
    }
}
