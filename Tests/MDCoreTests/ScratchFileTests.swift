import Foundation
import Testing
@testable import MDCore

/// Scratch files hold the bytes a conversion would otherwise keep in memory (issue #13):
/// they have no name in their folder, read back what was written, and copy out without
/// passing through memory.
@Suite struct ScratchFileTests {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scratch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func leavesNoNameBehindAndReadsBack() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var file: ScratchFile? = try #require(ScratchFile(in: dir))
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        #expect(bytes.withUnsafeBytes { file!.write($0, at: 0) } == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "no name in the folder")
        #expect(file!.size == bytes.count && file!.bytes() == bytes)
        #expect(file!.read(10, at: 99_995) == Array(bytes[99_995...]))
        #expect(file!.withMappedBytes { Array($0[1000..<1010]) } == Array(bytes[1000..<1010]))
        // Opened by path (as qpdf is given it), the same file.
        #expect(FileManager.default.contents(atPath: file!.path).map(Array.init) == bytes)
        #expect(file!.truncate(at: 10) == nil && file!.bytes() == Array(bytes[..<10]))
        file = nil
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func copiesToAPipeAndToAFile() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try #require(ScratchFile(in: dir))
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(bytes.withUnsafeBytes { file.write($0, at: 0) } == nil)
        // A regular file.
        let out = dir + "/out.bin"
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(file.copy(to: fd) == nil)
        close(fd)
        #expect(FileManager.default.contents(atPath: out).map(Array.init) == bytes)
        // A pipe, read on another thread as it is written.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let reader = PipeReader(ends[0])
        #expect(file.copy(to: ends[1]) == nil)
        close(ends[1])
        #expect(reader.wait() == bytes)
    }

    @Test func noFolderNoFile() {
        #expect(ScratchFile(in: "/nonexistent/folder") == nil)
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ fd: Int32) {
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                bytes += buffer[..<n]
            }
            close(fd)
            done.signal()
        }.start()
    }

    func wait() -> [UInt8] {
        done.wait()
        return bytes
    }
}
