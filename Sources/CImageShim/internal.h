#ifndef MDPDF_MDIMAGES_INTERNAL_H
#define MDPDF_MDIMAGES_INTERNAL_H
#include "include/mdimages.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest side cairo's image surfaces take, in pixels. */
#define MDIMG_MAX_SIDE 32767

/* printf into a MDIMG_MESSAGE_CAPACITY buffer, on one line (decoders' messages may
   end in a newline or hold several lines). */
static inline void mdimg_say(char *message, const char *format, ...) {
    if (!message) return;
    va_list args;
    va_start(args, format);
    vsnprintf(message, MDIMG_MESSAGE_CAPACITY, format, args);
    va_end(args);
    for (char *c = message; *c; c++) if (*c == '\n' || *c == '\r' || *c == '\t') *c = ' ';
    size_t n = strlen(message);
    while (n > 0 && message[n - 1] == ' ') message[--n] = 0;
}

/* Whether width × height decoded pixels fit the budget and cairo's side limit. */
static inline int mdimg_fits(int64_t width, int64_t height, int64_t max_pixels) {
    return width > 0 && height > 0 && width <= MDIMG_MAX_SIDE && height <= MDIMG_MAX_SIDE &&
           width * height <= max_pixels;
}

/* A premultiplied ARGB32 pixel (cairo's layout) from straight (unpremultiplied) RGBA. */
static inline uint32_t mdimg_argb(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    if (a != 255) {
        r = (r * a + 127) / 255;
        g = (g * a + 127) / 255;
        b = (b * a + 127) / 255;
    }
    return (a << 24) | (r << 16) | (g << 8) | b;
}

/* Runs once, before GLib, gdk-pixbuf or librsvg is used (see init.c). */
void mdimg_init(void);

int32_t mdimg_jpeg_check(const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info);
uint32_t *mdimg_jpeg_decode(const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info);
int32_t mdimg_webp_check(const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info);
uint32_t *mdimg_webp_decode(const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info);
uint32_t *mdimg_pixbuf_decode(const char *type, const uint8_t *data, size_t length, int64_t max_pixels,
                              mdimg_info *info);
#endif
