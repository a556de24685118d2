// cairo's PDF operators formatted in one pass.
//
// cairo 1.16 writes every operator of its content streams through its own printf,
// `_cairo_output_stream_printf`: for each conversion it copies the conversion into a
// format string of its own, hands the text so far to the stream, asks `snprintf` (or,
// for a number, `_cairo_dtostr`: up to two `snprintf` calls, `localeconv`, `strlen`,
// `strncmp`, `memmove`) and measures the result with `strlen`. A line such as
// "%f %f m " makes five stream writes. That path was a tenth of the instructions of the
// thread that draws (docs/performance-history.md, the eleventh round).
//
// The link wraps the function (`--wrap=_cairo_output_stream_printf`, the target's
// linker settings): cairo's calls come here. A format made only of what cairo 1.16's
// own code takes (`%d %u %o %x %X` with a '0' flag and a width, given or '*', and 'l';
// `%s %c %f %g %%`) is formatted into one buffer and written to the stream once, with
// the very bytes cairo's would write; anything else, or a value `mdpdf_format_fixed`
// leaves to glibc (not finite, 2^63 or more, another rounding mode or decimal point),
// goes to cairo's own `_cairo_output_stream_vprintf`, which the wrap leaves alone. The
// tests compare both on hundreds of thousands of formats and values
// (Tests/CFastPrintfTests/CairoPrintfTests.swift).

#include "cairo_printf.h"

#include <math.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "fast_printf.h"

/// cairo's own stream functions (cairo-output-stream-private.h, hidden in libcairo.a,
/// linked statically with it).
void _cairo_output_stream_write(cairo_output_stream_t *stream, const void *data, size_t length);
void _cairo_output_stream_vprintf(cairo_output_stream_t *stream, const char *format, va_list ap);
cairo_output_stream_t *_cairo_memory_stream_create(void);
int _cairo_memory_stream_destroy(cairo_output_stream_t *stream, unsigned char **data, unsigned long *length);
int _cairo_memory_stream_length(cairo_output_stream_t *stream);
int _cairo_output_stream_destroy(cairo_output_stream_t *stream);

/// Digits after the point of a `%f` number of 0.1 or more, and the significant digits
/// of a smaller one (cairo's SIGNIFICANT_DIGITS_AFTER_DECIMAL).
enum { significant_digits = 6 };
/// Digits after the point of a `%g` number: those of cairo's 24.8 fixed point
/// (FIXED_POINT_DECIMAL_DIGITS, (int)(8 · log10 2 + 1)).
enum { fixed_point_digits = 3 };

/// A number as cairo's `_cairo_dtostr` writes it into `out` (at least 40 bytes): "%f"
/// (`limited`: "%.3f"), below 0.1 with six significant digits, trailing zeros and a
/// trailing point removed, negative zero without its sign; its length, or -1.
static int cairo_number(char *out, double d, int limited) {
    if (d == 0.0) d = 0.0;
    int length;
    if (limited) {
        length = mdpdf_format_fixed(out, d, fixed_point_digits);
    } else if (fabs(d) >= 0.1) {
        length = mdpdf_format_fixed(out, d, significant_digits);
    } else {
        // cairo prints "%.18f", counts the zeros after the point (all of them, up to
        // the end, for a value that rounds to zero) and prints again with six digits
        // past them when that is fewer than 18.
        length = mdpdf_format_fixed(out, d, 18);
        if (length < 0) return -1;
        const char *p = out, *end = out + length;
        if (*p == '-') p++;
        while (p < end && *p != '.') p++;
        p++;
        int zeros = 0;
        while (p < end && *p == '0') { zeros++; p++; }
        int digits = zeros + significant_digits;
        if (digits < 18) length = mdpdf_format_fixed(out, d, digits);
    }
    if (length < 0) return -1;
    const char *point = memchr(out, '.', (size_t)length);
    if (point) {
        while (out[length - 1] == '0') length--;
        if (out[length - 1] == '.') length--;
    }
    return length;
}

/// An integer conversion as glibc prints it: `magnitude` in `base`, after a '-' when
/// `negative`, padded to `width` with zeros (`zero`) or spaces before. Returns the end.
static char *integer(char *p, uint64_t magnitude, int negative, int base, int upper, int zero, int width) {
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char tmp[24];
    char *end = tmp + sizeof tmp, *d = end;
    do { *--d = digits[magnitude % (uint64_t)base]; magnitude /= (uint64_t)base; } while (magnitude);
    int count = (int)(end - d) + negative;
    int pad = width > count ? width - count : 0;
    if (!zero) { memset(p, ' ', (size_t)pad); p += pad; }
    if (negative) *p++ = '-';
    if (zero) { memset(p, '0', (size_t)pad); p += pad; }
    memcpy(p, d, (size_t)(end - d));
    return p + (end - d);
}

