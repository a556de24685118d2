import MDCore
import MDPage

extension FlowBox {
    /// The box scaled down by `k` (0 < k < 1) about its top-left corner at x `originX`:
    /// its items become one group drawn through the scale, and its height, baselines,
    /// fragments and anchors shrink with it. For a box that cannot be split and is taller
    /// than the page body (a line of huge type), so that nothing is drawn past the body.
    func scaled(by k: Double, originX: Points) -> FlowBox {
        let t = Transform.scale(k, about: Point(x: originX, y: .zero))
        var b = self
        b.items = [.group(Group(transform: t, items: items))]
        b.height = height * k
        b.inkAbove = inkAbove * k
        b.inkBelow = inkBelow * k
        b.firstBaseline = firstBaseline.map { $0 * k }
        b.firstXHeight = firstXHeight * k
        b.fragments = fragments.map { f in
            var g = f
            g.rect = t.apply(f.rect)
            g.usedRect = t.apply(f.usedRect)
            g.baseline = f.baseline * k
            return g
        }
        b.anchors = anchors.map { a in
            var s = a
            s.x = originX + (a.x - originX) * k
            s.y = a.y * k
            return s
        }
        b.pageNumberSlots = pageNumberSlots.map { slot in
            var s = slot
            s.baseline = slot.baseline * k
            return s
        }
        return b
    }
}

extension FlowBuilder {
    /// `box` as it can be placed: a box that cannot be split and is taller than the page
    /// body (less the paddings of the containers it is in) is scaled to fit, with a
    /// warning naming its source line. Table rows split instead.
    func fitted(_ box: FlowBox, containerPadding: Points) -> FlowBox {
        let room = env.pageBodyHeight - containerPadding
        let tall = box.height + box.inkAbove + box.inkBelow
        guard box.rowParts == nil, tall > room, room > .zero else { return box }
        let source = box.fragments.first?.source.start
        env.diagnostics.warnOnce(key: "tall-line:\(source.map { "\($0)" } ?? "")",
                                 "a line is taller than the page body (\(formatDump(tall.value)) pt); it is scaled down to fit",
                                 at: source, hint: "a smaller font size in the theme keeps it at its size")
        return box.scaled(by: room / tall, originX: box.fragments.first?.rect.minX ?? .zero)
    }
}
