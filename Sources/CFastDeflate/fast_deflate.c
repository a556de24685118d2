// zlib's deflate for cairo's PDF streams, done by libdeflate.
//
// cairo 1.16 deflates every content stream, font subset and image of its PDF through
// zlib (`deflateInit_`, `deflate`, `deflateEnd`, at zlib's default level). For the
// Rust book's chapters 1-14 that is 350 streams, 4.9 MB in, 71 ms of the drawing
// thread's CPU; libdeflate deflates the same streams at the same level in 36 ms, into
// 1 % fewer bytes. libdeflate cannot stream: it takes its input whole. So the
// executable defines those three names (the release build exports them, as it does
// `snprintf`, see the Makefile), and the dynamic linker binds every caller of them in
// the process here:
//
// - `deflateInit_` starts a stream of ours: `deflate` collects its input, and at
//   `Z_FINISH` libdeflate deflates it whole into zlib's format; the result is handed out
//   as the caller's output buffer allows, zlib's return codes and counters kept.
// - Anything zlib's streaming is needed for goes to zlib itself, with what was
//   collected: a flush other than `Z_NO_FLUSH` or `Z_FINISH`, or more than
//   `COLLECT_LIMIT` bytes of input (memory stays bounded, as zlib's does; mdpdf's own
//   row-at-a-time deflating of very large image planes goes that way).
// - Streams begun by zlib's other entry points (`deflateInit2_`, used by libpng, GIO,
//   libxml2) are zlib's own: `deflate` and `deflateEnd` pass them on untouched.
//
// A stream of ours is told from zlib's by the state's first word: zlib's state begins
// with a pointer to its stream, ours with the address of `ours_tag`. zlib's functions
// that are not redefined here (`deflateReset`, `deflateParams`, `deflateBound`...) check
// that first word too, so on a stream of ours they answer Z_STREAM_ERROR (or
// `deflateBound`'s safe bound) rather than touching our state; cairo calls none of them.

#include "fast_deflate.h"

#include <dlfcn.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

/// Input collected for libdeflate beyond this goes to zlib's streaming instead, so that
/// memory stays bounded whatever the stream's length (1 MB: a page's content stream is
/// 10-30 KB, a font subset up to a few hundred).
#define COLLECT_LIMIT (1u << 20)

static const char ours_tag = 0;

typedef struct {
    /// `&ours_tag`: where zlib's state has a pointer to its stream (see above).
    const char *tag;
    int level;
    /// The input collected, `in_length` of `in_capacity` bytes.
    unsigned char *in;
    size_t in_length, in_capacity;
    /// libdeflate's output once deflated, `out_length` bytes, `out_given` handed out.
    unsigned char *out;
    size_t out_length, out_given;
    /// Set once the stream went to zlib's streaming: every later call goes to it.
    z_stream *zlib;
    /// Set by the first `deflate` call (zlib's state leaves INIT_STATE then).
    int started;
} ours_state;

static struct {
    int (*deflateInit_)(z_streamp, int, const char *, int);
    int (*deflate)(z_streamp, int);
    int (*deflateEnd)(z_streamp);
} zlib_api;
static pthread_once_t zlib_api_once = PTHREAD_ONCE_INIT;

static void find_zlib(void) {
    zlib_api.deflateInit_ = (int (*)(z_streamp, int, const char *, int))dlsym(RTLD_NEXT, "deflateInit_");
    zlib_api.deflate = (int (*)(z_streamp, int))dlsym(RTLD_NEXT, "deflate");
    zlib_api.deflateEnd = (int (*)(z_streamp))dlsym(RTLD_NEXT, "deflateEnd");
}

/// zlib's own functions, found once; NULL members if zlib is not in the process.
static void zlib_functions(void) { pthread_once(&zlib_api_once, find_zlib); }

/// One libdeflate compressor per thread and level, kept for the thread's next stream
/// (making one allocates its hash tables, 300-700 KB by level).
static pthread_key_t compressor_key;
static pthread_once_t compressor_key_once = PTHREAD_ONCE_INIT;
typedef struct { int level; struct libdeflate_compressor *compressor; } thread_compressor;

static void free_thread_compressor(void *p) {
    thread_compressor *t = p;
    libdeflate_free_compressor(t->compressor);
    free(t);
}
static void make_compressor_key(void) { pthread_key_create(&compressor_key, free_thread_compressor); }

