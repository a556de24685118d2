#!/usr/bin/env bash
# Installs the Debian packages mdpdf needs to build, run and test, when missing.
# Safe to run again: it installs only what is not there yet.
set -euo pipefail

packages=(
  # build: the C libraries behind the pipeline
  pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libharfbuzz-dev libfreetype-dev
  libfontconfig-dev libcairo2-dev libicu-dev libhyphen-dev zlib1g-dev
  # build: libdeflate, which deflates the planes of PNGs with alpha and the PDF's object
  # streams (whole-buffer, fast); xxHash (header only), the digest that is the PDF's file
  # identifier
  libdeflate-dev libxxhash-dev
  # build: gumbo, the HTML5 parser that reads the raw HTML in Markdown; libyaml, the
  # YAML parser that reads front matter (linked statically)
  libgumbo-dev libyaml-dev
  # build and run: jemalloc, the command line's allocator
  libjemalloc-dev
  # build: syntax highlighting (KDE's KSyntaxHighlighting, Qt 5), built into its own
  # shared library that mdpdf loads only when a code block names a language
  libkf5syntaxhighlighting-dev
  # build: image decoders, built into their own shared library that mdpdf loads only
  # when a document shows an image other than a PNG (SVG, GIF/BMP/TIFF, JPEG, WebP, EXIF)
  librsvg2-dev libgdk-pixbuf-2.0-dev libjpeg62-turbo-dev libwebp-dev libexif-dev
  # run: the default themes' fonts and script fallbacks, hyphenation patterns
  fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-noto-mono
  fonts-dejavu-core fonts-dejavu-extra fonts-liberation2 hyphen-en-us hyphen-de hyphen-fr
  # math: Latin Modern Math (the default math font, with an OpenType MATH table)
  fonts-lmodern
  # test and benchmark: read PDFs back (PyMuPDF reports span colors and fonts;
  # cmark-gfm lists a document's code blocks for the tests to find in the PDF;
  # fontTools draws the glyphs of embedded CFF fonts for CJKGlyphTests; GNU time
  # measures make bench's peak memory; strace sees that `-j 1` starts no thread)
  poppler-utils qpdf python3 python3-fitz python3-fonttools cmark-gfm time strace
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi
echo "mdpdf setup: installing ${missing[*]}" >&2
sudo=""
if [[ $(id -u) != 0 ]]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
