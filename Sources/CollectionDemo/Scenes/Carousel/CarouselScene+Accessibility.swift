import CollectionKit

extension CarouselScene: CollectionAccessibilityDataSource {
    public func accessibilityNodes() -> [AccessibleNode] {
        // The cards, then the centred card's Open button (a push button named "Open").
        var nodes = [collection.accessibilityNode(name: tr("Stories"))] + openButton.accessibilityNodes()
        // The reading sheet while a card is open: a dialog named by the card's title, its text and
        // its Close button (the cards behind it are still read, as a dimmed page is).
        if let opened = openedCard, ids.indices.contains(opened) {
            let c = CarouselCardCell.Content.sample(ids[opened], of: ids.count)
            let story = CarouselScene.story(c)
            // Close is reported focused once its ring shows: a sheet opened with no control in
            // focus is a dialog that takes the focus itself, and a screen reader reads it whole.
            var closeNode = sheet.closeButton.accessibilityNode(index: 2)
            if !sheet.closeButton.showsFocusRing { closeNode.states.remove(.focused) }
            let children = [AccessibleNode(role: .label, name: c.title, index: 0, frame: sheetFrameForAccessibility),
                            AccessibleNode(role: .label, name: story, index: 1, frame: sheetFrameForAccessibility),
                            closeNode]
            nodes.append(AccessibleNode(role: .dialog, name: c.title, frame: sheetFrameForAccessibility, children: children,
                                        description: story))
        }
        return nodes
    }

    /// The card's title, as drawn.
    public func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
        ids.indices.contains(ip.item) ? CarouselCardCell.Content.sample(ids[ip.item], of: ids.count).title : nil
    }
}