static struct libdeflate_compressor *compressor_for(int level) {
    pthread_once(&compressor_key_once, make_compressor_key);
    thread_compressor *t = pthread_getspecific(compressor_key);
    if (t && t->level == level) return t->compressor;
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
    if (!c) return NULL;
    if (!t) {
        t = malloc(sizeof *t);
        if (!t) { libdeflate_free_compressor(c); return NULL; }
        t->compressor = NULL;
        if (pthread_setspecific(compressor_key, t) != 0) { free(t); libdeflate_free_compressor(c); return NULL; }
    }
    if (t->compressor) libdeflate_free_compressor(t->compressor);
    t->level = level;
    t->compressor = c;
    return c;
}

static ours_state *ours(z_streamp strm) {
    if (!strm || !strm->state) return NULL;
    ours_state *s = (ours_state *)strm->state;
    return s->tag == &ours_tag ? s : NULL;
}

int deflateInit_(z_streamp strm, int level, const char *version, int stream_size) {
    zlib_functions();
    if (!strm || !version || version[0] != ZLIB_VERSION[0] || stream_size != (int)sizeof(z_stream)
        || level < Z_DEFAULT_COMPRESSION || level > 9) {
        // Whatever zlib answers to such a call (an error), it answers itself.
        return zlib_api.deflateInit_ ? zlib_api.deflateInit_(strm, level, version, stream_size) : Z_STREAM_ERROR;
    }
    ours_state *s = calloc(1, sizeof *s);
    if (!s) return Z_MEM_ERROR;
    s->tag = &ours_tag;
    s->level = level == Z_DEFAULT_COMPRESSION ? 6 : level;
    strm->state = (struct internal_state *)s;
    strm->msg = Z_NULL;
    strm->total_in = strm->total_out = 0;
    strm->adler = 1;
    strm->data_type = Z_UNKNOWN;
    return Z_OK;
}

/// Moves the stream to zlib's streaming: a zlib stream of the same level takes over;
/// what was collected is fed to it first (`deflate_through_zlib`). Z_OK or zlib's error.
static int hand_to_zlib(ours_state *s) {
    if (!zlib_api.deflateInit_ || !zlib_api.deflate || !zlib_api.deflateEnd) return Z_STREAM_ERROR;
    z_stream *z = calloc(1, sizeof *z);
    if (!z) return Z_MEM_ERROR;
    int ret = zlib_api.deflateInit_(z, s->level, ZLIB_VERSION, (int)sizeof(z_stream));
    if (ret != Z_OK) { free(z); return ret; }
    s->zlib = z;
    return Z_OK;
}

/// A call on a stream that went to zlib: the caller's buffers and counters are zlib's,
/// after the input collected but not yet taken.
static int deflate_through_zlib(z_streamp strm, ours_state *s, int flush) {
    z_stream *z = s->zlib;
    // First what was collected, as far as the caller's output buffer lets zlib take it.
    int caught_up = 0;
    while (s->in_length > 0) {
        z->next_in = s->in;
        z->avail_in = (uInt)s->in_length;
        z->next_out = strm->next_out;
        z->avail_out = strm->avail_out;
        uLong out_before = z->total_out;
        int ret = zlib_api.deflate(z, Z_NO_FLUSH);
        strm->total_out += z->total_out - out_before;
        strm->next_out = z->next_out;
        strm->avail_out = z->avail_out;
        size_t taken = s->in_length - z->avail_in;
        memmove(s->in, s->in + taken, s->in_length - taken);
        s->in_length -= taken;
        if (ret != Z_OK && ret != Z_BUF_ERROR) return ret;
        if (s->in_length > 0) return taken > 0 || z->total_out != out_before ? Z_OK : Z_BUF_ERROR;
        caught_up = 1;
    }
    if (caught_up) {
        free(s->in);
        s->in = NULL;
        s->in_capacity = 0;
        // The collected bytes filled the caller's buffer: progress was made; zlib, called
        // with no room, would answer Z_BUF_ERROR (no progress possible).
        if (strm->avail_out == 0) return Z_OK;
    }
    z->next_in = strm->next_in;
    z->avail_in = strm->avail_in;
    z->next_out = strm->next_out;
    z->avail_out = strm->avail_out;
    uLong in_before = z->total_in, out_before = z->total_out;
    int ret = zlib_api.deflate(z, flush);
    strm->total_in += z->total_in - in_before;
    strm->total_out += z->total_out - out_before;
    strm->next_in = z->next_in;
    strm->avail_in = z->avail_in;
    strm->next_out = z->next_out;
    strm->avail_out = z->avail_out;
    strm->adler = z->adler;
    strm->msg = z->msg;
    strm->data_type = z->data_type;
    return ret;
}

