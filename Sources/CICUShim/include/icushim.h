#ifndef MDPDF_ICUSHIM_H
#define MDPDF_ICUSHIM_H
#include <stdint.h>
#include <stddef.h>
/* Filled in by the text stage. */
#endif
