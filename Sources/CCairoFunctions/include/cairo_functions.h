#ifndef MDPDF_CAIRO_FUNCTIONS_H
#define MDPDF_CAIRO_FUNCTIONS_H
#include <stddef.h>

/* mdpdf's own cairo functions (linked in from libcairo.a), in the order of
   libmdpdf-cairo.so's jump table (scripts/cairo-exports.py writes both), for
   mdpdf_cairo_exports_set. Sets `count`. */
const void *const *mdpdf_cairo_functions(size_t *count);

#endif
