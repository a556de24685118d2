#!/usr/bin/env python3
"""Writes the pictures samples/images.md shows, one per format and variant (run by
hand; the results are committed). Each is the same little landscape with its format
written on it.   python3 -m pip install pillow && python3 make_samples.py
"""
import io
import struct
import zlib

from PIL import Image, ImageDraw, ImageFont

W, H = 240, 150


def scene(label, w=W, h=H):
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    for y in range(h):  # sky: deep blue to pale orange
        t = y / h
        d.line([(0, y), (w, y)], fill=(int(40 + 200 * t), int(90 + 110 * t), int(200 - 60 * t)))
    d.ellipse([w * 0.62, h * 0.18, w * 0.82, h * 0.18 + w * 0.2], fill=(255, 214, 90))
    d.polygon([(0, h), (0, h * 0.7), (w * 0.3, h * 0.52), (w * 0.6, h * 0.75), (w, h * 0.6), (w, h)], fill=(46, 125, 70))
    d.polygon([(0, h), (0, h * 0.85), (w * 0.45, h * 0.72), (w, h * 0.9), (w, h)], fill=(30, 90, 50))
    try:
        font = ImageFont.truetype("DejaVuSans-Bold.ttf", 22)
    except OSError:
        font = ImageFont.load_default()
    d.rounded_rectangle([8, 8, 16 + d.textlength(label, font=font), 40], radius=6, fill=(255, 255, 255))
    d.text((12, 11), label, fill=(20, 20, 20), font=font)
    return im


scene("PNG").save("scene.png", optimize=True)
scene("JPEG").save("scene.jpg", quality=85)
scene("JPEG progressive").save("scene-progressive.jpg", quality=85, progressive=True)
scene("JPEG CMYK").convert("CMYK").save("scene-cmyk.jpg", quality=85)
frames = [scene("GIF"), scene("GIF frame 2").transpose(Image.Transpose.FLIP_LEFT_RIGHT)]
frames[0].save("scene.gif", save_all=True, append_images=frames[1:], duration=500, loop=0)
scene("WebP").save("scene.webp", quality=85)
scene("BMP").quantize(colors=64).save("scene.bmp")
scene("TIFF").save("scene.tiff", compression="tiff_deflate")
# A phone photo: stored sideways with the EXIF tag that turns it upright (6: a quarter
# turn clockwise to view).
exif = Image.Exif()
exif[0x0112] = 6
scene("JPEG, EXIF 6").transpose(Image.Transpose.ROTATE_90).save("scene-phone.jpg", quality=85, exif=exif.tobytes())
