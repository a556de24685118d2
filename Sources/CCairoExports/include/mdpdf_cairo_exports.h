#ifndef MDPDF_CAIRO_EXPORTS_H
#define MDPDF_CAIRO_EXPORTS_H
#include <stddef.h>
#include <stdint.h>

/* Fills the jump table with mdpdf's cairo functions, in the order of
   scripts/cairo-exports.py (mdpdf_cairo_functions gives them so). Returns 0, or -1 when
   the count differs or an entry is missing (the table is then left as it was). */
int32_t mdpdf_cairo_exports_set(const void *const *functions, size_t count);

#endif
