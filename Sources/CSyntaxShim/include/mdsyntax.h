#ifndef MDPDF_MDSYNTAX_H
#define MDPDF_MDSYNTAX_H
/*
 * A plain-C face over KDE's KSyntaxHighlighting (a Qt 5 C++ library), built as its own
 * shared library (libmdpdf-syntax.so) that mdpdf loads with dlopen the first time a
 * code block names a language: linking Qt into the main binary would make every run,
 * even of a document without code, pay for loading Qt (about 8 ms measured).
 *
 * No Qt or C++ type crosses this header. Text is UTF-8; every offset and length is in
 * UTF-8 bytes. Swift resolves these symbols with dlsym, so their signatures here and
 * in Sources/MDHighlight/SyntaxLibrary.swift must agree.
 */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a highlighted stretch is: KSyntaxHighlighting's ~30 text styles folded into the
   token kinds mdpdf's themes color. The values are mdpdf's own (Swift's TokenKind has
   the same raw values), so they do not depend on the library's enum layout. */
enum {
    MDSYNTAX_KEYWORD = 1,       /* Keyword, ControlFlow */
    MDSYNTAX_TYPE = 2,          /* DataType */
    MDSYNTAX_BUILTIN = 3,       /* BuiltIn, Extension */
    MDSYNTAX_FUNCTION = 4,      /* Function */
    MDSYNTAX_VARIABLE = 5,      /* Variable */
    MDSYNTAX_CONSTANT = 6,      /* Constant */
    MDSYNTAX_NUMBER = 7,        /* DecVal, BaseN, Float */
    MDSYNTAX_STRING = 8,        /* String, VerbatimString, SpecialString, Char */
    MDSYNTAX_ESCAPE = 9,        /* SpecialChar */
    MDSYNTAX_COMMENT = 10,      /* Comment, Documentation, CommentVar, RegionMarker */
    MDSYNTAX_PREPROCESSOR = 11, /* Preprocessor, Import (C's #include, Rust's macros) */
    MDSYNTAX_ATTRIBUTE = 12,    /* Attribute, Annotation */
    MDSYNTAX_OPERATOR = 13,     /* Operator */
    MDSYNTAX_ERROR = 14,        /* Error */
    MDSYNTAX_ALERT = 15,        /* Alert, Warning, Information (TODO in comments) */
};

/* The syntax definitions (about 360 languages, compiled into KSyntaxHighlighting). */
typedef struct mdsyntax_repository mdsyntax_repository;

/* Opens the repository (reads only the definitions' index; each definition is parsed
   the first time it is used). Never NULL. Not thread-safe: callers serialise use. */
mdsyntax_repository *mdsyntax_open(void);
void mdsyntax_close(mdsyntax_repository *repository);

/* The number of definitions, hidden ones included. */
int32_t mdsyntax_definition_count(mdsyntax_repository *repository);

/* Finds a definition by its name (case-insensitive, "Rust", "C++") or, when `name` is
   not one, by the file name `file_name` ("x.rs"; NULL to skip). Copies the definition's
   name, NUL-terminated, into `out`. Returns the name's length in bytes, 0 when nothing
   matches, or -1 when `capacity` is too small. */
int32_t mdsyntax_find(mdsyntax_repository *repository, const char *name, const char *file_name,
                      char *out, int32_t capacity);

/* Highlights `length` bytes of UTF-8 `text`, line by line (a line ends at '\n'), with
   the definition named `definition`. On success `*spans` receives `3 * n` integers,
   (start, length, kind) for each of the n highlighted stretches in text order, `kind`
   one of the MDSYNTAX_ values (plain text has no stretch; adjacent stretches of one
   kind are merged); free them with mdsyntax_free. Returns n, or -1 when the definition does not exist. */
int32_t mdsyntax_highlight(mdsyntax_repository *repository, const char *definition,
                           const char *text, int32_t length, int32_t **spans);
void mdsyntax_free(int32_t *spans);

#ifdef __cplusplus
}
#endif
#endif
