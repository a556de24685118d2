import ArgumentParser
import FoundationEssentials
import Glibc

/// Writing to file descriptors with `write(2)`, so that a closed pipe or a full disk is
/// an error to report, never a crash: Foundation's `FileHandle.write` traps on any
/// write error on Linux, and the default SIGPIPE disposition kills the process when a
/// reader goes away (`mdpdf -o - x.md | head -c 10`). `ignoreBrokenPipes` is called
/// once at start-up; a write into a closed pipe then fails with EPIPE.
enum StandardStreams {
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes all of `bytes`; on failure, the reason (`strerror`, or what EPIPE means here).
    static func write(_ bytes: [UInt8], to fd: Int32) -> String? {
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { buf in
            while written < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + written, buf.count - written)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    failure = errno == EPIPE ? "the reading end was closed (broken pipe)" : String(cString: strerror(errno))
                    return
                }
                written += n
            }
        }
        return failure
    }

    /// A line for standard error; errors writing it are ignored (there is nowhere left
    /// to report them).
    static func writeError(_ text: String) {
        _ = write(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Text for standard output; a failure (a closed pipe, a full disk) is reported and
    /// ends the run with exit code 73.
    static func writeOutput(_ text: String) throws {
        if let failure = write(Array(text.utf8), to: STDOUT_FILENO) {
            writeError("<stdout>: error: cannot write output: \(failure)\n")
            throw ExitCode(ExitStatus.cannotWriteOutput.rawValue)
        }
    }

    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
