import Foundation
import Testing

/// The command line allocates with jemalloc, configured by its compiled-in `malloc_conf`
/// (Sources/CMallocConf): every library's malloc must be jemalloc's (one library frees
/// what another allocated), and the options must be in force. jemalloc's `stats_print`
/// option (given through the environment, which adds to the compiled-in options) prints
/// the options it runs with at exit.
@Suite("Allocator")
struct AllocatorTests {
    @Test func theCommandLineRunsOnJemallocWithItsOptions() throws {
        try withTempDir { dir in
            let md = dir.child("d.md")
            try md.write("# Memory\n\nHello, *world*.\n")
            let r = try mdpdf([md.path, "-o", dir.child("d.pdf").path],
                              environment: ["MALLOC_CONF": "stats_print:true", "LD_DEBUG": "bindings"])
            #expect(r.status == 0)
            let err = r.stderrText + r.stdoutText
            for option in ["opt.narenas: 1", "opt.dirty_decay_ms: 50", "opt.muzzy_decay_ms: 0", "opt.tcache_max: 4096"] {
                #expect(err.contains(option), "\(option) not in jemalloc's statistics")
            }
            // FreeType's (and libc's own) malloc and free are jemalloc's.
            for library in ["libfreetype.so", "libc.so"] {
                for name in ["malloc", "free"] {
                    let binding = symbolBinding(name, for: library, in: err)
                    #expect(binding?.contains("libjemalloc.so") == true, "\(library) \(name): \(binding.map(String.init) ?? "no binding")")
                }
            }
        }
    }
}
