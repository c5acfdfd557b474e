/// Drawing the visible elements into a draw list.
extension CollectionView {
    /// Appends the view to `list`, clipped to its frame: the background, then the visible elements in
    /// z-order. Cells draw themselves; supplementary elements are drawn by the data source. Hidden
    /// items leave a gap. Draws nothing without a data source. O(k) for k visible elements.
    public func draw(into list: inout DrawList) {
        guard let ds = dataSource else { return }
        list.clipped(to: frame) { list in
            if let bg = backgroundColor { list.fill(frame, bg) }
            if numberOfItems == 0, let message = emptyMessage {
                list.text(message, in: frame, size: 18, color: emptyMessageColorInForce, alignment: .center)
            }
            let origin = frame.origin - physics.offset
            list.transformed(.translate(origin.x, origin.y)) { list in
                drawVanishing(into: &list)
                for a in visibleAttributes {
                    switch a.kind {
                    case let .supplementary(kind):
                        ds.collectionView(self, drawSupplementary: kind, at: a.indexPath, in: a.frame, into: &list)
                    case .cell:
                        guard !a.isHidden, !hiddenItems.contains(a.indexPath), let cell = visibleCells[a.indexPath] else { continue }
                        if !hiddenIdentifiers.isEmpty, let id = visibleIdentifiers[a.indexPath], hiddenIdentifiers.contains(id) { continue }
                        let id = visibleIdentifiers[a.indexPath]
                        let f = frameAnimations.isEmpty ? a.frame : presentedFrame(for: a, id: id)
                        let appear = appearingItems.isEmpty ? (alpha: 1.0, scale: 1.0) : appearance(of: id)
                        let scale = a.scale * appear.scale
                        let (extra, lift) = feedbackTransform(for: a, frame: f, id: id)
                        if lift > 0.01 {
                            list.shadow(f.offsetBy(dx: 0, dy: 6 * lift), Color.black.withAlpha(0.5 * lift),
                                        radius: min(12, f.width / 8), blur: 14 * lift)
                        }
                        let marked = (commands: list.commands.count, textures: list.textures.count)
                        list.transformed(extra.concatenating(scale == 1 ? .identity : .scale(scale, about: f.center))) { list in
                            cell.draw(in: f, alpha: a.alpha * appear.alpha, into: &list)
                        }
                        list.markText(as: .content, fromCommand: marked.commands, fromTexture: marked.textures)
                    }
                }
            }
        }
    }

    /// Draws the cells as they would look with the view scrolled to each of `offsets` in turn,
    /// into one list that is never shown: a backend prepares what it needs from it (see
    /// `InteractiveRoot.drawAhead()`) before the view gets there. A carousel's cards change size
    /// as they scroll, so their text meets new pixel sizes on the way to the next page.
    ///
    /// The view is left as it was. Items without a live cell are drawn with a cell from the
    /// data source that goes back to the reuse pool afterwards. O(offsets × k) for k elements
    /// in view at each offset.
    public func drawAhead(atOffsets offsets: [Point], into list: inout DrawList) {
        guard let ds = dataSource, !frame.isEmpty else { return }
        var borrowed: [ItemPath: CollectionCell] = [:]
        for offset in offsets {
            let bounds = Rect(origin: offset, size: frame.size)
            var attrs = layout.attributesForElements(in: bounds)
            for i in attrs.indices { layout.finalize(&attrs[i], visibleBounds: bounds) }
            for a in attrs where a.kind == .cell && !a.isHidden {
                let ip = a.indexPath
                guard sectionCounts.indices.contains(ip.section), ip.item < sectionCounts[ip.section],
                      ip.item < ds.collectionView(self, numberOfItemsInSection: ip.section) else { continue }
                let cell: CollectionCell
                if let live = visibleCells[ip] ?? borrowed[ip] {
                    cell = live
                } else {
                    cell = ds.collectionView(self, cellForItemAt: dataIndexPath(forDisplayed: ip))
                    cell.indexPath = ip
                    borrowed[ip] = cell
                }
                list.transformed(a.scale == 1 ? .identity : .scale(a.scale, about: a.frame.center)) { list in
                    cell.draw(in: a.frame, alpha: a.alpha, into: &list)
                }
            }
        }
        for cell in borrowed.values { recycle(cell) }
    }
}
