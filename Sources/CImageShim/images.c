#include "internal.h"

int32_t mdimg_check(int32_t format, const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info) {
    memset(info, 0, sizeof *info);
    info->orientation = 1;
    switch (format) {
    case MDIMG_JPEG: return mdimg_jpeg_check(data, length, max_pixels, info);
    case MDIMG_WEBP: return mdimg_webp_check(data, length, max_pixels, info);
    default: {
        /* gdk-pixbuf decodes as it checks; the pixels are dropped. */
        uint32_t *pixels = mdimg_decode(format, data, length, max_pixels, info);
        if (!pixels) return -1;
        free(pixels);
        return 0;
    }
    }
}

uint32_t *mdimg_decode(int32_t format, const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info) {
    memset(info, 0, sizeof *info);
    info->orientation = 1;
    switch (format) {
    case MDIMG_JPEG: return mdimg_jpeg_decode(data, length, max_pixels, info);
    case MDIMG_WEBP: return mdimg_webp_decode(data, length, max_pixels, info);
    case MDIMG_GIF: return mdimg_pixbuf_decode("gif", data, length, max_pixels, info);
    case MDIMG_BMP: return mdimg_pixbuf_decode("bmp", data, length, max_pixels, info);
    case MDIMG_TIFF: return mdimg_pixbuf_decode("tiff", data, length, max_pixels, info);
    default:
        mdimg_say(info->message, "unknown format %d", (int)format);
        return NULL;
    }
}

void mdimg_free(void *pixels) { free(pixels); }
