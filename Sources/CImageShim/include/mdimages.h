#ifndef MDPDF_MDIMAGES_H
#define MDPDF_MDIMAGES_H
/*
 * A plain-C face over the image decoders mdpdf uses for every format but PNG (which
 * cairo's own libpng reader decodes), built as its own shared library
 * (libmdpdf-images.so) that mdpdf loads with dlopen the first time a document shows
 * such an image. Linked into the binary, librsvg and gdk-pixbuf (with GLib, Pango and
 * libxml2 under them) would add about 25 ms to every run, even of a one-line note.
 *
 *   JPEG  libjpeg-turbo: checked by decoding every scan; decoded (downsampled by the
 *         codec's own 1/2, 1/4, 1/8 scaling) only when it cannot be embedded as it is.
 *         The EXIF orientation comes from libexif.
 *   WebP  libwebp (with its demuxer: the first frame of an animation), scaled while
 *         decoding when over the pixel budget.
 *   GIF, BMP, TIFF  gdk-pixbuf's loaders, chosen by format (never by sniffing), first
 *         frame or page; refused before any pixel is allocated when over the budget.
 *   SVG   librsvg, drawn as vectors into a PDF of its own (mdpdf's cairo is linked
 *         into the binary, and its contexts are not handed over; librsvg draws with it
 *         all the same, through libmdpdf-cairo.so, see Sources/MDImage/CairoExports.swift).
 *         No base file is given, so an SVG cannot make librsvg read other files.
 *
 * Decoded pixels are cairo's ARGB32: one native-endian uint32 per pixel, alpha in the
 * top byte, colors premultiplied, rows `4 * width` bytes apart. Swift resolves these
 * symbols with dlsym: the signatures here and in Sources/MDImage/ImageCodecLibrary.swift
 * must agree. Every function is safe on hostile bytes: errors come back as a status and
 * a message, never as a crash or output on the standard streams.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The formats of this library (PNG is not one). The values are mdpdf's own. */
enum {
    MDIMG_JPEG = 1,
    MDIMG_WEBP = 2,
    MDIMG_GIF = 3,
    MDIMG_BMP = 4,
    MDIMG_TIFF = 5,
};

#define MDIMG_MESSAGE_CAPACITY 256

/* What `mdimg_check` learned about a raster image. */
typedef struct {
    /* The image's size in pixels as stored (before its orientation is applied). */
    int32_t width, height;
    /* The size it decodes to within the pixel budget (the stored size, or smaller). */
    int32_t decoded_width, decoded_height;
    /* EXIF (JPEG) or TIFF orientation, 1 (as stored) to 8; 1 when the file has none. */
    int32_t orientation;
    /* JPEG: 1 (gray), 3 (YCbCr/RGB) or 4 (CMYK/YCCK) components; others 0. */
    int32_t components;
    /* JPEG: a CMYK or YCCK image with an Adobe marker, whose values are stored inverted
       (as Photoshop writes them). */
    int32_t inverted_cmyk;
    /* Whether decoded pixels have transparency (else alpha is always 255). */
    int32_t has_alpha;
    /* The decoder reported damaged data (a JPEG it had to patch up); `message` says
       what. Such a file decodes, but must not be embedded as it is. */
    int32_t damaged;
    /* Why the image failed, or the decoder's warning for a damaged one. */
    char message[MDIMG_MESSAGE_CAPACITY];
} mdimg_info;

/* Checks a raster image of `format` by decoding all of it (pixels are not kept),
   within `max_pixels` decoded pixels and 32767 pixels a side. Returns 0 and fills
   `info`, or -1 with `info->message` saying why (too large: `info->width` and
   `info->height` are set and the message starts with "too large"). */
int32_t mdimg_check(int32_t format, const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info);

/* Decodes a raster image to ARGB32 at `info->decoded_width` × `info->decoded_height`
   (what `mdimg_check` said for the same bytes and budget). Returns the pixels, to be
   freed with `mdimg_free`, or NULL with `info->message` saying why. */
uint32_t *mdimg_decode(int32_t format, const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info);

void mdimg_free(void *pixels);

/* An SVG document, parsed. */
typedef struct mdimg_svg mdimg_svg;

/* Parses an SVG (or gzip-compressed SVGZ) document. On success sets its size in CSS
   pixels (1px = 0.75pt): from its width and height, else its viewBox, else 300 × 150
   as browsers do. NULL with `message` on failure. */
mdimg_svg *mdimg_svg_open(const uint8_t *data, size_t length, double *width, double *height, char *message);

/* Draws the document as vectors (paths, and text as text with its fonts embedded) into
   a one-page PDF of `width` × `height` points, fitted into that page as librsvg fits a
   document into a viewport: mdpdf's cairo is linked into the binary, and a cairo
   context of it cannot be handed to a library loaded here. Returns the PDF, to be freed with
   `mdimg_free`, and sets `length`; NULL with `message` on failure. */
uint8_t *mdimg_svg_render_pdf(mdimg_svg *svg, double width, double height, size_t *length, char *message);

void mdimg_svg_close(mdimg_svg *svg);

#ifdef __cplusplus
}
#endif
#endif
