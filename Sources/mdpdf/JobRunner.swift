import FoundationEssentials
import Glibc
import MDCore
import MDPDF

/// Runs conversion jobs, up to `-j N` at once, and finishes each in input order: prints
/// its diagnostics, writes its PDF (not after an error, nor after a warning with
/// `--strict`), its line report and the `--deps` file; with `--watch`, then waits for
/// the files they used to change and runs the jobs they concern again.
final class JobRunner {
    let flags: ConversionFlags
    let reporter: Reporter
    let cleanup: InterruptCleanup
    /// `-o DIR/`: create the output folders (and those of a mirrored tree) when missing.
    let createsFolders: Bool
    /// What the last run of each job depended on (for `--deps` and `--watch`).
    private var rules: [Int: DependencyFile.Rule] = [:]

    init(flags: ConversionFlags, cleanup: InterruptCleanup, createsFolders: Bool, showsProgress: Bool) {
        self.flags = flags
        self.cleanup = cleanup
        self.createsFolders = createsFolders
        reporter = Reporter(quiet: flags.quiet, warningsAreErrors: flags.warningsAreErrors, progress: showsProgress)
    }

    /// Runs every job; the exit status of the first that failed (success when none did).
    /// With several jobs and `-j` above 1 they convert side by side on worker threads,
    /// and each PDF is written as soon as its job ends (`writeEarly`); the warnings are
    /// still printed in input order, so the output is that of a serial run.
    func runAll(_ jobs: [ConversionJob]) -> ExitStatus {
        var status = ExitStatus.success
        // One job needs no count of the processors (ProcessInfo reads the cgroup's limits).
        let width = jobs.count <= 1 ? jobs.count : min(flags.parallelJobs, jobs.count)
        if width > 1 {
            let parallel = ParallelJobs(jobs, width: width, lineReport: flags.lineReport != nil)
            var ended: [Int: ConversionJob.Outcome] = [:]
            var next = 0
            reporter.progress("[1/\(jobs.count)] \(jobs[0].displayName)")
            while next < jobs.count {
                var (i, outcome) = parallel.nextFinished()
                writeEarly(jobs[i], &outcome)
                ended[i] = outcome
                while let outcome = ended.removeValue(forKey: next) {
                    let s = record(jobs[next], index: next, outcome)
                    if status == .success { status = s }
                    next += 1
                    if next < jobs.count { reporter.progress("[\(next + 1)/\(jobs.count)] \(jobs[next].displayName)") }
                }
            }
        } else {
            for (i, job) in jobs.enumerated() {
                if jobs.count > 1 { reporter.progress("[\(i + 1)/\(jobs.count)] \(job.displayName)") }
                let s = run(job, index: i, total: jobs.count)
                if status == .success { status = s }
            }
        }
        reporter.endProgress()
        if let deps = flags.deps { status = writeDeps(deps, status: status) }
        return status
    }

    /// Runs one job and finishes it; its exit status.
    @discardableResult
    func run(_ job: ConversionJob, index: Int, total: Int) -> ExitStatus {
        var job = job
        let prefix = total > 1 ? "[\(index + 1)/\(total)] \(job.displayName): " : "\(job.displayName): "
        job.options.progress = { [reporter] stage in reporter.progress(prefix + stage) }
        return record(job, index: index, job.run(lineReport: flags.lineReport != nil))
    }

    /// Finishes a job that has run, and keeps what it depended on.
    private func record(_ job: ConversionJob, index: Int, _ outcome: ConversionJob.Outcome) -> ExitStatus {
        let status = finish(job, outcome)
        if status == .success || outcome.pdf != nil {
            rules[index] = DependencyFile.Rule(output: job.output, inputs: inputs(of: job, outcome),
                                               others: outcome.dependencies.filter { !inputs(of: job, outcome).contains($0) }
                                                   + outcome.fontFiles)
        }
        lastDependencies[index] = Set(outcome.dependencies)
        return status
    }

    /// The files of each job's last run that a rebuild depends on (not system fonts).
    private(set) var lastDependencies: [Int: Set<String>] = [:]

