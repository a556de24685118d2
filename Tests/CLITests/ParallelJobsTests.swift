import Foundation
import Testing

/// `-j N` converts several inputs side by side; the PDFs, the warnings and their order
/// are those of a serial run.
@Suite struct ParallelJobsTests {
    @Test func parallelRunMatchesSerialRun() throws {
        try withTempDir { dir in
            var inputs: [String] = []
            for n in 1...5 {
                let body = (1...(40 * n)).map { "Paragraph \($0) of file \(n) with ![missing](nowhere\(n).png) an image." }
                let file = dir.child("doc\(n).md")
                try file.write("# File \(n)\n\n" + body.joined(separator: "\n\n") + "\n")
                inputs.append(file.path)
            }
            func convert(_ jobs: String, into out: String) throws -> String {
                let folder = dir.child(out)
                let r = try mdpdf(inputs + ["-o", folder.path + "/", "-j", jobs],
                                  environment: ["SOURCE_DATE_EPOCH": "1700000000"], timeout: 240)
                #expect(r.status == 0, "-j \(jobs): \(r.stderrText)")
                return r.stderrText
            }
            let serial = try convert("1", into: "serial")
            let parallel = try convert("3", into: "parallel")
            #expect(parallel == serial, "warnings differ:\n\(parallel)\n---\n\(serial)")
            // The warnings name the files in input order.
            let named = serial.split(separator: "\n").compactMap { line in (1...5).first { line.contains("doc\($0).md") } }
            #expect(!named.isEmpty && named == named.sorted(), "\(named)")
            for n in 1...5 {
                let a = try Data(contentsOf: dir.child("serial/doc\(n).pdf"))
                let b = try Data(contentsOf: dir.child("parallel/doc\(n).pdf"))
                #expect(a == b, "doc\(n).pdf differs between -j 1 and -j 3")
            }
        }
    }

    @Test func zeroJobsIsAUsageError() throws {
        let r = try mdpdf(["-j", "0", "x.md"])
        #expect(r.status == 64, "\(r.stderrText)")
    }
}
