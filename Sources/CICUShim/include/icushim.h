#ifndef MDPDF_ICUSHIM_H
#define MDPDF_ICUSHIM_H
/*
 * A plain-C face over the few ICU calls the text stage needs. ICU renames its symbols
 * per version (ubrk_open is ubrk_open_72) and its headers clash with Foundation's
 * private ICU when imported into Swift, so the ICU headers are included only in
 * icushim.c and this header uses plain C types. All text is UTF-8 and all offsets are
 * UTF-8 byte offsets, the unit HarfBuzz uses for clusters.
 */
#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Which boundaries a breaker finds. */
enum {
    MDICU_BREAK_LINE = 0,       /* UAX #14 line-break opportunities */
    MDICU_BREAK_CHARACTER = 1,  /* UAX #29 extended grapheme clusters */
};

/* A reusable ICU break iterator (opening one costs far more than reusing it). */
typedef struct mdicu_breaker mdicu_breaker;

/* Opens a breaker of the given kind for a locale ("" or NULL: root). NULL on failure. */
mdicu_breaker *mdicu_breaker_open(int32_t kind, const char *locale);
void mdicu_breaker_close(mdicu_breaker *breaker);

/*
 * Finds the boundaries of `text` (`length` bytes of UTF-8), excluding offset 0 and
 * including `length` when length > 0. Writes at most `capacity` offsets (ascending) and,
 * if `hard` is not NULL, for each one whether it is a mandatory line break (ICU rule
 * status >= UBRK_LINE_HARD; always 0 for character breaks). Returns the number of
 * boundaries found (which may exceed `capacity`; `length` entries always suffice), or
 * -1 on an ICU error.
 */
int32_t mdicu_breaker_run(mdicu_breaker *breaker, const char *text, int32_t length,
                          int32_t *offsets, uint8_t *hard, int32_t capacity);

/*
 * Kinsoku by ICU's own line-break classes (UAX #14, as ICU's default rules apply
 * them): whether a line may end between code point `before` and code point `after`
 * as far as these two characters go. No when `before` is an opening bracket (class
 * OP: ( [ 「 『 （) or an initial quotation mark (general category Pi: “ ‘), or when
 * `after` may not start a line: closing brackets (CL, CP: 」 ） ] )), final quotation
 * marks (Pf: ” ’), full stops and commas (CL, IS: 。 、 , .), ! and ? (EX), and the
 * characters that do not start a line in Chinese and Japanese (NS and CJ: small kana,
 * ー, 々, ・, ゝ). Used where a line must be cut at a place the line-break iterator
 * does not offer (a word longer than the line): the iterator already honours these.
 */
int32_t mdicu_line_may_break_between(int32_t before, int32_t after);

/* Which side of its em box a punctuation mark's ink sits on, by its line-break class. */
enum {
    MDICU_PUNCTUATION_NONE = 0,
    MDICU_PUNCTUATION_OPENING = 1,  /* class OP: ( [ 「 『 （ — ink on the right half */
    MDICU_PUNCTUATION_CLOSING = 2,  /* classes CL, CP: ) ] 」 』 ） 、 。 — ink on the left */
};
int32_t mdicu_punctuation_kind(int32_t c);

/* A reusable bidi analyser (ubidi plus a UTF-16 scratch buffer). */
typedef struct mdicu_bidi mdicu_bidi;

mdicu_bidi *mdicu_bidi_open(void);
void mdicu_bidi_close(mdicu_bidi *bidi);

/*
 * Asks `mdicu_bidi_levels` to find the paragraph level itself (UBA rules P2/P3): the
 * first strong character decides, left-to-right when there is none.
 */
#define MDICU_BIDI_DEFAULT_LTR 0xFE

/*
 * Resolves the UBA embedding level of every byte of `text` (`length` bytes of UTF-8)
 * in a paragraph whose base level is `base_level`: 0 left-to-right, 1 right-to-left, or
 * MDICU_BIDI_DEFAULT_LTR. Writes `length` levels to `levels` (all bytes of one code
 * point get the same level) and, if `paragraph_level` is not NULL, the base level used.
 * The text is one paragraph with one base level even when it contains paragraph
 * separators (a newline in a code block or a hard break): with the default, the first
 * line's direction holds for all of them, as `dir="auto"` does for an HTML block.
 * Returns 0 when every level is 0 (levels are then all zero), 1 otherwise, -1 on an ICU
 * error (levels and the paragraph level are then all 0, or `base_level` if explicit).
 */
int32_t mdicu_bidi_levels(mdicu_bidi *bidi, const char *text, int32_t length,
                          uint8_t base_level, uint8_t *levels, uint8_t *paragraph_level);

#ifdef __cplusplus
}
#endif
#endif
