// The command line's jemalloc configuration, read by jemalloc as it starts (before
// main): by the jemalloc linked into the release binary, and by the shared libjemalloc
// of debug builds (the debug binary exports every name); the environment's MALLOC_CONF
// still overrides any option.
//
// - narenas:1: one arena for the process. A conversion's threads hand memory to each
//   other (layout allocates a page's items, drawing frees them); jemalloc's per-thread
//   caches take most calls off the arena lock, and one arena keeps one set of
//   partly used pages instead of one per thread (the Rust book's peak 2-3 MB lower than
//   with two arenas).
// - dirty_decay_ms:50, muzzy_decay_ms:0: pages freed are given back to the system
//   (MADV_DONTNEED) 50 ms after they fall idle, not after jemalloc's default 10 s. A
//   page's memory is reused by the next page long before then, so drawing does not
//   purge by itself every 32 pages as it trims glibc's heaps (`Allocator`).
// - tcache_max:4096: per-thread caches hold blocks up to 4 KB only (default 32 KB), so
//   less freed memory sits in caches.
// Measured in interleaved runs against glibc's malloc (docs/performance-history.md).

#include "malloc_conf.h"

const char *malloc_conf = "narenas:1,dirty_decay_ms:50,muzzy_decay_ms:0,tcache_max:4096";
