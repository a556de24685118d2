/* SVG through librsvg, drawn into a PDF of its own by this library's cairo. */
#include "internal.h"
#include <cairo-pdf.h>
#include <librsvg/rsvg.h>

struct mdimg_svg {
    RsvgHandle *handle;
};

/* A length in CSS pixels at 96 dpi; 0 for relative units (%, em, ex). */
static double pixels(RsvgLength l) {
    switch (l.unit) {
    case RSVG_UNIT_PX: return l.length;
    case RSVG_UNIT_IN: return l.length * 96;
    case RSVG_UNIT_CM: return l.length * 96 / 2.54;
    case RSVG_UNIT_MM: return l.length * 96 / 25.4;
    case RSVG_UNIT_PT: return l.length * 96 / 72;
    case RSVG_UNIT_PC: return l.length * 96 / 6;
    default: return 0;
    }
}

/* A size librsvg may give that is usable for layout. */
static int usable(double w, double h) { return w > 0 && h > 0 && w < 1e6 && h < 1e6; }

mdimg_svg *mdimg_svg_open(const uint8_t *data, size_t length, double *width, double *height, char *message) {
    mdimg_init();
    GError *error = NULL;
    /* No base file: librsvg then loads no other file an SVG names (images, xi:include,
       stylesheets); data: URLs inside the SVG still work. */
    RsvgHandle *handle = rsvg_handle_new_from_data(data, length, &error);
    if (!handle) {
        mdimg_say(message, "%s", error ? error->message : "librsvg cannot read it");
        g_clear_error(&error);
        return NULL;
    }
    rsvg_handle_set_dpi(handle, 96);
    double w = 0, h = 0;
    gboolean has_size = rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h);
    if (!has_size || !usable(w, h)) {
        gboolean has_width, has_height, has_viewbox;
        RsvgLength lw, lh;
        RsvgRectangle viewbox;
        rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &lw, &has_height, &lh, &has_viewbox, &viewbox);
        double given_w = has_width ? pixels(lw) : 0, given_h = has_height ? pixels(lh) : 0;
        if (has_viewbox && usable(viewbox.width, viewbox.height)) {
            /* One side given: the other follows the viewBox's proportions. */
            double ratio = viewbox.height / viewbox.width;
            if (given_w > 0) { w = given_w; h = given_w * ratio; }
            else if (given_h > 0) { h = given_h; w = given_h / ratio; }
            else { w = viewbox.width; h = viewbox.height; }
        } else if (usable(given_w, given_h)) {
            w = given_w;
            h = given_h;
        } else {
            w = 300;
            h = 150;
        }
    }
    mdimg_svg *svg = malloc(sizeof *svg);
    if (!svg) {
        g_object_unref(handle);
        mdimg_say(message, "out of memory");
        return NULL;
    }
    svg->handle = handle;
    *width = w;
    *height = h;
    return svg;
}

/* The PDF cairo writes, collected in memory. */
struct pdf_buffer {
    uint8_t *bytes;
    size_t length, capacity;
    int failed;
};

static cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
    struct pdf_buffer *b = closure;
    if (b->length + length > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 64 * 1024;
        while (capacity < b->length + length) capacity *= 2;
        uint8_t *grown = realloc(b->bytes, capacity);
        if (!grown) {
            b->failed = 1;
            return CAIRO_STATUS_WRITE_ERROR;
        }
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->length, data, length);
    b->length += length;
    return CAIRO_STATUS_SUCCESS;
}

uint8_t *mdimg_svg_render_pdf(mdimg_svg *svg, double width, double height, size_t *length, char *message) {
    struct pdf_buffer buffer = { 0 };
    cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(append, &buffer, width, height);
    cairo_t *cr = cairo_create(surface);
    GError *error = NULL;
    RsvgRectangle viewport = { 0, 0, width, height };
    int drawn = rsvg_handle_render_document(svg->handle, cr, &viewport, &error);
    cairo_status_t status = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (!drawn || status != CAIRO_STATUS_SUCCESS || buffer.failed) {
        if (!drawn) mdimg_say(message, "librsvg cannot draw it (%s)", error ? error->message : "unknown error");
        else if (buffer.failed) mdimg_say(message, "out of memory");
        else mdimg_say(message, "cairo cannot draw it (%s)", cairo_status_to_string(status));
        g_clear_error(&error);
        free(buffer.bytes);
        return NULL;
    }
    *length = buffer.length;
    return buffer.bytes;
}

void mdimg_svg_close(mdimg_svg *svg) {
    if (!svg) return;
    g_object_unref(svg->handle);
    free(svg);
}
