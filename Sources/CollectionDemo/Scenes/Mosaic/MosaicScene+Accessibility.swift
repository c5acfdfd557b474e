import CollectionKit

extension MosaicScene {
    public var dragDropManager: DragDropCoordinator? { manager }

    /// The featured row as a list and the mosaic's cards as a grid (they are moved through in two
    /// directions), each named as its header and counted on its own ("3 of 8", "3 of 2000"), the
    /// drag's status line as a live region (spoken, not drawn), and the context menu while it is
    /// open. A grid's items are not counted one by one when a screen reader enters it, as a list's
    /// are (Orca 43 asks each of a list's items its role to say "list with 2000 items"): the first
    /// card is spoken as soon for a million cards as for ten.
    public func accessibilityNodes() -> [AccessibleNode] {
        var nodes = [collection.accessibilityNode(name: tr("Featured"), role: .list, section: MosaicScene.featuredSection)]
            + headerButtons.flatMap { $0.accessibilityNodes() }
            + [collection.accessibilityNode(name: tr("Mosaic"), role: .grid, section: MosaicScene.mosaicSection),
               AccessibleNode(role: .liveRegion, name: manager.statusLine ?? "")]
        if let menu = menu.menu {
            // The separator before Delete is no item.
            nodes.append(AccessibleNode(role: .menu, name: menuCard.flatMap(accessibilityLabel(for:)) ?? "", frame: menu.frame,
                                        children: menu.accessibleItems()))
        }
        return nodes
    }

    /// What a card shows: "Featured 2" in the featured row, the card's value in the mosaic.
    func accessibilityLabel(for id: Int) -> String? {
        if id < 0 { return filled(tr("Featured %@"), "\(-id)") }
        guard model.hasCard(id) else { return nil }
        return model.name(of: id) ?? filled(tr("Tile %@"), "\(model.value(of: id))")
    }
}
