/// The collection as the state dump shows it.
extension CollectionView {
    /// The collection as the state dump shows it. Frames are listed for up to 10,000 items.
    ///
    /// `extra` pairs are appended. O(n) data source and layout lookups.
    public func dumpState(extra: [(String, JSON)] = []) -> JSON {
        var ids: [JSON] = []
        var frames: [JSON] = []
        let listFrames = numberOfItems <= 10_000
        for (s, count) in sectionCounts.enumerated() {
            for i in 0..<count {
                let ip = ItemPath(item: i, section: s)
                ids.append(.string(identifier(at: ip).map { "\($0.base)" } ?? ""))
                if listFrames { frames.append(.rect(layout.attributesForItem(at: ip)?.frame ?? .zero)) }
            }
        }
        var pairs: [(String, JSON)] = [
            ("name", .string(name)),
            ("items", .array(ids)),
            ("contentOffset", .point(physics.offset)),
            ("viewport", .rect(frame)),
            // The item under a free pointer (its hover highlight), or null.
            ("hovered", feedback.hovered.flatMap { identifier(at: $0) }.map { .string("\($0.base)") } ?? .null),
            // The item with the keyboard focus (null: none) and whether its ring shows.
            ("focusedItem", focusedItem.flatMap { identifier(at: $0) }.map { .string("\($0.base)") } ?? .null),
            ("focusRing", .bool(showsFocusRing)),
        ]
        if listFrames { pairs.append(("frames", .array(frames))) }
        return .object(pairs + extra)
    }
}
