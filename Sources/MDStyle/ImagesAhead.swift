import MDMarkdown

extension DocumentStyler {
    /// Starts looking up every image the blocks show (Markdown and HTML `<img>` alike,
    /// in document order) before any block is styled, on a thread of its own
    /// (`ImageProbeCache.probeAhead`), so that the renderer hears of each image as soon
    /// as it is checked and prepares PNGs (`ImageStandIns`: decoding and deflating the
    /// color and alpha planes of the Rust book's 3000 × 1500 screenshots holds a 13.5 MB
    /// plane for each) from the start, while memory is low and long before the
    /// post-processing pass waits for them. Styling goes on meanwhile and finds each
    /// lookup done or waits for it; nothing here warns, styling does when it meets the
    /// image. An image's fallbacks are looked up by styling, when the image fails.
    func lookUpImagesAhead(_ blocks: [Block], footnotes: [FootnoteDefinition]) {
        let sources = MarkdownDocument.imageSources(blocks, footnotes: footnotes)
        images.probeAhead(sources.filter { !Self.isRemote($0) }.map(resolve))
    }
}
