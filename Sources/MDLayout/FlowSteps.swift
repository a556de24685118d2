import MDCore
import MDPage
import MDStyle

/// One unit of flow building. The flow is fed to pagination a top-level block at a time;
/// a block too large for that (a code block of megabytes, a quote holding one) is built
/// in steps instead: its containers are entered and left as steps of their own, and its
/// children, and the pieces of a giant paragraph (see `LargeParagraphs`), are built one
/// per step. Built in order, the steps give exactly the boxes the block gives whole;
/// between two steps pagination can take pages and free them, so memory holds a few
/// pages of a giant block, not all of it.
enum FlowStep {
    case block(StyledBlock, x: Points, width: Points)
    case leave(StyledContainer)
    case piece(StyledParagraph, x: Points, width: Points, element: StructureID, continued: Bool)

    /// Text bytes above which a block is built in steps: a few pieces' worth, so an
    /// ordinary block, even a long one, is built whole as before.
    static let stepwiseBytes = LargeParagraphs.maxBytes * 2
}

extension FlowBuilder {
    /// Builds `step` and returns the steps it leaves to be built next, in order; a block
    /// holding `stepwiseBytes` of text or more is split into steps.
    func build(_ step: FlowStep, stepwiseBytes: Int) -> [FlowStep] {
        switch step {
        case .block(let block, let x, let width):
            switch block {
            case .container(let c) where Self.textBytes(block, atLeast: stepwiseBytes):
                let inner = enter(c, x: x, width: width)
                return c.children.map { .block($0, x: inner.x, width: inner.width) } + [.leave(c)]
            case .paragraph(let p) where Self.textBytes(block, atLeast: stepwiseBytes):
                let element = element(for: p)
                let pieces = LargeParagraphs.pieces(p)
                return pieces.enumerated().map { i, piece in
                    .piece(piece, x: x, width: width, element: element, continued: i < pieces.count - 1)
                }
            default:
                build([block], x: x, width: width)
                return []
            }
        case .leave(let c):
            leave(c)
            return []
        case .piece(let p, let x, let width, let element, let continued):
            paragraph(p, x: x, width: width, element: element, continued: continued)
            return []
        }
    }

    /// Whether the paragraphs in `block`, through its containers, hold at least `limit`
    /// bytes of text; stops counting once they do. Lists and tables count nothing: they
    /// are always built whole.
    static func textBytes(_ block: StyledBlock, atLeast limit: Int) -> Bool {
        var total = 0
        func add(_ b: StyledBlock) -> Bool {
            switch b {
            case .paragraph(let p): total += p.text.string.utf8.count
            case .container(let c): for child in c.children where add(child) { return true }
            default: break
            }
            return total >= limit
        }
        return add(block)
    }
}
