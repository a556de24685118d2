#ifndef MDPDF_CAIRO_PRINTF_H
#define MDPDF_CAIRO_PRINTF_H

#include <stdarg.h>
#include <stddef.h>

/// cairo's output stream (cairo-output-stream-private.h): opaque here.
typedef struct _cairo_output_stream cairo_output_stream_t;

/// What cairo 1.16's `_cairo_output_stream_vprintf` writes for `format`, formatted into
/// `out` (room for `room` bytes, not terminated) in one pass; its length, or -1 (`out`
/// partly written) for a format or a value left to cairo's own (see cairo_printf.c).
long mdpdf_cairo_format(char *out, size_t room, const char *format, va_list arguments);

/// cairo's calls to `_cairo_output_stream_printf`, which the link wraps.
void __wrap__cairo_output_stream_printf(cairo_output_stream_t *stream, const char *format, ...);

/// For the tests: the bytes `format` writes to a cairo memory stream through cairo's
/// own `_cairo_output_stream_vprintf`, and through the wrap's path, copied into `out`;
/// their count, or -1 when they do not fit in `room`.
long mdpdf_cairo_vprintf_by_cairo(char *out, size_t room, const char *format, va_list arguments);
long mdpdf_cairo_vprintf_by_mdpdf(char *out, size_t room, const char *format, va_list arguments);

#endif
