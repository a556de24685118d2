/// What reading a face's tables taught about it, kept with what `stat` said of the file
/// it was read from (`SystemFonts.shapesWordsAlone`, the font lookup cache): valid
/// while the file is the same one (the same device, inode, size, modification and
/// change times: the change time catches a rewrite that kept the modification time,
/// `cp -p`).
///
/// Why keep it: `Face.shapesWordsAlone` collects the glyphs of every GSUB and GPOS
/// lookup, about half a million instructions a face beyond HarfBuzz's loading of the
/// tables (which shaping needs anyway), in every conversion: a one-line document's two
/// faces, 1 of its 27.5 million.
struct FaceTraits: Hashable, Sendable {
    var file: PathSignature
    var shapesWordsAlone: Bool
}
