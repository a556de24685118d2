// By their folder: the module is found through FreeType's flags (pkg-config freetype2),
// not cairo's, whose libraries are the shared ones.
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-ft.h>
// FreeType's CID queries and sfnt tables, for the faces cairo draws with (cairo-ft.h
// brings FreeType's core).
#include FT_CID_H
#include FT_TRUETYPE_TABLES_H
