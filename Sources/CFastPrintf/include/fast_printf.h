#ifndef MDPDF_FAST_PRINTF_H
#define MDPDF_FAST_PRINTF_H

#include <stdarg.h>
#include <stddef.h>

/// The formatter behind mdpdf's `snprintf` (see fast_printf.c): `format` formatted into
/// `buffer` exactly as glibc's `vsnprintf` would, for the one-conversion formats cairo
/// writes its PDF operators with; -1 (and `buffer` untouched) for any other format, or
/// a value it leaves to glibc. Declared for the tests, which compare it with glibc.
int mdpdf_fast_vsnprintf(char *buffer, size_t size, const char *format, va_list arguments);

#endif
