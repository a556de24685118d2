#include "icushim.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>

struct mdicu_breaker {
    UBreakIterator *iterator;
    UText *text;       /* reused by utext_openUTF8 for every run */
    int32_t kind;
};

mdicu_breaker *mdicu_breaker_open(int32_t kind, const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == MDICU_BREAK_CHARACTER ? UBRK_CHARACTER : UBRK_LINE;
    UBreakIterator *iterator = ubrk_open(type, locale ? locale : "", NULL, 0, &status);
    if (U_FAILURE(status) || !iterator) return NULL;
    mdicu_breaker *breaker = calloc(1, sizeof *breaker);
    if (!breaker) { ubrk_close(iterator); return NULL; }
    breaker->iterator = iterator;
    breaker->kind = kind;
    return breaker;
}

void mdicu_breaker_close(mdicu_breaker *breaker) {
    if (!breaker) return;
    ubrk_close(breaker->iterator);
    if (breaker->text) utext_close(breaker->text);
    free(breaker);
}

int32_t mdicu_breaker_run(mdicu_breaker *breaker, const char *text, int32_t length,
                          int32_t *offsets, uint8_t *hard, int32_t capacity) {
    if (length <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    breaker->text = utext_openUTF8(breaker->text, text, length, &status);
    if (U_FAILURE(status)) return -1;
    ubrk_setUText(breaker->iterator, breaker->text, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    int32_t last = 0;
    for (int32_t b = ubrk_following(breaker->iterator, 0); b != UBRK_DONE;
         b = ubrk_next(breaker->iterator)) {
        if (b <= last) continue;
        last = b;
        if (count < capacity) {
            offsets[count] = b;
            if (hard) {
                hard[count] = breaker->kind == MDICU_BREAK_LINE
                    && ubrk_getRuleStatus(breaker->iterator) >= UBRK_LINE_HARD;
            }
        }
        count++;
    }
    /* The break iterator keeps a pointer to the caller's bytes; drop it now. */
    breaker->text = utext_openUTF8(breaker->text, "", 0, &status);
    ubrk_setUText(breaker->iterator, breaker->text, &status);
    return count;
}

int32_t mdicu_line_may_break_between(int32_t before, int32_t after) {
    int32_t b = u_getIntPropertyValue(before, UCHAR_LINE_BREAK);
    if (b == U_LB_OPEN_PUNCTUATION || u_charType(before) == U_INITIAL_PUNCTUATION) return 0;
    if (u_charType(after) == U_FINAL_PUNCTUATION) return 0;
    switch (u_getIntPropertyValue(after, UCHAR_LINE_BREAK)) {
    case U_LB_CLOSE_PUNCTUATION:
    case U_LB_CLOSE_PARENTHESIS:
    case U_LB_EXCLAMATION:
    case U_LB_INFIX_NUMERIC:
    case U_LB_NONSTARTER:
    case U_LB_CONDITIONAL_JAPANESE_STARTER:
        return 0;
    default:
        return 1;
    }
}

int32_t mdicu_punctuation_kind(int32_t c) {
    switch (u_getIntPropertyValue(c, UCHAR_LINE_BREAK)) {
    case U_LB_OPEN_PUNCTUATION: return MDICU_PUNCTUATION_OPENING;
    case U_LB_CLOSE_PUNCTUATION:
    case U_LB_CLOSE_PARENTHESIS: return MDICU_PUNCTUATION_CLOSING;
    default: return MDICU_PUNCTUATION_NONE;
    }
}

struct mdicu_bidi {
    UBiDi *bidi;
    UChar *utf16;      /* scratch, grown as needed */
    int32_t capacity;  /* in UChars */
};

mdicu_bidi *mdicu_bidi_open(void) {
    UBiDi *ubidi = ubidi_open();
    if (!ubidi) return NULL;
    mdicu_bidi *bidi = calloc(1, sizeof *bidi);
    if (!bidi) { ubidi_close(ubidi); return NULL; }
    bidi->bidi = ubidi;
    return bidi;
}

void mdicu_bidi_close(mdicu_bidi *bidi) {
    if (!bidi) return;
    ubidi_close(bidi->bidi);
    free(bidi->utf16);
    free(bidi);
}

/* Bytes in the UTF-8 sequence introduced by `lead` (the input is valid UTF-8). */
static int32_t utf8_length(uint8_t lead) {
    if (lead < 0x80) return 1;
    if (lead < 0xE0) return 2;
    if (lead < 0xF0) return 3;
    return 4;
}

int32_t mdicu_bidi_levels(mdicu_bidi *bidi, const char *text, int32_t length,
                          uint8_t base_level, uint8_t *levels, uint8_t *paragraph_level) {
    uint8_t fallback = base_level == MDICU_BIDI_DEFAULT_LTR ? 0 : base_level;
    if (paragraph_level) *paragraph_level = fallback;
    if (length <= 0) return fallback ? 1 : 0;
    memset(levels, fallback, (size_t)length);
    /* UTF-16 never needs more units than UTF-8 has bytes. */
    if (bidi->capacity < length) {
        UChar *grown = realloc(bidi->utf16, (size_t)length * sizeof(UChar));
        if (!grown) return -1;
        bidi->utf16 = grown;
        bidi->capacity = length;
    }
    UErrorCode status = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8WithSub(bidi->utf16, bidi->capacity, &units, text, length, 0xFFFD, NULL, &status);
    if (U_FAILURE(status)) return -1;
    UBiDiLevel requested = base_level == MDICU_BIDI_DEFAULT_LTR ? UBIDI_DEFAULT_LTR : base_level;
    ubidi_setPara(bidi->bidi, bidi->utf16, units, requested, NULL, &status);
    if (U_FAILURE(status)) return -1;
    UBiDiLevel level = ubidi_getParaLevel(bidi->bidi);
    /* With a default level ICU decides per paragraph separator; one text is one block
       here, so the first paragraph's level is imposed on the others. */
    if (requested == UBIDI_DEFAULT_LTR && ubidi_countParagraphs(bidi->bidi) > 1) {
        ubidi_setPara(bidi->bidi, bidi->utf16, units, level, NULL, &status);
        if (U_FAILURE(status)) return -1;
    }
    if (paragraph_level) *paragraph_level = level;
    UBiDiDirection direction = ubidi_getDirection(bidi->bidi);
    if (direction == UBIDI_LTR && level == 0) {
        memset(levels, 0, (size_t)length);
        return 0;
    }
    const UBiDiLevel *levels16 = ubidi_getLevels(bidi->bidi, &status);
    if (U_FAILURE(status) || !levels16) {
        memset(levels, fallback, (size_t)length);
        if (paragraph_level) *paragraph_level = fallback;
        return -1;
    }
    /* Walk both encodings at once: one code point is 1-4 bytes and 1-2 UTF-16 units. */
    int32_t byte = 0, unit = 0;
    while (byte < length && unit < units) {
        int32_t n8 = utf8_length((uint8_t)text[byte]);
        if (byte + n8 > length) n8 = length - byte;
        memset(levels + byte, levels16[unit], (size_t)n8);
        byte += n8;
        unit += n8 == 4 ? 2 : 1;
    }
    return 1;
}
