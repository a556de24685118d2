// xxHash's implementation, from its header (see include/file_digest.h).
#define XXH_STATIC_LINKING_ONLY
#define XXH_IMPLEMENTATION
#include <xxhash.h>
