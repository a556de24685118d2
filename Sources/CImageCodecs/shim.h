#include <librsvg/rsvg.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdio.h>
#include <jpeglib.h>
#include <libexif/exif-data.h>
#include <webp/decode.h>
#include <webp/demux.h>
