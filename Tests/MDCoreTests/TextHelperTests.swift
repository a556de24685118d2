import MDCore
import TestSupport
import Testing

/// The small text helpers that took Foundation's place: each gives what the Foundation
/// call it replaced gave for the inputs the program passes.
@Suite struct TextHelperTests {
    @Test func trimming() {
        #expect(" \t a b \u{00A0}\t".trimmingSpaces() == "a b")
        #expect("\u{200B}x\u{200B}".trimmingSpaces() == "x")
        #expect("\u{200B}\nx\n".trimmingSpacesAndNewlines() == "x")
        #expect("\n a \r\n".trimmingSpaces() == "\n a \r\n")
        #expect("\n\u{2028} a \r\n\u{85}".trimmingSpacesAndNewlines() == "a")
        #expect("\n\na b\n".trimmingLineBreaks() == "a b")
        #expect("[ chapter ]".trimmingScalars(in: "[] ") == "chapter")
        #expect("   ".trimmingSpaces() == "")
        #expect("".trimmingSpacesAndNewlines() == "")
    }

    @Test func scalarReplacing() {
        #expect("a\r\nb\nc".replacingScalar("\n", with: "⏎") == "a\r⏎b⏎c")
        #expect("en_US".replacingScalar("_", with: "-") == "en-US")
    }

    @Test func fixedDecimals() {
        #expect(fixedDecimal(1.25, digits: 1) == "1.2")  // binary 1.25 is exact: half to even
        #expect(fixedDecimal(2.675, digits: 2) == "2.67")  // 2.675 is 2.67499… in binary
        #expect(fixedDecimal(-0.004, digits: 2) == "-0.00")
        #expect(fixedDecimal(12, digits: 3) == "12.000")
        #expect(fixedDecimal(1e70, digits: 1) == String(1e70))
    }

    @Test func paths() {
        #expect("a/b.md".pathLastComponent == "b.md")
        #expect("a/b/".pathLastComponent == "b")
        #expect("/".pathLastComponent == "/")
        #expect("".pathLastComponent == "")
        #expect("a/b.md".pathDeletingExtension == "a/b")
        #expect("a.d/b".pathDeletingExtension == "a.d/b")
        #expect("a/.profile".pathDeletingExtension == "a/.profile")
        #expect("a/b.tar.gz".pathDeletingExtension == "a/b.tar")
        #expect("a".pathAppending("b") == "a/b")
        #expect("a/".pathAppending("b") == "a/b")
        #expect("".pathAppending("b") == "b")
    }

    @Test func percentDecoding() {
        #expect("a%20b%C3%A9".percentDecoded() == "a bé")
        #expect("100%".percentDecoded() == nil)
        #expect("%zz".percentDecoded() == nil)
        #expect("%FF".percentDecoded() == nil)  // not UTF-8
        #expect("plain".percentDecoded() == "plain")
    }

    @Test func lockAndThreads() {
        let lock = Lock()
        final class Box: @unchecked Sendable { var count = 0 }
        let box = Box()
        onThreads(4, stackSize: 1 << 20) { _ in
            for _ in 0..<1000 { lock.withLock { box.count += 1 } }
        }
        #expect(lock.withLock { box.count } == 4000)
    }
}

@Suite struct SubstringTests {
    @Test func bytesAreSearched() {
        #expect("Noto Color Emoji".lowercased().hasSubstring("emoji"))
        #expect(!"DejaVu Sans".hasSubstring("emoji"))
        #expect("a  b".hasSubstring("  "))
        #expect(!"a b".hasSubstring("  "))
        #expect("{page}".hasSubstring("{page}") && !"{pag".hasSubstring("{page}"))
        #expect("x".hasSubstring(""))
        #expect("née".dropFirst().hasSubstring("ée"))  // a Substring, not only a String
        #expect(!"".hasSubstring("a"))
    }
}

/// `pathStandardized` gives what `URL(fileURLWithPath:).standardizedFileURL.path` gave
/// (the cases below were printed by FoundationEssentials with the folder /tmp/w/urltest).
@Suite struct PathStandardizedTests {
    @Test(arguments: [
        ("/a/./b/../c", "/a/c"), ("/../x", "/x"), ("a//b", "/tmp/w/urltest/a/b"), ("/a/b/", "/a/b"),
        ("rel/../x", "/tmp/w/urltest/x"), ("/", "/"), (".", "/tmp/w/urltest"), ("..", "/tmp/w"),
        ("/a/b/..", "/a"), ("/a//b//c", "/a/b/c"), ("../../q", "/tmp/q"), ("x/./y/", "/tmp/w/urltest/x/y"),
        ("/a/b/../../..", "/"), ("a/../..", "/tmp/w"), ("/a/b/.", "/a/b"), ("./", "/tmp/w/urltest"),
        ("/a/.../b", "/a/.../b"), ("/tmp/w/one.md", "/tmp/w/one.md"),
    ])
    func matchesFoundation(_ path: String, _ standardized: String) {
        #expect(path.pathStandardized(currentDirectory: "/tmp/w/urltest") == standardized)
    }

    @Test func relativePathsStartFromTheWorkingFolder() {
        #expect("x.md".pathStandardized() == currentDirectoryPath() + "/x.md")
    }
}
