// xxHash (Debian's libxxhash-dev, header only): XXH3's 128-bit digest for the file
// identifier of the PDFs mdpdf writes. xxhash.c compiles its implementation in, so no
// library is loaded at run time.
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>
