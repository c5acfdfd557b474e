extension CollectionView {
    /// This view as a node of the accessibility tree: a grid when its layout flows items in lines,
    /// else a list, or the role given (`.table` for a calendar month). Costs O(1); its items are
    /// made only when asked for.
    public func accessibilityNode(name: String? = nil, role: AccessibleRole? = nil,
                                  strings: AccessibilityStrings = AccessibilityStrings()) -> AccessibleNode {
        let role = role ?? (layout.flowsInLines ? .grid : .list)
        let itemRole: AccessibleRole = role == .grid ? .gridCell : role == .table ? .tableCell : .listItem
        return AccessibleNode(role: role, name: name ?? self.name, frame: frame,
                              items: AccessibleCollection(view: self, itemRole: itemRole, strings: strings))
    }
}
