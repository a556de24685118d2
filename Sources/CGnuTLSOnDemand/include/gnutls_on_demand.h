#ifndef MDPDF_GNUTLS_ON_DEMAND_H
#define MDPDF_GNUTLS_ON_DEMAND_H

/// The GnuTLS functions libqpdf.a's crypto provider calls are defined in this target (see
/// gnutls_on_demand.c): MD5 through libmd, everything else through GnuTLS loaded with
/// dlopen on first use. This reports whether that load has happened (for tests: a
/// conversion never needs it, since mdpdf writes unencrypted PDFs).
int mdpdf_gnutls_loaded(void);

#endif
