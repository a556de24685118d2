#ifndef MDPDF_FAST_DEFLATE_H
#define MDPDF_FAST_DEFLATE_H

#include <zlib.h>

/// True when `stream` was begun by mdpdf's `deflateInit_` (see fast_deflate.c) rather
/// than by zlib's; for the tests.
int mdpdf_deflate_is_ours(z_streamp stream);

#endif
