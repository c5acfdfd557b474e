/// The collection as a target of drops from other programs: the app says what it takes
/// (`externalDropAcceptance`) and makes items of it (`onExternalDrop`) at the position a drag
/// released at the same point would have taken.
/// A target that outlines itself in the refusal colour for a while after refusing a drop from
/// another program (there was no hover to show it before the release).
protocol ExternalRefusalOutline: AnyObject {
    func showExternalRefusal(until: Double)
}

extension DragDropCollection: ExternalRefusalOutline {
    func showExternalRefusal(until: Double) { externalRefusalUntil = until }
}

extension DragDropCollection: ExternalDropTarget {
    public func acceptance(ofExternal payload: DropPayload, strings: DragDropStrings) -> DropAcceptance {
        guard acceptsDrops else { return .refuse(strings.takesNoDrops(title)) }
        guard let externalDropAcceptance else { return .refuse(strings.takesNothingDropped(title)) }
        return externalDropAcceptance(payload)
    }

    public func takeExternal(_ payload: DropPayload, at point: Point, now: Double) throws {
        try onExternalDrop?(payload, externalInsertion(at: point))
    }

    /// Where items dropped at a window point land, in data coordinates: the gap a drag released
    /// there would have shown.
    public func externalInsertion(at point: Point) -> ItemPath {
        guard !displayed.isEmpty, gap == nil else { return ItemPath(item: 0, section: 0) }
        return proposedGap(at: view.contentPoint(fromWindow: point))
    }
}

extension ReorderableCollection: ExternalDropTarget {
    public func acceptance(ofExternal payload: DropPayload, strings: DragDropStrings) -> DropAcceptance {
        guard let externalDropAcceptance else { return .refuse(strings.takesNothingDropped(title)) }
        return externalDropAcceptance(payload)
    }

    public func takeExternal(_ payload: DropPayload, at point: Point, now: Double) throws {
        try onExternalDrop?(payload, externalInsertion(at: point))
    }

    /// Where items dropped at a window point land, in data coordinates: before the item under
    /// the point, else at the end of the last section.
    public func externalInsertion(at point: Point) -> ItemPath {
        if let ip = view.indexPathForItem(atWindowPoint: point) { return view.dataIndexPath(forDisplayed: ip) }
        let sections = view.dataSource?.numberOfSections(in: view) ?? 0
        guard sections > 0 else { return ItemPath(item: 0, section: 0) }
        let count = view.dataSource?.collectionView(view, numberOfItemsInSection: sections - 1) ?? 0
        return ItemPath(item: count, section: sections - 1)
    }
}
