// See pixel_planes.h. Four pixels (16 bytes) per step: one shuffle gathers their twelve
// color bytes, another their four alpha bytes. Runs on any x86-64: the SSSE3 path is
// taken when the CPU has it (every x86-64 CPU since 2006), the scalar one otherwise,
// and both give the same bytes (the tests compare them).

#include "pixel_planes.h"

#include <string.h>

static uint8_t split_scalar(const uint8_t *rgba, uint8_t *rgb, uint8_t *alpha, size_t count) {
    uint8_t all = 255;
    for (size_t i = 0; i < count; i++) {
        rgb[3 * i] = rgba[4 * i];
        rgb[3 * i + 1] = rgba[4 * i + 1];
        rgb[3 * i + 2] = rgba[4 * i + 2];
        alpha[i] = rgba[4 * i + 3];
        all &= rgba[4 * i + 3];
    }
    return all;
}

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("ssse3")))
static uint8_t split_ssse3(const uint8_t *rgba, uint8_t *rgb, uint8_t *alpha, size_t count) {
    const __m128i colors = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m128i alphas = _mm_setr_epi8(3, 7, 11, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    __m128i all = _mm_set1_epi8(-1);
    size_t i = 0;
    // A step stores 16 color bytes, 4 past its 12: stop while the last step's spill
    // still lands inside `rgb` (it is overwritten by the next step or the tail).
    for (; i + 8 <= count; i += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(rgba + 4 * i));
        _mm_storeu_si128((__m128i *)(rgb + 3 * i), _mm_shuffle_epi8(v, colors));
        int a = _mm_cvtsi128_si32(_mm_shuffle_epi8(v, alphas));
        memcpy(alpha + i, &a, 4);
        all = _mm_and_si128(all, v);
    }
    // The alpha bytes are every fourth byte of `all`.
    uint8_t lanes[16];
    _mm_storeu_si128((__m128i *)lanes, all);
    uint8_t result = lanes[3] & lanes[7] & lanes[11] & lanes[15];
    return result & split_scalar(rgba + 4 * i, rgb + 3 * i, alpha + i, count - i);
}
#endif

uint8_t mdpdf_split_rgba(const uint8_t *rgba, uint8_t *rgb, uint8_t *alpha, size_t count) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("ssse3")) return split_ssse3(rgba, rgb, alpha, count);
#endif
    return split_scalar(rgba, rgb, alpha, count);
}

uint8_t mdpdf_split_rgba_scalar(const uint8_t *rgba, uint8_t *rgb, uint8_t *alpha, size_t count) {
    return split_scalar(rgba, rgb, alpha, count);
}
