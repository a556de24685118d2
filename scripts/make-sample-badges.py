#!/usr/bin/env python3
"""Draws the small PNGs that samples/showcase.md sets inline: README-style badges
(20 px tall, like shields.io's) and a 16 px icon. Only needed to change them; the PNGs
are checked in. Needs Pillow and DejaVu Sans (fonts-dejavu-core). Output is
deterministic for a given Pillow version."""
import os
from PIL import Image, ImageDraw, ImageFont

OUT = os.path.join(os.path.dirname(__file__), "..", "samples", "images")
FONT = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 11)
BOLD = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 11)

def badge(name, label, value, color):
    pad, h = 6, 20
    lw = int(FONT.getlength(label)) + 2 * pad
    vw = int(FONT.getlength(value)) + 2 * pad
    # Drawn at 4x and scaled down, so the rounded corners are smooth.
    s = 4
    big = Image.new("RGBA", ((lw + vw) * s, h * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle([0, 0, (lw + vw) * s - 1, h * s - 1], radius=3 * s, fill=color)
    d.rounded_rectangle([0, 0, lw * s + 3 * s, h * s - 1], radius=3 * s, fill=(85, 85, 85, 255))
    d.rectangle([lw * s, 0, lw * s + 3 * s, h * s - 1], fill=color)
    img = big.resize((lw + vw, h), Image.LANCZOS)
    d = ImageDraw.Draw(img)
    for text, x0, w in ((label, 0, lw), (value, lw, vw)):
        x = x0 + (w - FONT.getlength(text)) / 2
        d.text((x, 14.5), text, font=FONT, fill=(255, 255, 255, 255), anchor="ls")
    img.save(os.path.join(OUT, name), optimize=True)

def icon(name):
    s, n = 8, 16
    big = Image.new("RGBA", (n * s, n * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse([s // 2, s // 2, n * s - s // 2, n * s - s // 2], fill=(3, 102, 214, 255))
    img = big.resize((n, n), Image.LANCZOS)
    d = ImageDraw.Draw(img)
    d.text((8, 13), "i", font=BOLD, fill=(255, 255, 255, 255), anchor="ms")
    img.save(os.path.join(OUT, name), optimize=True)

badge("badge-build.png", "build", "passing", (68, 204, 17, 255))
badge("badge-license.png", "license", "MIT", (0, 126, 198, 255))
badge("badge-swift.png", "swift", "6.0", (240, 81, 56, 255))
badge("badge-platform.png", "platform", "linux", (151, 202, 0, 255))
badge("badge-pdf.png", "output", "PDF 1.5", (110, 84, 148, 255))
badge("badge-docs.png", "docs", "latest", (0, 126, 198, 255))
badge("badge-coverage.png", "coverage", "94%", (68, 204, 17, 255))
badge("badge-release.png", "release", "v1.2.0", (0, 126, 198, 255))
icon("icon-info.png")
