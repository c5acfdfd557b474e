/// The collection as a drag source: which item is under the pointer, where items are, their snapshots.
extension DragDropCollection {
    public func draggableItem(at point: Point) -> AnyHashable? {
        guard let ip = view.indexPathForItem(atWindowPoint: point), let id = displayedID(at: ip),
              id != AnyHashable(DropGapID()) else { return nil }
        return id
    }

    public func indexPath(of id: AnyHashable) -> ItemPath? {
        for (s, section) in items.enumerated() {
            if let i = section.firstIndex(of: id) { return ItemPath(item: i, section: s) }
        }
        return nil
    }

    /// Where the item is shown (O(visible), or O(n) when it is out of view).
    public func displayedIndexPath(of id: AnyHashable) -> ItemPath? {
        for a in view.visibleAttributes where a.kind == .cell {
            if displayedID(at: a.indexPath) == id { return a.indexPath }
        }
        for (s, section) in displayed.enumerated() {
            if let i = section.firstIndex(of: id) { return ItemPath(item: i, section: s) }
        }
        return nil
    }

    public func windowFrame(of id: AnyHashable) -> Rect? {
        guard let ip = displayedIndexPath(of: id), let f = view.presentedFrameForItem(at: ip) else { return nil }
        return view.windowRect(fromContent: f)
    }

    /// The gap's frame as drawn now, in window points.
    public var gapWindowFrame: Rect? {
        guard let g = gap, let f = view.presentedFrameForItem(at: g) else { return nil }
        return view.windowRect(fromContent: f)
    }

    public func snapshot(of id: AnyHashable, key: String) -> TextureRecording? {
        guard let frame = windowFrame(of: id) else { return nil }
        return snapshot(of: id, key: key, size: frame.size)
    }

    /// The item drawn once at `size` (a keyboard drag shows it at the size of the gap it is over).
    public func snapshot(of id: AnyHashable, key: String, size: Size) -> TextureRecording? {
        var scratch = DrawList()
        scratch.recordTexture(key: key, size: size) { list in
            drawItem(Self.typed(id), Rect(origin: .zero, size: size), &list)
        }
        return scratch.textures.last
    }

    public func dragDidBegin(_ ids: [AnyHashable], now: Double) {
        guard let first = ids.first, let origin = indexPath(of: first) else { return }
        excluded = Set(ids)
        // The home slot counts the items before it that stay (found by position, not by a scan).
        let section = items[origin.section]
        let before = origin.item - excluded.filter { (section.firstIndex(of: $0) ?? .max) < origin.item }.count
        homeGap = ItemPath(item: before, section: origin.section)
        gap = homeGap
        gapLength = length(of: Self.typed(first))
        try? resync(animated: true)
    }

    public func isLocked(_ id: AnyHashable) -> Bool { lockedItem(Self.typed(id)) }
    public func makeCopy(of id: AnyHashable) -> AnyHashable { copyItem.map { AnyHashable($0(Self.typed(id))) } ?? id }
    public func describe(_ id: AnyHashable) -> String { describeItem(Self.typed(id)) }
}
