// A fast path for the `snprintf` calls cairo writes every number of a PDF with.
//
// cairo 1.16 prints each operand of its content streams through its own printf, which
// hands every single conversion to the C library: `snprintf(buf, n, "%f", x)` for a
// coordinate (twice, "%.18f" then "%.*f", below 0.1), `"%0*x"` for each glyph of a text
// run, `"%d"` for object numbers. glibc's `printf_fp` takes about 2,650 instructions
// for one "%f" (arbitrary-precision arithmetic, locale lookups), and these calls were a
// fifth of the instructions of the thread that draws (the drawing round, docs/performance-history.md). The
// executable defines `snprintf` and `__snprintf_chk` (the release build exports just
// these two names, see the Makefile), so the dynamic linker binds cairo's calls here.
//
// The output is glibc's byte for byte, or glibc makes it: only a format that is exactly
// one conversion of the few kinds cairo uses, with a value this file can format
// exactly, is formatted here; everything else, from any library, goes to glibc's
// `vsnprintf`. "%f" of a finite double below 2^63 is exact: the value is m·2^e, and
// m·10^p·2^e is rounded to an integer (half to even, glibc's rule in the default
// rounding mode) with 128-bit integers, whatever p up to 18. The tests compare both
// on hundreds of thousands of values, ties and edge cases included.

#include "fast_printf.h"

#include <fenv.h>
#include <langinfo.h>
#include <stdint.h>
#include <string.h>

int vsnprintf(char *s, size_t n, const char *format, va_list ap);
int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap);

typedef unsigned __int128 u128;

/// Writes the decimal digits of `v` ending at `end` (exclusive); returns their start.
static char *digits_backwards(char *end, uint64_t v) {
    do { *--end = (char)('0' + v % 10); v /= 10; } while (v);
    return end;
}

/// `text` (`length` bytes) as snprintf returns it: copied into `buffer` as far as `size`
/// allows, always terminated when `size` > 0; the full length.
static int emit(char *buffer, size_t size, const char *text, int length) {
    if (size > 0) {
        size_t n = (size_t)length < size - 1 ? (size_t)length : size - 1;
        memcpy(buffer, text, n);
        buffer[n] = '\0';
    }
    return length;
}

/// "%.<precision>f" of `d`, or -1 when glibc must do it (not finite, 2^63 or more, a
/// rounding mode other than to nearest, a locale whose decimal point is not '.').
/// `out` has room for 40 bytes at least (19 digits, the point, 18 decimals, the sign).
int mdpdf_format_fixed(char *out, double d, int precision) {
    static const uint64_t powers[19] = {
        1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull,
        1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
        100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
        1000000000000000000ull};
    if (precision < 0 || precision > 18) return -1;
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    int negative = (int)(bits >> 63);
    int exponent = (int)((bits >> 52) & 0x7FF);
    uint64_t mantissa = bits & ((1ull << 52) - 1);
    if (exponent == 0x7FF) return -1;              // infinities and NaNs
    if (exponent >= 1023 + 63) return -1;          // 2^63 and above
    const char *point = nl_langinfo(RADIXCHAR);
    if (point[0] != '.' || point[1] != '\0') return -1;
    if (fegetround() != FE_TONEAREST) return -1;
    // d = m · 2^e exactly.
    int e;
    if (exponent == 0) { e = -1074; } else { mantissa |= 1ull << 52; e = exponent - 1075; }
    u128 scaled = (u128)mantissa * powers[precision];   // < 2^113
    u128 q;
    if (e >= 0) {
        q = scaled << e;                               // < 2^63 · 10^18 < 2^123
    } else if (-e >= 128) {
        q = 0;                                         // below 2^-15: rounds to 0, no tie
    } else {
        int s = -e;
        q = scaled >> s;
        u128 rest = scaled & (((u128)1 << s) - 1);
        u128 half = (u128)1 << (s - 1);
        if (rest > half || (rest == half && (q & 1))) q += 1;
    }
    uint64_t whole = (uint64_t)(q / powers[precision]);
    uint64_t fraction = (uint64_t)(q % powers[precision]);
    char tmp[48];
    char *end = tmp + sizeof tmp;
    char *p = end;
    if (precision > 0) {
        for (int i = 0; i < precision; i++) { *--p = (char)('0' + fraction % 10); fraction /= 10; }
        *--p = '.';
    }
    p = digits_backwards(p, whole);
    if (negative) *--p = '-';
    int length = (int)(end - p);
    memmove(out, p, (size_t)length);
    return length;
}

