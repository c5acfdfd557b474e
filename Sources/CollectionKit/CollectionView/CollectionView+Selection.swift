/// Desktop selection conventions, as GTK lists and file managers have them: a click selects the
/// item alone, Ctrl+click toggles one item, Shift+click selects the range from the anchor (the
/// last plain or Ctrl click) to the item, Ctrl+Shift+click adds that range. A click never leaves
/// nothing selected, so a double click keeps its item selected.
extension CollectionView {
    /// Selects an item, first deselecting the others unless ``allowsMultipleSelection`` is true.
    public func selectItem(_ ip: ItemPath) {
        if !allowsMultipleSelection {
            for other in selectedItems { visibleCells[other]?.isSelected = false }
            selectedItems.removeAll()
        }
        selectedItems.insert(ip)
        visibleCells[ip]?.isSelected = true
    }
    /// Deselects an item.
    public func deselectItem(_ ip: ItemPath) {
        selectedItems.remove(ip)
        visibleCells[ip]?.isSelected = false
    }

    /// Applies a click on `ip` with `modifiers` to the selection.
    public func click(_ ip: ItemPath, modifiers: Modifiers) {
        if modifiers.contains(.shift), let anchor = selectionAnchor, isValid(anchor) {
            let range = Set(indexPaths(from: anchor, to: ip))
            setSelection(modifiers.contains(.ctrl) ? selectedItems.union(range) : range)
        } else if modifiers.contains(.ctrl) {
            var s = selectedItems
            if s.contains(ip) { s.remove(ip) } else { s.insert(ip) }
            setSelection(s)
            selectionAnchor = ip
        } else {
            setSelection([ip])
            selectionAnchor = ip
        }
    }

    /// Replaces the selection, updating the visible cells. O(changed + visible).
    public func setSelection(_ items: Set<ItemPath>) {
        let valid = items.filter(isValid)
        for ip in selectedItems.subtracting(valid) { visibleCells[ip]?.isSelected = false }
        for ip in valid.subtracting(selectedItems) { visibleCells[ip]?.isSelected = true }
        selectedItems = valid
    }

    /// Selects nothing and forgets the anchor.
    public func clearSelection() {
        setSelection([])
        selectionAnchor = nil
    }

    private func isValid(_ ip: ItemPath) -> Bool {
        sectionCounts.indices.contains(ip.section) && ip.item >= 0 && ip.item < sectionCounts[ip.section]
    }

    /// Every index path from `a` to `b` inclusive, in order, across sections. O(length of the range).
    public func indexPaths(from a: ItemPath, to b: ItemPath) -> [ItemPath] {
        let (lo, hi) = a < b ? (a, b) : (b, a)
        var result: [ItemPath] = []
        for s in lo.section...hi.section where sectionCounts.indices.contains(s) {
            let first = s == lo.section ? lo.item : 0
            let last = s == hi.section ? hi.item : sectionCounts[s] - 1
            guard first <= last else { continue }
            for i in first...last { result.append(ItemPath(item: i, section: s)) }
        }
        return result
    }
}
