// Taking RGBA rows apart into their color and alpha planes, with the CPU's byte
// shuffles (SSSE3) where it has them: the PDF stores an image's colors and its soft
// mask as two images, and a screenshot of 3000 × 1500 pixels is 4.5 million pixels.
#ifndef MDPDF_PIXEL_PLANES_H
#define MDPDF_PIXEL_PLANES_H

#include <stddef.h>
#include <stdint.h>

/// Copies the RGB bytes of `count` RGBA pixels at `rgba` to `rgb` (3 × count bytes) and
/// their A bytes to `alpha` (count bytes); returns the AND of the alpha values (255 when
/// every pixel is opaque). The buffers must not overlap.
uint8_t mdpdf_split_rgba(const uint8_t *rgba, uint8_t *rgb, uint8_t *alpha, size_t count);

/// The same without the shuffles, what the tests compare `mdpdf_split_rgba` with.
uint8_t mdpdf_split_rgba_scalar(const uint8_t *rgba, uint8_t *rgb, uint8_t *alpha, size_t count);

#endif
