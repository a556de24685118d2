import FoundationEssentials
import Glibc
import MDCore

/// Prints what a run has to say on standard error: diagnostics as compilers print them
/// (warnings left out with `-q`), and on a terminal a progress line for a batch or a
/// book (files or stages done, elapsed time), redrawn in place and cleared before any
/// other line. When standard error is not a terminal, nothing but diagnostics.
final class Reporter: @unchecked Sendable {
    let quiet: Bool
    let warningsAreErrors: Bool
    private let showsProgress: Bool
    private let lock = Lock()
    private var progressShown = false
    private let started = ContinuousClock.now

    init(quiet: Bool, warningsAreErrors: Bool, progress: Bool) {
        self.quiet = quiet
        self.warningsAreErrors = warningsAreErrors
        self.showsProgress = progress && !quiet && StandardStreams.errorIsTerminal
    }

    /// Prints `diagnostics` (warnings only without `-q`, or as errors with `--strict`);
    /// returns how many warnings there were.
    @discardableResult
    func report(_ diagnostics: [Diagnostic], defaultFile: String) -> Int {
        var warnings = 0
        for var d in diagnostics {
            if d.severity == .warning {
                warnings += 1
                if warningsAreErrors { d.severity = .error } else if quiet { continue }
            }
            line(d.formatted(defaultFile: defaultFile))
        }
        return warnings
    }

    /// One line of text on standard error (control characters escaped).
    func line(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        clearProgress()
        printError(text)
    }

    /// Replaces the progress line (on a terminal only): `text` and the time since the run began.
    func progress(_ text: String) {
        guard showsProgress else { return }
        lock.lock()
        defer { lock.unlock() }
        let elapsed = (ContinuousClock.now - started).components
        let seconds = fixedDecimal(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, digits: 1) + " s"
        var shown = escapingControls(text + "  " + seconds)
        let width = Self.terminalWidth() - 1
        if shown.count > width { shown = "…" + shown.suffix(max(0, width - 1)) }
        StandardStreams.writeError("\r\u{1B}[K" + shown)
        progressShown = true
    }

    /// Removes the progress line, if one is shown.
    func endProgress() {
        lock.lock()
        defer { lock.unlock() }
        clearProgress()
    }

    private func clearProgress() {
        guard progressShown else { return }
        StandardStreams.writeError("\r\u{1B}[K")
        progressShown = false
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 10 else { return 80 }
        return Int(size.ws_col)
    }
}
