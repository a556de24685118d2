#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ft.h>
// FreeType's CID queries, for the faces cairo draws with (cairo-ft.h brings FreeType's core).
#include FT_CID_H