/// The one-conversion formats cairo uses; -1 for any other. `ap` is the caller's copy.
int mdpdf_fast_vsnprintf(char *buffer, size_t size, const char *format, va_list ap) {
    const char *f = format;
    if (*f++ != '%') return -1;
    int zero = 0, width = -1, precision = -1, longs = 0;
    if (*f == '0') { zero = 1; f++; }
    if (*f == '*') {
        width = va_arg(ap, int);
        if (width < 0) return -1;   // a '-' flag: left to glibc
        f++;
    } else if (*f >= '1' && *f <= '9') {
        width = 0;
        while (*f >= '0' && *f <= '9') { width = width * 10 + (*f++ - '0'); if (width > 64) return -1; }
    }
    if (*f == '.') {
        f++;
        if (*f == '*') { precision = va_arg(ap, int); f++; }
        else {
            precision = 0;
            while (*f >= '0' && *f <= '9') { precision = precision * 10 + (*f++ - '0'); if (precision > 64) return -1; }
        }
    }
    if (*f == 'l') { longs = 1; f++; }
    char conversion = *f;
    // The format ends inside the conversion, or goes on after it (text, a second one).
    if (conversion == '\0' || f[1] != '\0') return -1;
    if (width > 64) return -1;

    char text[96];
    int length;
    if (conversion == 'f') {
        if (zero || width >= 0 || longs) return -1;
        length = mdpdf_format_fixed(text, va_arg(ap, double), precision < 0 ? 6 : precision);
        if (length < 0) return -1;
        return emit(buffer, size, text, length);
    }
    if (precision >= 0) return -1;
    uint64_t magnitude;
    int negative = 0, base = 10, upper = 0;
    switch (conversion) {
    case 'd': case 'i': {
        long long v = longs ? (long long)va_arg(ap, long) : (long long)va_arg(ap, int);
        negative = v < 0;
        magnitude = negative ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        break;
    }
    case 'u': magnitude = longs ? (uint64_t)va_arg(ap, unsigned long) : (uint64_t)va_arg(ap, unsigned int); break;
    case 'x': case 'X':
        magnitude = longs ? (uint64_t)va_arg(ap, unsigned long) : (uint64_t)va_arg(ap, unsigned int);
        base = 16; upper = conversion == 'X';
        break;
    default: return -1;
    }
    const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char tmp[32];
    char *end = tmp + sizeof tmp, *p = end;
    do { *--p = hex[magnitude % (uint64_t)base]; magnitude /= (uint64_t)base; } while (magnitude);
    int digits = (int)(end - p);
    int signs = negative ? 1 : 0;
    int pad = width > digits + signs ? width - digits - signs : 0;
    char *t = text;
    if (!zero) { memset(t, ' ', (size_t)pad); t += pad; }
    if (negative) *t++ = '-';
    if (zero) { memset(t, '0', (size_t)pad); t += pad; }
    memcpy(t, p, (size_t)digits);
    t += digits;
    length = (int)(t - text);
    return emit(buffer, size, text, length);
}

int snprintf(char *restrict s, size_t n, const char *restrict format, ...) {
    va_list ap, copy;
    va_start(ap, format);
    va_copy(copy, ap);
    int length = mdpdf_fast_vsnprintf(s, n, format, copy);
    va_end(copy);
    if (length < 0) length = vsnprintf(s, n, format, ap);
    va_end(ap);
    return length;
}

int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...) {
    va_list ap, copy;
    va_start(ap, format);
    int length = -1;
    // A buffer said to be smaller than `maxlen` is glibc's to report (it aborts).
    if (maxlen <= slen) {
        va_copy(copy, ap);
        length = mdpdf_fast_vsnprintf(s, maxlen, format, copy);
        va_end(copy);
    }
    if (length < 0) length = __vsnprintf_chk(s, maxlen, flag, slen, format, ap);
    va_end(ap);
    return length;
}
