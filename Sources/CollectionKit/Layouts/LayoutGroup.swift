/// One cell's place inside a group: its size (relative to the group) and the insets applied to it.
public struct LayoutItem: Equatable, Sendable {
    /// The item's size in its group, and insets taken off its frame (spacing that belongs to the item).
    public var size: LayoutSize
    public var contentInsets: EdgeInsets
    public init(size: LayoutSize, contentInsets: EdgeInsets = EdgeInsets()) { self.size = size; self.contentInsets = contentInsets }
}

/// Subitems laid along an axis. Fractional sizes of the group are relative to its container (the
/// section's content width, or the enclosing group); those of its subitems are relative to it.
public struct LayoutGroup: Equatable, Sendable {
    /// What a group holds: items, or groups nested to any depth.
    public indirect enum Subitem: Equatable, Sendable {
        case item(LayoutItem)
        case group(LayoutGroup)
    }

    /// `.horizontal` lays subitems left to right, `.vertical` top to bottom.
    public var axis: Axis
    /// The group's size relative to its container, and what it lays out in order.
    public var size: LayoutSize
    public var subitems: [Subitem]
    /// With a count, the single subitem is repeated that many times and each copy gets an equal
    /// share of the group's extent along `axis`, less the spacing (UIKit's `subitem:count:`).
    public var repeatCount: Int?
    /// Space between neighbouring subitems along `axis`.
    public var interItemSpacing: Double

    public init(axis: Axis, size: LayoutSize, subitems: [Subitem], repeatCount: Int? = nil, interItemSpacing: Double = 0) {
        self.axis = axis; self.size = size; self.subitems = subitems
        self.repeatCount = repeatCount; self.interItemSpacing = interItemSpacing
    }

    /// `count` copies of `item` side by side, sharing the width.
    public static func horizontal(size: LayoutSize, repeating item: LayoutItem, count: Int, spacing: Double = 0) -> LayoutGroup {
        LayoutGroup(axis: .horizontal, size: size, subitems: [.item(item)], repeatCount: max(1, count), interItemSpacing: spacing)
    }
    /// Subitems side by side, each with its own size.
    public static func horizontal(size: LayoutSize, subitems: [Subitem], spacing: Double = 0) -> LayoutGroup {
        LayoutGroup(axis: .horizontal, size: size, subitems: subitems, interItemSpacing: spacing)
    }
    /// `count` copies of `item` stacked, sharing the height.
    public static func vertical(size: LayoutSize, repeating item: LayoutItem, count: Int, spacing: Double = 0) -> LayoutGroup {
        LayoutGroup(axis: .vertical, size: size, subitems: [.item(item)], repeatCount: max(1, count), interItemSpacing: spacing)
    }
    /// Subitems stacked, each with its own size.
    public static func vertical(size: LayoutSize, subitems: [Subitem], spacing: Double = 0) -> LayoutGroup {
        LayoutGroup(axis: .vertical, size: size, subitems: subitems, interItemSpacing: spacing)
    }

    /// The subitems in order, repeats expanded.
    var expandedSubitems: [Subitem] {
        if let n = repeatCount, let only = subitems.first { return Array(repeating: only, count: n) }
        return subitems
    }

    /// How many data items one instance of the group shows.
    public var itemCount: Int {
        expandedSubitems.reduce(0) { n, s in
            switch s { case .item: return n + 1; case let .group(g): return n + g.itemCount }
        }
    }

    /// True when some size in the group is estimated, so each instance is measured on its own.
    public var hasEstimatedSize: Bool {
        if size.width.isEstimated || size.height.isEstimated { return true }
        return subitems.contains { s in
            switch s {
            case let .item(i): return i.size.width.isEstimated || i.size.height.isEstimated
            case let .group(g): return g.hasEstimatedSize
            }
        }
    }
}

/// A group placed once: its size and its items' frames relative to its origin.
struct ResolvedGroup: Equatable, Sendable {
    /// The group's size, and its items' frames relative to its origin, in item order.
    var size: Size
    var itemFrames: [Rect]
}

extension LayoutGroup {
    /// Places the group inside `container`. `measure(k, width)` gives the height of the group's
    /// k-th item when its height is estimated (nil keeps the estimate).
    func resolve(in container: Size, measure: ((Int, Double) -> Double?)? = nil) -> ResolvedGroup {
        var counter = 0
        return resolve(in: container, counter: &counter, measure: measure, overrideExtent: nil)
    }

    private func resolve(in container: Size, counter: inout Int, measure: ((Int, Double) -> Double?)?,
                         overrideExtent: Double?) -> ResolvedGroup {
        var own = Size(width: size.width.resolve(in: container), height: size.height.resolve(in: container))
        if let e = overrideExtent { own[axis] = e }
        let subs = expandedSubitems
        let cross: Axis = axis == .horizontal ? .vertical : .horizontal
        var share: Double? = nil
        if let n = repeatCount, n > 0 { share = max(0, (own[axis] - interItemSpacing * Double(n - 1)) / Double(n)) }
        var frames: [Rect] = []
        var cursor = 0.0
        var crossExtent = 0.0
        for sub in subs {
            switch sub {
            case let .item(item):
                var s = Size(width: item.size.width.resolve(in: own), height: item.size.height.resolve(in: own))
                if let share { s[axis] = share }
                if item.size.height.isEstimated, let h = measure?(counter, s.width) { s.height = h }
                var origin = Point.zero
                origin[axis] = cursor
                let outer = Rect(origin: origin, size: s)
                let i = item.contentInsets
                frames.append(Rect(x: outer.minX + i.left, y: outer.minY + i.top,
                                   width: max(0, s.width - i.left - i.right), height: max(0, s.height - i.top - i.bottom)))
                counter += 1
                cursor += s[axis] + interItemSpacing
                crossExtent = max(crossExtent, s[cross])
            case let .group(g):
                let inner = g.resolve(in: own, counter: &counter, measure: measure, overrideExtent: share)
                var shift = Point.zero
                shift[axis] = cursor
                frames += inner.itemFrames.map { $0.offset(by: shift) }
                cursor += inner.size[axis] + interItemSpacing
                crossExtent = max(crossExtent, inner.size[cross])
            }
        }
        // An estimated extent grows (or shrinks) to what its subitems measured.
        let used = subs.isEmpty ? 0 : cursor - interItemSpacing
        if size[axis].isEstimated && overrideExtent == nil { own[axis] = used }
        if size[cross].isEstimated { own[cross] = crossExtent }
        return ResolvedGroup(size: own, itemFrames: frames)
    }
}
