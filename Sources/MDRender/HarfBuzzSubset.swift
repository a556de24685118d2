import CHarfBuzzSubset
import MDPage

/// An OpenType font file opened with HarfBuzz (mapped, not read: only the pages the
/// subsetter touches are loaded), and its `CFF ` table.
final class OpenTypeFont {
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let cffBlob: OpaquePointer
    /// The `CFF ` table's bytes, valid while this object lives.
    let cff: UnsafeRawBufferPointer

    init?(_ file: FontFile) {
        guard file.index >= 0, let blob = hb_blob_create_from_file_or_fail(file.path) else { return nil }
        self.blob = blob
        face = hb_face_create(blob, UInt32(file.index))
        cffBlob = hb_face_reference_table(face, Self.tag("CFF "))
        var length: UInt32 = 0
        let data = hb_blob_get_data(cffBlob, &length)
        cff = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : Int(length))
    }

    deinit {
        hb_blob_destroy(cffBlob)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The font's glyphs `glyphs` (and .notdef, with its outline), as HarfBuzz's subsetter
    /// writes them: their `CFF ` table, and the original glyph id of each glyph of it
    /// (HarfBuzz keeps the original order). Subroutines and hints are kept, and subsetted
    /// properly. nil when HarfBuzz fails.
    ///
    /// Two passes: the subsetter also keeps every glyph a kept glyph's characters reach
    /// through the cmap's variation sequences (Noto Sans CJK JP has a few hundred), which
    /// the PDF would never show. The first pass, from the whole font, keeps the `CFF `
    /// table and the two it needs; the second, from that small font without a cmap,
    /// keeps exactly the glyphs asked for.
    func subsetCFF(_ glyphs: [UInt32]) -> (cff: [UInt8], originalGlyphs: [UInt32])? {
        guard let first = Self.subset(face, glyphs) else { return nil }
        defer { hb_face_destroy(first.face) }
        if first.originalGlyphs.count == Set(glyphs + [0]).count { return (Self.table(of: first.face), first.originalGlyphs) }
        var position: [UInt32: UInt32] = [:]
        for (new, old) in first.originalGlyphs.enumerated() { position[old] = UInt32(new) }
        // The builder face HarfBuzz returns lists no tables: compile it into a font file.
        let compiled = hb_face_reference_blob(first.face)
        let small = hb_face_create(compiled, 0)
        hb_blob_destroy(compiled)
        defer { hb_face_destroy(small) }
        guard let second = Self.subset(small, glyphs.compactMap { position[$0] }) else { return nil }
        defer { hb_face_destroy(second.face) }
        return (Self.table(of: second.face), second.originalGlyphs.map { first.originalGlyphs[Int($0)] })
    }

    /// One subsetter run over `face`: the new face, and the old glyph id of each new one.
    private static func subset(_ face: OpaquePointer?, _ glyphs: [UInt32]) -> (face: OpaquePointer, originalGlyphs: [UInt32])? {
        guard let input = hb_subset_input_create_or_fail() else { return nil }
        defer { hb_subset_input_destroy(input) }
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NOTDEF_OUTLINE.rawValue)
        let set = hb_subset_input_glyph_set(input)
        for glyph in glyphs { hb_set_add(set, glyph) }
        let drop = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
        let keep = Set(["CFF ", "head", "maxp"].map(tag))
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var start: UInt32 = 0
        while true {
            var count = UInt32(tags.count)
            hb_face_get_table_tags(face, start, &count, &tags)
            for t in tags.prefix(Int(count)) where !keep.contains(t) { hb_set_add(drop, t) }
            if count < UInt32(tags.count) { break }
            start += count
        }
        guard let plan = hb_subset_plan_create_or_fail(face, input) else { return nil }
        defer { hb_subset_plan_destroy(plan) }
        let map = hb_subset_plan_new_to_old_glyph_mapping(plan)
        let count = hb_map_get_population(map)
        var originalGlyphs: [UInt32] = []
        for new in 0..<UInt32(count) {
            let old = hb_map_get(map, new)
            guard old != UInt32.max else { return nil }  // HB_MAP_VALUE_INVALID
            originalGlyphs.append(old)
        }
        guard let result = hb_subset_plan_execute_or_fail(plan) else { return nil }
        return (result, originalGlyphs)
    }

    private static func table(of face: OpaquePointer) -> [UInt8] {
        let blob = hb_face_reference_table(face, tag("CFF "))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    private static func tag(_ name: String) -> hb_tag_t { hb_tag_from_string(name, 4) }
}