    private func inputs(of job: ConversionJob, _ outcome: ConversionJob.Outcome) -> [String] {
        switch job.input {
        case .markdown(let f): return f == "-" ? [] : [LinkedDocuments.key(f)]
        case .book: return outcome.dependencies.filter { $0.lowercased().hasSuffix(".md") || $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") || $0.hasSuffix(".toml") }
        }
    }

    /// Writes a batch job's PDF as soon as the job ends, while others still run (their
    /// warnings wait for their turn in input order): a batch ran largest first, so the
    /// first files in input order, small, ended last, and every PDF was written then, one
    /// after another with both cores idle. What `finish` would do with the PDF, done
    /// early: the same folders made, the same file written, the same error kept for
    /// `finish` to print in its place. Not for a job that failed or that `--strict`
    /// keeps from being written.
    private func writeEarly(_ job: ConversionJob, _ outcome: inout ConversionJob.Outcome) {
        guard outcome.error == nil, let pdf = outcome.pdf else { return }
        if reporter.warningsAreErrors && outcome.diagnostics.contains(where: { $0.severity == .warning }) { return }
        outcome.written = Result { () throws(ConversionError) in try write(pdf, of: job) }
    }

    /// Makes the output's folders when asked to and writes `pdf` to the job's output.
    private func write(_ pdf: PDFData, of job: ConversionJob) throws(ConversionError) {
        if createsFolders, job.output != "-" {
            try? FileManager.default.createDirectory(atPath: folder(of: job.output), withIntermediateDirectories: true)
        }
        try OutputWriter.write(pdf, to: job.output, cleanup: cleanup)
    }

    /// Prints the job's diagnostics and writes what it made; its exit status.
    private func finish(_ job: ConversionJob, _ outcome: ConversionJob.Outcome) -> ExitStatus {
        let warnings = reporter.report(outcome.diagnostics, defaultFile: job.displayName)
        if let error = outcome.error {
            reporter.line(error.description)
            return ExitStatus.of(error)
        }
        guard let pdf = outcome.pdf else { return .conversionFailed }
        if reporter.warningsAreErrors && warnings > 0 {
            reporter.line("\(job.displayName): error: \(warnings) warning\(warnings == 1 ? "" : "s") with --strict; \(job.output) is not written")
            return .warningsAsErrors
        }
        do throws(ConversionError) {
            if let written = outcome.written { try written.get() } else { try write(pdf, of: job) }
            if let path = flags.lineReport, let text = outcome.lineReport {
                try OutputWriter.write(Array(text.utf8), to: path, cleanup: cleanup)
            }
        } catch {
            reporter.line(error.description)
            return ExitStatus.of(error)
        }
        if flags.timings {
            let parts = outcome.timings.map { t in
                let ms = Double(t.duration.components.seconds) * 1000 + Double(t.duration.components.attoseconds) / 1e15
                return "\(t.stage) \(fixedDecimal(ms, digits: 1)) ms (peak \(t.peakMemoryKiB / 1024) MB)"
            }
            reporter.line("\(job.displayName): timings: " + parts.joined(separator: ", ") + ", \(outcome.pageCount) pages")
        }
        lastPageCount = outcome.pageCount
        return .success
    }

    private(set) var lastPageCount = 0

    /// Writes the `--deps` file for the jobs that produced a PDF.
    private func writeDeps(_ path: String, status: ExitStatus) -> ExitStatus {
        let text = DependencyFile.text(rules.keys.sorted().compactMap { rules[$0] })
        do throws(ConversionError) {
            try OutputWriter.write(Array(text.utf8), to: path, cleanup: cleanup)
        } catch {
            reporter.line(error.description)
            return status == .success ? .cannotWriteOutput : status
        }
        return status
    }

    // MARK: Watch

    /// Waits for the files the jobs used to change and runs the jobs they concern again,
    /// one line per rebuild with the time; a failed rebuild keeps the last good PDF.
    /// Runs until the process is interrupted.
    func watch(_ jobs: [ConversionJob]) -> Never {
        let watcher: Watcher
        do { watcher = try Watcher() } catch {
            reporter.line("mdpdf: error: \(error.description)")
            exit(ExitStatus.conversionFailed.rawValue)
        }
        func watched() -> Set<String> {
            var all = Set<String>()
            for (i, job) in jobs.enumerated() {
                all.formUnion(lastDependencies[i] ?? [])
                if case .markdown(let f) = job.input, f != "-" { all.insert(LinkedDocuments.key(f)) }
                if case .book(let inputs) = job.input { all.formUnion(inputs.map(LinkedDocuments.key)) }
            }
            return all
        }
        var files = watched()
        for missing in watcher.watch(files) { reporter.line("\(missing): warning: its folder does not exist; it is not watched") }
        reporter.line("watching \(files.count) file\(files.count == 1 ? "" : "s") (Ctrl-C stops)")
        while true {
            let changed = watcher.waitForChanges()
            for (i, job) in jobs.enumerated() {
                var deps = lastDependencies[i] ?? []
                if case .markdown(let f) = job.input { deps.insert(LinkedDocuments.key(f)) }
                if case .book(let inputs) = job.input { deps.formUnion(inputs.map(LinkedDocuments.key)) }
                guard !deps.isDisjoint(with: changed) else { continue }
                job.options.systemFonts.forgetIfChanged()
                let start = ContinuousClock.now
                let status = run(job, index: i, total: jobs.count)
                reporter.line(rebuildLine(job, status: status, seconds: start.duration(to: .now)))
            }
            reporter.endProgress()
            if let deps = flags.deps { _ = writeDeps(deps, status: .success) }
            let now = watched()
            if now != files {
                files = now
                _ = watcher.watch(files)
            }
        }
    }

    private func rebuildLine(_ job: ConversionJob, status: ExitStatus, seconds: Duration) -> String {
        let time = Self.localClockTime()
        let c = seconds.components
        let s = fixedDecimal(Double(c.seconds) + Double(c.attoseconds) / 1e18, digits: 2) + " s"
        if status == .success {
            return "[\(time)] rebuilt \(job.output) (\(lastPageCount) page\(lastPageCount == 1 ? "" : "s"), \(s))"
        }
        return "[\(time)] \(job.output) not rebuilt (exit \(status.rawValue), error above); the last good PDF is kept"
    }

    /// The local wall-clock time, "HH:mm:ss", for watch-mode lines.
    private static func localClockTime() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return [parts.tm_hour, parts.tm_min, parts.tm_sec].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }
}
