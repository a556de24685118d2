#ifndef MDPDF_FAST_PRINTF_H
#define MDPDF_FAST_PRINTF_H

#include <stdarg.h>
#include <stddef.h>

/// The formatter behind mdpdf's `snprintf` (see fast_printf.c): `format` formatted into
/// `buffer` exactly as glibc's `vsnprintf` would, for the one-conversion formats cairo
/// writes its PDF operators with; -1 (and `buffer` untouched) for any other format, or
/// a value it leaves to glibc. Declared for the tests, which compare it with glibc.
int mdpdf_fast_vsnprintf(char *buffer, size_t size, const char *format, va_list arguments);

/// "%.<precision>f" of `d` into `out` (at least 40 bytes, not terminated) exactly as
/// glibc prints it, for `precision` 0 to 18; its length, or -1 where glibc must do it
/// (not finite, 2^63 or more, another rounding mode, a decimal point other than '.').
int mdpdf_format_fixed(char *out, double d, int precision);

#endif
