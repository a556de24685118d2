/// Where a link goes, decided by the style stage from the destination the author wrote
/// (`LinkTarget(destination:)`); layout and the renderer only carry it.
public enum LinkTarget: Hashable, Sendable {
    /// A URI with a scheme (http, https, mailto, …), as written.
    case uri(String)
    /// A named destination in this document.
    case internalDestination(String)
    /// A local file, as a path relative to the PDF's folder (or absolute), `/`-separated
    /// and percent-decoded: viewers open it relative to where the PDF is.
    case file(String)
}
