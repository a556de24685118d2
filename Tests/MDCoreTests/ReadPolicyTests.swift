import Foundation
import Testing
@testable import MDCore

/// The read policy on real files in a temporary folder: what is inside, what links and
/// `..` lead out of, what is not a regular file, what is too large.
@Suite struct ReadPolicyTests {
    func withFolder(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mdpdf-policy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/inside/sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/insider", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(ReadPolicy.canonical(dir))
    }

    @Test func filesUnderTheFoldersAreReadOthersAreNot() throws {
        try withFolder { dir in
            try Data("ok".utf8).write(to: URL(fileURLWithPath: dir + "/inside/sub/a.txt"))
            try Data("no".utf8).write(to: URL(fileURLWithPath: dir + "/insider/b.txt"))
            let policy = ReadPolicy(folders: [dir + "/inside"])
            #expect(try policy.read(dir + "/inside/sub/a.txt").get() == Array("ok".utf8))
            #expect(try policy.read(dir + "/inside/sub/../sub/a.txt").get() == Array("ok".utf8))
            // A sibling whose name starts like the folder is not inside it.
            #expect(policy.check(dir + "/insider/b.txt") == .failure(.outside(resolved: dir + "/insider/b.txt", folders: [dir + "/inside"])))
            #expect(policy.check(dir + "/inside/../insider/b.txt") == .failure(.outside(resolved: dir + "/insider/b.txt", folders: [dir + "/inside"])))
            #expect(policy.check(dir + "/inside/none.txt") == .failure(.missing))
            #expect(ReadPolicy.anyFolder.check(dir + "/insider/b.txt") == .success(dir + "/insider/b.txt"))
        }
    }

    @Test func linksAreFollowedBeforeTheFolderIsChecked() throws {
        try withFolder { dir in
            try Data("secret".utf8).write(to: URL(fileURLWithPath: dir + "/insider/s.txt"))
            try FileManager.default.createSymbolicLink(atPath: dir + "/inside/link.txt", withDestinationPath: dir + "/insider/s.txt")
            let policy = ReadPolicy(folders: [dir + "/inside"])
            #expect(policy.check(dir + "/inside/link.txt") == .failure(.outside(resolved: dir + "/insider/s.txt", folders: [dir + "/inside"])))
            var wider = policy
            wider.allow(dir + "/insider")
            #expect(try wider.read(dir + "/inside/link.txt").get() == Array("secret".utf8))
        }
    }

    @Test func onlyRegularFilesAreRead() throws {
        try withFolder { dir in
            #expect(mkfifo(dir + "/inside/pipe", 0o600) == 0)
            let policy = ReadPolicy(folders: [dir, "/dev"])
            #expect(policy.read(dir + "/inside/pipe") == .failure(.notAFile(kind: "a FIFO (named pipe)")))
            #expect(policy.read(dir + "/inside") == .failure(.notAFile(kind: "a folder")))
            #expect(policy.read("/dev/zero") == .failure(.notAFile(kind: "a device")))
        }
    }

    @Test func filesOverTheLimitAreNotRead() throws {
        try withFolder { dir in
            try Data(repeating: 65, count: 2000).write(to: URL(fileURLWithPath: dir + "/inside/big.txt"))
            #expect(ReadPolicy(folders: [dir], maxFileSize: 1999).read(dir + "/inside/big.txt") == .failure(.tooLarge(bytes: 2000, limit: 1999)))
            #expect(ReadPolicy(folders: [], maxFileSize: 1000).readChosenFile("/dev/zero").map(\.bytes.count) == .failure(.tooLarge(bytes: nil, limit: 1000)))
            #expect(try ReadPolicy(folders: [dir], maxFileSize: 2000).read(dir + "/inside/big.txt").get().count == 2000)
        }
    }

    @Test func boundedReadStopsOnInputsThatNeverEnd() {
        let fd = open("/dev/zero", O_RDONLY)
        defer { close(fd) }
        #expect(BoundedRead.all(fd: fd, limit: 100_000) == .failure(.tooLarge(atLeast: 131_072)))
    }

    @Test func byteCountsParseAndPrint() {
        #expect(ByteCount.parse("16M") == 16 << 20)
        #expect(ByteCount.parse("512k") == 512 << 10)
        #expect(ByteCount.parse("2GiB") == 2 << 30)
        #expect(ByteCount.parse("1000") == 1000)
        #expect(ByteCount.parse("0") == nil && ByteCount.parse("-1k") == nil && ByteCount.parse("lots") == nil)
        #expect(ByteCount.describe(16 << 20) == "16 MiB")
        #expect(ByteCount.describe(2000) == "2000 bytes")
        #expect(ByteCount.describe(3 << 19) == "1536 KiB")
        #expect(ByteCount.describe((3 << 19) + 1) == "1.5 MiB")
    }
}
