// The ten GnuTLS functions that libqpdf.a's crypto provider (QPDFCrypto_gnutls, the only
// one Debian's qpdf is built with) calls, defined here so that mdpdf is not linked against
// libgnutls. Linked, GnuTLS and the nine libraries it needs (nettle, hogweed, gmp, p11-kit,
// libunistring, libidn2, libtasn1…) were loaded, relocated and initialised at every start:
// about 6.7 million instructions and 150 page faults, a quarter of a one-line document's
// start-up, for a library a conversion uses only for MD5 (qpdf's deterministic /ID).
//
// MD5 is computed by libmd (a small library of message digests, part of every Debian
// system through libbsd). Every other call (SHA-2, RC4, AES, random data: only for
// encrypted PDFs, which mdpdf neither reads nor writes today) goes to the real GnuTLS,
// loaded with dlopen on first use; if it cannot be loaded the call fails with GnuTLS's
// own error code, which qpdf reports as an error.
//
// The definitions are hidden: they satisfy libqpdf.a's references when the binary is
// linked and are never exported, so no other library can bind to them.

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <md5.h>

#pragma GCC visibility push(hidden)
#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>
#include "gnutls_on_demand.h"

/// The real library, loaded once (RTLD_LOCAL: its symbols do not join the global scope).
static void *gnutls_library;
static pthread_once_t gnutls_once = PTHREAD_ONCE_INIT;

static void load_gnutls(void) {
    gnutls_library = dlopen("libgnutls.so.30", RTLD_NOW | RTLD_LOCAL);
}

/// The real GnuTLS function `name`, or NULL when GnuTLS cannot be loaded.
static void *real(const char *name) {
    pthread_once(&gnutls_once, load_gnutls);
    return gnutls_library ? dlsym(gnutls_library, name) : NULL;
}

int mdpdf_gnutls_loaded(void) {
    return gnutls_library != NULL;
}

/// A digest in progress: MD5 here, any other algorithm in the real GnuTLS.
struct deferred_hash {
    int is_md5;
    MD5_CTX md5;
    gnutls_hash_hd_t real;
};

int gnutls_hash_init(gnutls_hash_hd_t *dig, gnutls_digest_algorithm_t algorithm) {
    struct deferred_hash *h = calloc(1, sizeof *h);
    if (!h) return GNUTLS_E_MEMORY_ERROR;
    if (algorithm == GNUTLS_DIG_MD5) {
        h->is_md5 = 1;
        MD5Init(&h->md5);
    } else {
        int (*init)(gnutls_hash_hd_t *, gnutls_digest_algorithm_t) = real("gnutls_hash_init");
        int code = init ? init(&h->real, algorithm) : GNUTLS_E_UNIMPLEMENTED_FEATURE;
        if (code < 0) { free(h); return code; }
    }
    *dig = (gnutls_hash_hd_t)h;
    return 0;
}

int gnutls_hash(gnutls_hash_hd_t handle, const void *text, size_t textlen) {
    struct deferred_hash *h = (struct deferred_hash *)handle;
    if (h->is_md5) { MD5Update(&h->md5, text, textlen); return 0; }
    int (*hash)(gnutls_hash_hd_t, const void *, size_t) = real("gnutls_hash");
    return hash(h->real, text, textlen);
}

void gnutls_hash_deinit(gnutls_hash_hd_t handle, void *digest) {
    struct deferred_hash *h = (struct deferred_hash *)handle;
    if (h->is_md5) {
        uint8_t out[MD5_DIGEST_LENGTH];
        MD5Final(out, &h->md5);
        if (digest) memcpy(digest, out, sizeof out);
    } else {
        void (*deinit)(gnutls_hash_hd_t, void *) = real("gnutls_hash_deinit");
        deinit(h->real, digest);
    }
    free(h);
}

int gnutls_cipher_init(gnutls_cipher_hd_t *handle, gnutls_cipher_algorithm_t cipher,
                       const gnutls_datum_t *key, const gnutls_datum_t *iv) {
    int (*f)(gnutls_cipher_hd_t *, gnutls_cipher_algorithm_t, const gnutls_datum_t *,
             const gnutls_datum_t *) = real("gnutls_cipher_init");
    return f ? f(handle, cipher, key, iv) : GNUTLS_E_UNIMPLEMENTED_FEATURE;
}

int gnutls_cipher_encrypt2(gnutls_cipher_hd_t handle, const void *text, size_t textlen,
                           void *ciphertext, size_t ciphertextlen) {
    int (*f)(gnutls_cipher_hd_t, const void *, size_t, void *, size_t) = real("gnutls_cipher_encrypt2");
    return f(handle, text, textlen, ciphertext, ciphertextlen);
}

int gnutls_cipher_decrypt2(gnutls_cipher_hd_t handle, const void *ciphertext, size_t ciphertextlen,
                           void *text, size_t textlen) {
    int (*f)(gnutls_cipher_hd_t, const void *, size_t, void *, size_t) = real("gnutls_cipher_decrypt2");
    return f(handle, ciphertext, ciphertextlen, text, textlen);
}

void gnutls_cipher_deinit(gnutls_cipher_hd_t handle) {
    void (*f)(gnutls_cipher_hd_t) = real("gnutls_cipher_deinit");
    f(handle);
}

size_t gnutls_cipher_get_key_size(gnutls_cipher_algorithm_t algorithm) {
    size_t (*f)(gnutls_cipher_algorithm_t) = real("gnutls_cipher_get_key_size");
    return f ? f(algorithm) : 0;
}

int gnutls_rnd(gnutls_rnd_level_t level, void *data, size_t len) {
    int (*f)(gnutls_rnd_level_t, void *, size_t) = real("gnutls_rnd");
    return f ? f(level, data, len) : GNUTLS_E_UNIMPLEMENTED_FEATURE;
}

const char *gnutls_strerror(int error) {
    const char *(*f)(int) = real("gnutls_strerror");
    return f ? f(error) : "GnuTLS (libgnutls.so.30) could not be loaded";
}
#pragma GCC visibility pop
