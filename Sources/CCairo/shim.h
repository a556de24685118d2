#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
// FreeType's CID queries and sfnt tables, for the faces cairo draws with (cairo-ft.h
// brings FreeType's core).
#include FT_CID_H
#include FT_TRUETYPE_TABLES_H