long mdpdf_cairo_format(char *out, size_t room, const char *format, va_list ap) {
    // Each conversion below writes at most 64 + 24 bytes (a width is at most 64, a
    // number at most 40); a string is checked against what is left.
    enum { conversion_room = 96 };
    char *p = out, *end = out + room;
    const char *f = format;
    while (*f) {
        if (*f != '%') {
            if (p == end) return -1;
            *p++ = *f++;
            continue;
        }
        f++;
        if ((size_t)(end - p) < conversion_room) return -1;
        int zero = 0, width = -1, longs = 0;
        if (*f == '0') { zero = 1; f++; }
        if (*f == '*') {
            width = va_arg(ap, int);
            f++;
            // A negative width is glibc's '-' flag; digits after '*' mean nothing cairo writes.
            if (width < 0 || width > 64 || (*f >= '0' && *f <= '9')) return -1;
        } else if (*f >= '1' && *f <= '9') {
            width = 0;
            while (*f >= '0' && *f <= '9') { width = width * 10 + (*f++ - '0'); if (width > 64) return -1; }
        } else if (*f == '0') {
            return -1;   // a second '0' flag
        }
        if (*f == 'l') {
            longs = 1;
            f++;
            if (*f == 'l') return -1;
        }
        char conversion = *f++;
        int plain = !zero && width < 0 && !longs;
        switch (conversion) {
        case 'd': {
            long v = longs ? va_arg(ap, long) : (long)va_arg(ap, int);
            uint64_t magnitude = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
            p = integer(p, magnitude, v < 0, 10, 0, zero, width);
            break;
        }
        case 'u': case 'o': case 'x': case 'X': {
            uint64_t v = longs ? (uint64_t)va_arg(ap, unsigned long) : (uint64_t)va_arg(ap, unsigned int);
            int base = conversion == 'u' ? 10 : conversion == 'o' ? 8 : 16;
            p = integer(p, v, 0, base, conversion == 'X', zero, width);
            break;
        }
        case 'f': case 'g': {
            if (!plain) return -1;
            int length = cairo_number(p, va_arg(ap, double), conversion == 'g');
            if (length < 0) return -1;
            p += length;
            break;
        }
        case 's': {
            if (!plain) return -1;
            const char *s = va_arg(ap, const char *);
            size_t length = strlen(s);
            if (length > (size_t)(end - p)) return -1;
            memcpy(p, s, length);
            p += length;
            break;
        }
        case 'c': {
            if (!plain) return -1;
            // cairo measures its one-character buffer with strlen: a NUL writes nothing.
            char c = (char)va_arg(ap, int);
            if (c) *p++ = c;
            break;
        }
        case '%':
            if (!plain) return -1;
            *p++ = '%';
            break;
        default:
            return -1;   // the end of the format, or a conversion cairo does not take
        }
    }
    return p - out;
}

/// Writes `format` to `stream` as `mdpdf_cairo_format` makes it, else through cairo's own.
static void stream_vprintf(cairo_output_stream_t *stream, const char *format, va_list ap) {
    char text[1024];
    va_list copy;
    va_copy(copy, ap);
    long length = mdpdf_cairo_format(text, sizeof text, format, copy);
    va_end(copy);
    if (length < 0) {
        _cairo_output_stream_vprintf(stream, format, ap);
    } else if (length > 0) {
        _cairo_output_stream_write(stream, text, (size_t)length);
    }
}

void __wrap__cairo_output_stream_printf(cairo_output_stream_t *stream, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    stream_vprintf(stream, format, ap);
    va_end(ap);
}

/// A memory stream's bytes copied into `out` (room for `room`); their count, or -1.
static long drain(cairo_output_stream_t *stream, char *out, size_t room) {
    // cairo cannot copy out an empty stream (its malloc of 0 bytes fails).
    if (_cairo_memory_stream_length(stream) == 0) return _cairo_output_stream_destroy(stream) == 0 ? 0 : -1;
    unsigned char *data = NULL;
    unsigned long length = 0;
    if (_cairo_memory_stream_destroy(stream, &data, &length) != 0) return -1;
    long result = length <= room ? (long)length : -1;
    if (result >= 0) memcpy(out, data, length);
    free(data);
    return result;
}

long mdpdf_cairo_vprintf_by_cairo(char *out, size_t room, const char *format, va_list ap) {
    cairo_output_stream_t *stream = _cairo_memory_stream_create();
    _cairo_output_stream_vprintf(stream, format, ap);
    return drain(stream, out, room);
}

long mdpdf_cairo_vprintf_by_mdpdf(char *out, size_t room, const char *format, va_list ap) {
    cairo_output_stream_t *stream = _cairo_memory_stream_create();
    stream_vprintf(stream, format, ap);
    return drain(stream, out, room);
}
