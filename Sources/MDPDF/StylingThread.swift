import FoundationEssentials
import Glibc
import MDCore
import MDMarkdown
import MDStyle
import MDTheme

/// Styling on a thread of its own, handing layout each top-level block as soon as it is
/// final (`StyledStream`), so that layout, on its own thread, and drawing start within
/// milliseconds of parsing. Styling writes the conversion's warnings while it runs;
/// layout writes its own into `layoutDiagnostics`, which `finish` puts after styling's,
/// as a serial run orders them.
struct StylingThread {
    let stream: StyledStream
    private let layoutDiagnostics: DiagnosticSink

    /// Starts styling `document` (taken over: its blocks are freed as they are styled);
    /// `diagnostics` is the conversion's sink, written by the styling thread until it ends.
    init(_ document: consuming MarkdownDocument, theme: Theme, options: StyleOptions, diagnostics: DiagnosticSink,
         layoutDiagnostics: DiagnosticSink) {
        let (stream, style) = DocumentStyler.stream(consume document, theme: theme, options: options, diagnostics: diagnostics)
        self.stream = stream
        self.layoutDiagnostics = layoutDiagnostics
        // Styling recurses on nesting depth (lists in lists); give it the main thread's room.
        DetachedThread.start(stackSize: 16 << 20) { style() }
    }

    /// Waits for styling to end (it has once layout has taken the last block), then adds
    /// layout's warnings so far after styling's. Call once layout has stopped.
    func finish(into sink: DiagnosticSink) {
        stream.waitForEnd()
        layoutDiagnostics.replay(into: sink)
    }
}