int deflate(z_streamp strm, int flush) {
    zlib_functions();
    ours_state *s = ours(strm);
    if (!s) return zlib_api.deflate ? zlib_api.deflate(strm, flush) : Z_STREAM_ERROR;
    if (flush < Z_NO_FLUSH || flush > Z_BLOCK || (strm->avail_in > 0 && !strm->next_in)
        || (strm->avail_out > 0 && !strm->next_out)) return Z_STREAM_ERROR;
    s->started = 1;
    if (s->zlib) return deflate_through_zlib(strm, s, flush);

    if (!s->out) {
        // Still collecting.
        size_t wanted = s->in_length + strm->avail_in;
        if (wanted > COLLECT_LIMIT || (flush != Z_NO_FLUSH && flush != Z_FINISH)) {
            int ret = hand_to_zlib(s);
            return ret == Z_OK ? deflate_through_zlib(strm, s, flush) : ret;
        }
        if (wanted > s->in_capacity) {
            size_t capacity = s->in_capacity ? s->in_capacity : 16384;
            while (capacity < wanted) capacity *= 2;
            unsigned char *grown = realloc(s->in, capacity);
            if (!grown) return Z_MEM_ERROR;
            s->in = grown;
            s->in_capacity = capacity;
        }
        if (strm->avail_in > 0) {
            memcpy(s->in + s->in_length, strm->next_in, strm->avail_in);
            strm->adler = libdeflate_adler32((uint32_t)strm->adler, strm->next_in, strm->avail_in);
        }
        int progressed = strm->avail_in > 0;
        s->in_length = wanted;
        strm->total_in += strm->avail_in;
        strm->next_in += strm->avail_in;
        strm->avail_in = 0;
        if (flush == Z_NO_FLUSH) return progressed ? Z_OK : Z_BUF_ERROR;

        struct libdeflate_compressor *c = compressor_for(s->level);
        if (!c) return Z_MEM_ERROR;
        size_t bound = libdeflate_zlib_compress_bound(c, s->in_length);
        s->out = malloc(bound);
        if (!s->out) return Z_MEM_ERROR;
        s->out_length = libdeflate_zlib_compress(c, s->in, s->in_length, s->out, bound);
        if (s->out_length == 0) return Z_STREAM_ERROR;  // cannot happen with the bound
        free(s->in);
        s->in = NULL;
        s->in_length = s->in_capacity = 0;
    } else if (flush != Z_FINISH) {
        return Z_STREAM_ERROR;  // zlib's answer to another flush after Z_FINISH
    } else if (strm->avail_in > 0) {
        return Z_BUF_ERROR;  // and to more input after it
    }

    // Deflated: hand out what the caller has room for.
    size_t n = s->out_length - s->out_given;
    if (n > strm->avail_out) n = strm->avail_out;
    if (n > 0) memcpy(strm->next_out, s->out + s->out_given, n);
    s->out_given += n;
    strm->next_out += n;
    strm->avail_out -= (uInt)n;
    strm->total_out += n;
    if (s->out_given < s->out_length) return n > 0 ? Z_OK : Z_BUF_ERROR;
    return Z_STREAM_END;
}

int deflateEnd(z_streamp strm) {
    zlib_functions();
    ours_state *s = ours(strm);
    if (!s) return zlib_api.deflateEnd ? zlib_api.deflateEnd(strm) : Z_STREAM_ERROR;
    int ret = Z_OK;
    if (s->zlib) {
        ret = zlib_api.deflateEnd(s->zlib);
        free(s->zlib);
    } else if (!s->out && s->started) {
        ret = Z_DATA_ERROR;  // ended before Z_FINISH, as zlib reports it (output pending after Z_FINISH is Z_OK)
    }
    free(s->in);
    free(s->out);
    free(s);
    strm->state = Z_NULL;
    return ret;
}

int mdpdf_deflate_is_ours(z_streamp strm) { return ours(strm) != NULL; }
