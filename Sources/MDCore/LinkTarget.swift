/// Where a link goes, decided by the style stage from the destination the author wrote;
/// layout and the renderer only carry it.
public enum LinkTarget: Hashable, Sendable {
    /// A URI, as written: one with a scheme (http, https, mailto, …), or a relative
    /// reference to a local file that is not a PDF (`docs/setup.md`), which viewers resolve
    /// against the PDF's own location, as Chrome and Typst write such links.
    case uri(String)
    /// A named destination in this document.
    case internalDestination(String)
    /// Another PDF (`/GoToR`), or with the theme's `link.launchFiles` any local file
    /// (`/Launch`): a path relative to the PDF's folder (or absolute), `/`-separated and
    /// percent-decoded. `destination` is a named destination in that PDF (the link's
    /// `#fragment`); nil opens its first page.
    case file(String, destination: String? = nil)
}
