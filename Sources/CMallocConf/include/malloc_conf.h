#ifndef MDPDF_MALLOC_CONF_H
#define MDPDF_MALLOC_CONF_H

/// jemalloc's compiled-in options for the command line (see malloc_conf.c).
extern const char *malloc_conf;

#endif
