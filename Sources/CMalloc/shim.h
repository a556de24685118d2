/* glibc's allocator controls (malloc_trim), which Swift's Glibc module leaves out, and a
   test of which library a symbol is defined in (dladdr, a GNU extension the module leaves
   out too). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <malloc.h>

/* Whether the two addresses lie in the same loaded object (executable or library). */
static inline int mdpdf_same_object(const void *a, const void *b) {
    Dl_info first, second;
    if (!dladdr(a, &first) || !dladdr(b, &second)) return 0;
    return first.dli_fbase == second.dli_fbase;
}
