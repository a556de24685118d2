/* WebP through libwebp; the first frame of an animation through its demuxer. */
#include "internal.h"
#include <math.h>
#include <webp/decode.h>
#include <webp/demux.h>

/* The canvas size, the first frame and the decoded size within the budget. */
typedef struct {
    WebPDemuxer *demux;
    WebPIterator frame;
    int has_frame;
} webp_file;

static void close_file(webp_file *f) {
    if (f->has_frame) WebPDemuxReleaseIterator(&f->frame);
    if (f->demux) WebPDemuxDelete(f->demux);
}

/* Opens the file and fills the sizes of `info`; 0, or -1 with a message. */
static int32_t open_file(const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info, webp_file *f) {
    memset(f, 0, sizeof *f);
    WebPData bytes = { data, length };
    f->demux = WebPDemux(&bytes);
    if (!f->demux) {
        mdimg_say(info->message, "it is not a complete WebP file");
        return -1;
    }
    info->width = (int32_t)WebPDemuxGetI(f->demux, WEBP_FF_CANVAS_WIDTH);
    info->height = (int32_t)WebPDemuxGetI(f->demux, WEBP_FF_CANVAS_HEIGHT);
    if (!WebPDemuxGetFrame(f->demux, 1, &f->frame)) {
        mdimg_say(info->message, "it has no image");
        return -1;
    }
    f->has_frame = 1;
    /* Scale down (proportions kept) until the canvas fits the budget. */
    double k = 1;
    int64_t w = info->width, h = info->height;
    if (w <= 0 || h <= 0) {
        mdimg_say(info->message, "it has no size");
        return -1;
    }
    if (!mdimg_fits(w, h, max_pixels)) {
        k = sqrt((double)max_pixels / ((double)w * (double)h));
        if (w * k > MDIMG_MAX_SIDE) k = (double)MDIMG_MAX_SIDE / (double)w;
        if (h * k > MDIMG_MAX_SIDE) k = (double)MDIMG_MAX_SIDE / (double)h;
    }
    info->decoded_width = (int32_t)(w * k) > 0 ? (int32_t)(w * k) : 1;
    info->decoded_height = (int32_t)(h * k) > 0 ? (int32_t)(h * k) : 1;
    return 0;
}

/* Decodes the first frame into a transparent canvas of the decoded size. */
static uint32_t *decode(webp_file *f, mdimg_info *info) {
    double kx = (double)info->decoded_width / info->width, ky = (double)info->decoded_height / info->height;
    int fw = (int)(f->frame.width * kx + 0.5), fh = (int)(f->frame.height * ky + 0.5);
    int fx = (int)(f->frame.x_offset * kx), fy = (int)(f->frame.y_offset * ky);
    if (fw < 1) fw = 1;
    if (fh < 1) fh = 1;
    if (fx + fw > info->decoded_width) fw = info->decoded_width - fx;
    if (fy + fh > info->decoded_height) fh = info->decoded_height - fy;
    size_t count = (size_t)info->decoded_width * (size_t)info->decoded_height;
    uint32_t *canvas = calloc(count, 4);
    if (!canvas || fw < 1 || fh < 1) {
        free(canvas);
        mdimg_say(info->message, canvas ? "its first frame lies outside its canvas" : "out of memory");
        return NULL;
    }
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        free(canvas);
        mdimg_say(info->message, "libwebp version mismatch");
        return NULL;
    }
    if (fw != (int)f->frame.width || fh != (int)f->frame.height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = fw;
        config.options.scaled_height = fh;
    }
    /* Premultiplied, in cairo's byte order; written straight into the canvas. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    config.output.colorspace = MODE_Argb;
#else
    config.output.colorspace = MODE_bgrA;
#endif
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = (uint8_t *)(canvas + (size_t)fy * info->decoded_width + fx);
    config.output.u.RGBA.stride = info->decoded_width * 4;
    config.output.u.RGBA.size = ((size_t)(fh - 1) * info->decoded_width + fw) * 4;
    VP8StatusCode status = WebPDecode(f->frame.fragment.bytes, f->frame.fragment.size, &config);
    WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK) {
        free(canvas);
        static const char *const reasons[] = { "", "out of memory", "an invalid parameter", "bad data",
                                               "an unsupported feature", "a suspended decode", "a cancelled decode",
                                               "data cut short" };
        mdimg_say(info->message, "its data does not decode (%s)",
                  status > 0 && status < 8 ? reasons[status] : "unknown error");
        return NULL;
    }
    /* Transparent where the frame has alpha or does not cover the canvas. */
    info->has_alpha = 0;
    for (size_t i = 0; i < count && !info->has_alpha; i++) info->has_alpha = (canvas[i] >> 24) != 0xFF;
    return canvas;
}

int32_t mdimg_webp_check(const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info) {
    uint32_t *pixels = mdimg_webp_decode(data, length, max_pixels, info);
    if (!pixels) return -1;
    free(pixels);
    return 0;
}

uint32_t *mdimg_webp_decode(const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info) {
    webp_file f;
    uint32_t *pixels = NULL;
    if (open_file(data, length, max_pixels, info, &f) == 0) pixels = decode(&f, info);
    close_file(&f);
    return pixels;
}
