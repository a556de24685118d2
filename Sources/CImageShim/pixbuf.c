/* GIF, BMP and TIFF through gdk-pixbuf's loaders. */
#include "internal.h"
#include <gdk-pixbuf/gdk-pixbuf.h>

typedef struct {
    int64_t max_pixels;
    mdimg_info *info;
    int too_large;
} size_check;

/* Called once the loader knows the size, before it allocates any pixel: a size of
   0 × 0 is gdk-pixbuf's convention for "stop here" (gdk_pixbuf_get_file_info uses it). */
static void on_size(GdkPixbufLoader *loader, gint width, gint height, gpointer data) {
    size_check *check = data;
    check->info->width = width;
    check->info->height = height;
    if (!mdimg_fits(width, height, check->max_pixels)) {
        check->too_large = 1;
        gdk_pixbuf_loader_set_size(loader, 0, 0);
    }
}

uint32_t *mdimg_pixbuf_decode(const char *type, const uint8_t *data, size_t length, int64_t max_pixels,
                              mdimg_info *info) {
    mdimg_init();
    GError *error = NULL;
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_type(type, &error);
    if (!loader) {
        mdimg_say(info->message, "gdk-pixbuf has no %s loader (%s)", type, error ? error->message : "unknown");
        g_clear_error(&error);
        return NULL;
    }
    size_check check = { max_pixels, info, 0 };
    g_signal_connect_data(loader, "size-prepared", G_CALLBACK(on_size), &check, NULL, 0);
    gboolean written = gdk_pixbuf_loader_write(loader, data, length, &error);
    GError *close_error = NULL;
    gboolean closed = gdk_pixbuf_loader_close(loader, written ? &close_error : NULL);
    GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf(loader);
    uint32_t *pixels = NULL;
    if (check.too_large) {
        mdimg_say(info->message, "too large: %d × %d pixels", (int)info->width, (int)info->height);
    } else if (!written || !closed || !pixbuf) {
        GError *e = error ? error : close_error;
        mdimg_say(info->message, "%s", e ? e->message : "it does not decode");
    } else if (gdk_pixbuf_get_colorspace(pixbuf) != GDK_COLORSPACE_RGB || gdk_pixbuf_get_bits_per_sample(pixbuf) != 8 ||
               gdk_pixbuf_get_n_channels(pixbuf) < 3 || !mdimg_fits(gdk_pixbuf_get_width(pixbuf),
                                                                    gdk_pixbuf_get_height(pixbuf), max_pixels)) {
        mdimg_say(info->message, "gdk-pixbuf gave an unexpected pixel layout");
    } else {
        int w = gdk_pixbuf_get_width(pixbuf), h = gdk_pixbuf_get_height(pixbuf);
        int channels = gdk_pixbuf_get_n_channels(pixbuf), stride = gdk_pixbuf_get_rowstride(pixbuf);
        int alpha = gdk_pixbuf_get_has_alpha(pixbuf) && channels == 4;
        const guint8 *src = gdk_pixbuf_read_pixels(pixbuf);
        pixels = malloc((size_t)w * h * 4);
        if (!pixels) {
            mdimg_say(info->message, "out of memory");
        } else {
            int translucent = 0;
            for (int y = 0; y < h; y++) {
                const guint8 *p = src + (size_t)y * stride;
                uint32_t *out = pixels + (size_t)y * w;
                for (int x = 0; x < w; x++, p += channels) {
                    uint32_t a = alpha ? p[3] : 255;
                    if (a != 255) translucent = 1;
                    out[x] = mdimg_argb(p[0], p[1], p[2], a);
                }
            }
            info->width = info->decoded_width = w;
            info->height = info->decoded_height = h;
            info->has_alpha = translucent;
            const gchar *orientation = gdk_pixbuf_get_option(pixbuf, "orientation");
            int o = orientation ? atoi(orientation) : 1;
            info->orientation = o >= 1 && o <= 8 ? o : 1;
        }
    }
    g_clear_error(&error);
    g_clear_error(&close_error);
    g_object_unref(loader);
    return pixels;
}
