#!/usr/bin/env python3
"""Writes the image fixtures the tests read (run by hand; the results are committed, so
the tests never need Pillow). Every raster fixture shows the same upright picture: a
48 x 32 pixel rectangle in four quadrants, red top left, green top right, blue bottom
left, yellow bottom right, so a test can check colors and orientation by sampling the
middle of each quadrant.

    python3 -m pip install pillow numpy && python3 make_fixtures.py
"""
import io
import struct
import zlib

import numpy as np
from PIL import Image, ImageDraw

W, H = 48, 32
RED, GREEN, BLUE, YELLOW = (220, 30, 30), (30, 160, 40), (30, 60, 220), (250, 210, 20)


def quad(w=W, h=H):
    im = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(im)
    d.rectangle([0, 0, w // 2 - 1, h // 2 - 1], fill=RED)
    d.rectangle([w // 2, 0, w - 1, h // 2 - 1], fill=GREEN)
    d.rectangle([0, h // 2, w // 2 - 1, h - 1], fill=BLUE)
    d.rectangle([w // 2, h // 2, w - 1, h - 1], fill=YELLOW)
    return im


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(path, ihdr, raw):
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def strip_segment(data, marker):
    """The JPEG without its first segment of `marker` (e.g. 0xEE, APP14)."""
    i = 2
    while i < len(data) and data[i] == 0xFF and data[i + 1] != 0xDA:
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if data[i + 1] == marker:
            return data[:i] + data[i + 2 + length:]
        i += 2 + length
    raise ValueError("no such segment")


up = quad()
a = np.asarray(up)

# PNG variants that cairo's libpng reader must take.
up.save("quad.png")
png("rgb16.png", struct.pack(">IIBBBBB", W, H, 16, 2, 0, 0, 0),
    b"".join(b"\x00" + (a[y].astype(np.uint16) * 257).astype(">u2").tobytes() for y in range(H)))
adam7 = [(0, 0, 8, 8), (0, 4, 8, 8), (4, 0, 8, 4), (0, 2, 4, 4), (2, 0, 4, 2), (0, 1, 2, 2), (1, 0, 2, 1)]
png("interlaced.png", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 1),
    b"".join(b"\x00" + row.tobytes() for r0, c0, dr, dc in adam7 for row in a[r0::dr, c0::dc] if a[r0::dr, c0::dc].size))
pal = up.quantize(colors=4)
pal.save("palette-transparent.png", transparency=pal.getpixel((W - 1, H - 1)))  # yellow is transparent
la = up.convert("LA")
la.putalpha(128)
la.save("gray-alpha.png")

# PNG kinds embedded with their own data, without cairo's decoder (ImageStandIns): gray,
# indexed without transparency, and RGBA, opaque and half transparent.
up.convert("L").save("gray.png")
up.quantize(colors=4).save("palette.png")  # 2 bits a pixel
q4 = up.quantize(colors=4)
with open("palette8.png", "wb") as f:  # the same, 8 bits a pixel (Pillow writes 2)
    idx = np.asarray(q4)
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 3, 0, 0, 0))
            + chunk(b"PLTE", bytes(q4.getpalette()[:12]))
            + chunk(b"IDAT", zlib.compress(b"".join(b"\x00" + idx[y].astype(np.uint8).tobytes() for y in range(H)), 9))
            + chunk(b"IEND", b""))
up.convert("RGBA").save("rgba-opaque.png")
half = up.convert("RGBA")
half.putalpha(128)
half.save("rgba-half.png")


# A screenshot in little: white, gray and black runs (R = G = B, so its color values run
# byte after byte), one blue button, and a half-transparent shadow along the bottom and
# right edges: both of its planes go into the PDF run-length encoded (PlaneDeflater).
shot = np.full((H, W, 4), 255, np.uint8)
for y0 in (4, 10, 16):
    shot[y0:y0 + 3, 4:30, :3] = 90  # lines of "text"
shot[22:28, 4:20, :3] = (40, 90, 200)  # a button
shot[0, :, :3] = 0  # a rule along the top
shot[H - 3:, :, 3] = 96
shot[:, W - 3:, 3] = 96
png("screenshot.png", struct.pack(">IIBBBBB", W, H, 8, 6, 0, 0, 0), b"".join(b"\x00" + shot[y].tobytes() for y in range(H)))

# The quad picture with its data in stored (uncompressed) deflate blocks: mdpdf deflates
# it again rather than carry it at full size.
with open("stored-blocks.png", "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(b"\x00" + a[y].tobytes() for y in range(H)), 0))
            + chunk(b"IEND", b""))


def filtered(rows, bpp, kinds):
    """PNG rows filtered with the given filter type per row (the specification's five)."""
    out, prior = [], np.zeros_like(rows[0], dtype=np.int32)
    for row, kind in zip(rows, kinds):
        r = row.astype(np.int32)
        left = np.concatenate([np.zeros(bpp, np.int32), r[:-bpp]])
        upleft = np.concatenate([np.zeros(bpp, np.int32), prior[:-bpp]])
        if kind == 0:
            f = r
        elif kind == 1:
            f = r - left
        elif kind == 2:
            f = r - prior
        elif kind == 3:
            f = r - (left + prior) // 2
        else:
            p = left + prior - upleft
            pa, pb, pc = abs(p - left), abs(p - prior), abs(p - upleft)
            f = r - np.where((pa <= pb) & (pa <= pc), left, np.where(pb <= pc, prior, upleft))
        out.append(bytes([kind]) + (f % 256).astype(np.uint8).tobytes())
        prior = r
    return b"".join(out)


# Every filter type on a picture with no flat area: RGBA (x*5, y*7, x*y, (x+y)*3) mod 256,
# rows filtered 0, 1, 2, 3, 4, 0, ... (tests compute the same values).
ys, xs = np.mgrid[0:H, 0:W]
grad = np.stack([xs * 5, ys * 7, xs * ys, (xs + ys) * 3], axis=-1) % 256
rows = [grad[y].astype(np.uint8).reshape(-1) for y in range(H)]
png("filters.png", struct.pack(">IIBBBBB", W, H, 8, 6, 0, 0, 0), filtered(rows, 4, [y % 5 for y in range(H)]))
assert (np.asarray(Image.open("filters.png")) == grad).all()
# The same with two bytes a pixel (gray and alpha: the first two channels).
rows2 = [grad[y, :, :2].astype(np.uint8).reshape(-1) for y in range(H)]
png("filters-gray-alpha.png", struct.pack(">IIBBBBB", W, H, 8, 4, 0, 0, 0), filtered(rows2, 2, [y % 5 for y in range(H)]))
assert (np.asarray(Image.open("filters-gray-alpha.png")) == grad[:, :, :2]).all()

# JPEG variants.
up.save("baseline.jpg", quality=95)
up.save("progressive.jpg", quality=95, progressive=True)
up.convert("L").save("gray.jpg", quality=95)
up.convert("CMYK").save("cmyk-adobe.jpg", quality=95)  # Pillow writes Adobe (inverted) CMYK
# Plain CMYK: the ink values themselves, and no Adobe marker. Pillow inverts what it
# writes, so hand it the inverted values, then drop the marker.
cmyk = np.asarray(up.convert("CMYK"))
buf = io.BytesIO()
Image.fromarray(255 - cmyk, "CMYK").save(buf, "JPEG", quality=95)
open("cmyk-plain.jpg", "wb").write(strip_segment(buf.getvalue(), 0xEE))

# A phone photo: the sensor's pixels as stored, and the EXIF orientation that turns them
# upright. `stored` undoes what the viewer does for each tag.
undo = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
        5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90, 7: Image.Transpose.TRANSVERSE,
        8: Image.Transpose.ROTATE_270}
for tag in range(1, 9):
    stored = up.transpose(undo[tag]) if tag in undo else up
    exif = Image.Exif()
    exif[0x0112] = tag
    stored.save(f"exif-{tag}.jpg", quality=95, exif=exif.tobytes())

# Damaged JPEGs: cut in its scan, and scan data overwritten with garbage.
good = open("baseline.jpg", "rb").read()
scan = good.index(b"\xff\xda")
open("cut-short.jpg", "wb").write(good[:scan + 60])
garbage = bytearray(good)
for k in range(scan + 20, len(good) - 2, 5):
    garbage[k] = 0xFF if k % 2 else 0x00
open("garbage-scan.jpg", "wb").write(bytes(garbage))

# Other formats: the first frame of an animation is the picture.
black = Image.new("RGB", (W, H), (0, 0, 0))
up.save("animated.gif", save_all=True, append_images=[black], duration=100, loop=0)
up.save("lossy.webp", quality=95)
up.save("lossless.webp", lossless=True)
up.save("animated.webp", save_all=True, append_images=[black], duration=100, lossless=True)
up.save("picture.bmp")
up.save("picture.tiff")
