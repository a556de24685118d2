import MDCore
import MDMarkdown

extension DocumentStyler {
    /// An HTML definition list: each term a bold line kept with what follows, each
    /// description its blocks indented as far as a list's items.
    mutating func definitionList(_ parts: [DefinitionPart], _ ctx: StyleContext, range: SourceRange) -> [StyledBlock] {
        var out: [StyledBlock] = []
        let indent = theme.list.indent.resolve(em: ctx.size)
        for part in parts {
            switch part {
            case .term(let inlines):
                guard var p = paragraph([.strong(inlines)], ctx, range: range) else { continue }
                p.keepWithNext = true
                p.spaceAfter = ctx.size * 0.25
                out.append(.paragraph(p))
            case .description(let blocks):
                let children = styleBlocks(blocks, ctx)
                guard !children.isEmpty else { continue }
                out.append(.container(StyledContainer(kind: .division, children: children,
                                                      padding: EdgeInsets(top: .zero, right: .zero, bottom: .zero, left: indent))))
            }
        }
        return out
    }
}
