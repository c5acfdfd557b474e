import CollectionKit

extension CarouselScene: CollectionAccessibilityDataSource {
    public func accessibilityNodes() -> [AccessibleNode] {
        var nodes = [collection.accessibilityNode(name: tr("Stories"))]
        // The reading sheet while a card is open: a dialog named by the card's title, its text and
        // its Close button (the cards behind it are still read, as a dimmed page is).
        if let opened = openedCard, ids.indices.contains(opened) {
            let c = CarouselCardCell.Content.sample(ids[opened], of: ids.count)
            let close = AccessibleAction(name: "click", description: tr("Presses the button"), keyBinding: "space") { [weak self] now in
                guard let self, self.openedCard != nil else { return false }
                self.closeSheet(now: now)
                return true
            }
            var closeStates: AccessibleStates = [.focusable]
            if sheet.closeRing { closeStates.insert(.focused) }
            let story = CarouselScene.story(c)
            let children = [AccessibleNode(role: .label, name: c.title, index: 0, frame: sheetFrameForAccessibility),
                            AccessibleNode(role: .label, name: story, index: 1, frame: sheetFrameForAccessibility),
                            AccessibleNode(role: .pushButton, name: CarouselScene.closeTitle, states: closeStates, index: 2,
                                           frame: sheetCloseFrameForAccessibility, actions: [close])]
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
