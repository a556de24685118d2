/* JPEG through libjpeg-turbo, orientation through libexif. */
#include "internal.h"
#include <setjmp.h>
#include <jpeglib.h>
#include <libexif/exif-data.h>

/* A progressive JPEG of thousands of tiny scans takes minutes to decode (a known
   denial of service); real files have about ten. */
#define MDIMG_JPEG_MAX_SCANS 1000
/* libjpeg's working memory (a progressive image keeps all its coefficients: 128 bytes
   a pixel-block per component); beyond this it fails cleanly instead of swapping. */
#define MDIMG_JPEG_MAX_MEMORY (512L * 1024 * 1024)

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;
    int warned;
} guard_t;

static void on_error(j_common_ptr cinfo) {
    guard_t *guard = (guard_t *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    mdimg_say(guard->message, "%s", text);
    longjmp(guard->jump, 1);
}

/* Level -1 is a warning about damaged data (libjpeg goes on, patching the image);
   the first one is kept. Trace levels are ignored. */
static void on_message(j_common_ptr cinfo, int level) {
    guard_t *guard = (guard_t *)cinfo->err;
    if (level >= 0 || guard->warned) return;
    guard->warned = 1;
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    mdimg_say(guard->message, "%s", text);
}

static void on_output(j_common_ptr cinfo) { (void)cinfo; }

static void on_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > MDIMG_JPEG_MAX_SCANS) {
        guard_t *guard = (guard_t *)cinfo->err;
        mdimg_say(guard->message, "it has more than %d scans", MDIMG_JPEG_MAX_SCANS);
        longjmp(guard->jump, 1);
    }
}

/* The orientation in an APP1 Exif segment; 1 when there is none or it is invalid. */
static int32_t exif_orientation(jpeg_saved_marker_ptr markers) {
    for (jpeg_saved_marker_ptr m = markers; m; m = m->next) {
        if (m->marker != JPEG_APP0 + 1 || m->data_length < 14 || memcmp(m->data, "Exif\0\0", 6) != 0) continue;
        ExifData *exif = exif_data_new();
        if (!exif) return 1;
        /* Read only: no "fixing" of the data, no maker notes. */
        exif_data_unset_option(exif, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
        exif_data_set_option(exif, EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE);
        exif_data_load_data(exif, m->data, m->data_length);
        int32_t orientation = 1;
        ExifEntry *entry = exif_content_get_entry(exif->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
        if (entry && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1 && entry->size >= 2) {
            orientation = exif_get_short(entry->data, exif_data_get_byte_order(exif));
        }
        exif_data_unref(exif);
        return orientation >= 1 && orientation <= 8 ? orientation : 1;
    }
    return 1;
}

/* One pass over the file. `check`: decode at 1/8 (every scan is still entropy-decoded,
   which is where damage shows) and keep nothing; else decode at the size the budget
   allows into ARGB32. */
static uint32_t *run(const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info, int check,
                     int32_t *status) {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_progress_mgr progress;
    guard_t guard;
    uint32_t *volatile pixels = NULL;
    JSAMPLE *volatile row = NULL;
    *status = -1;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&progress, 0, sizeof progress);
    cinfo.err = jpeg_std_error(&guard.pub);
    guard.pub.error_exit = on_error;
    guard.pub.emit_message = on_message;
    guard.pub.output_message = on_output;
    guard.message = info->message;
    guard.warned = 0;
    if (setjmp(guard.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        return NULL;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.mem->max_memory_to_use = MDIMG_JPEG_MAX_MEMORY;
    progress.progress_monitor = on_progress;
    cinfo.progress = &progress;
    if (length == 0 || length > 0x7fffffffUL) {
        mdimg_say(info->message, "it is empty or too long");
        longjmp(guard.jump, 1);
    }
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    info->width = (int32_t)cinfo.image_width;
    info->height = (int32_t)cinfo.image_height;
    info->components = cinfo.num_components;
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    info->inverted_cmyk = cmyk && cinfo.saw_Adobe_marker;
    info->orientation = exif_orientation(cinfo.marker_list);

    /* The smallest reduction (1/1, 1/2, 1/4, 1/8) within the budget. */
    unsigned denominator = 1;
    for (;;) {
        cinfo.scale_num = 1;
        cinfo.scale_denom = denominator;
        jpeg_calc_output_dimensions(&cinfo);
        if (mdimg_fits(cinfo.output_width, cinfo.output_height, max_pixels)) break;
        if (denominator == 8) {
            mdimg_say(info->message, "too large: %d × %d pixels", (int)info->width, (int)info->height);
            longjmp(guard.jump, 1);
        }
        denominator *= 2;
    }
    info->decoded_width = (int32_t)cinfo.output_width;
    info->decoded_height = (int32_t)cinfo.output_height;

    if (check) {
        cinfo.scale_denom = 8;
        cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_GRAYSCALE;
        cinfo.dct_method = JDCT_IFAST;
        cinfo.do_fancy_upsampling = FALSE;
    } else {
        cinfo.out_color_space = cmyk ? JCS_CMYK :
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            JCS_EXT_ARGB;
#else
            JCS_EXT_BGRA;
#endif
    }
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * (size_t)cinfo.output_components;
    row = malloc(stride ? stride : 1);
    if (!check) pixels = malloc((size_t)cinfo.output_width * cinfo.output_height * 4);
    if (!row || (!check && !pixels)) {
        mdimg_say(info->message, "out of memory");
        longjmp(guard.jump, 1);
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW rows[1] = { row };
        JDIMENSION y = cinfo.output_scanline;
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) break;
        if (check) continue;
        uint32_t *out = pixels + (size_t)y * cinfo.output_width;
        if (cmyk) {
            for (JDIMENSION x = 0; x < cinfo.output_width; x++) {
                uint32_t c = row[4 * x], m = row[4 * x + 1], ye = row[4 * x + 2], k = row[4 * x + 3];
                if (!info->inverted_cmyk) { c = 255 - c; m = 255 - m; ye = 255 - ye; k = 255 - k; }
                /* Inverted values: (255 - ink), so red = (255 - c)(255 - k) / 255 = c'k' / 255. */
                out[x] = mdimg_argb((c * k + 127) / 255, (m * k + 127) / 255, (ye * k + 127) / 255, 255);
            }
        } else {
            memcpy(out, row, (size_t)cinfo.output_width * 4);
        }
    }
    jpeg_finish_decompress(&cinfo);
    info->damaged = guard.warned;
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *status = 0;
    return pixels;
}

int32_t mdimg_jpeg_check(const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info) {
    int32_t status;
    run(data, length, max_pixels, info, 1, &status);
    return status;
}

uint32_t *mdimg_jpeg_decode(const uint8_t *data, size_t length, int64_t max_pixels, mdimg_info *info) {
    int32_t status;
    return run(data, length, max_pixels, info, 0, &status);
}
