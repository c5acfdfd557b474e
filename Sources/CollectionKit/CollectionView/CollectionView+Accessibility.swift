extension CollectionView {
    /// This view as a node of the accessibility tree: a grid when its layout flows items in lines,
    /// else a list, or the role given (`.table` for a calendar month). A grid or table reads its
    /// items as rows and columns: `table`'s, or else the layout's
    /// (``CollectionLayout/accessibilityTableShape``). `section`: only that section's items, as a
    /// collection of their own (a featured row and the mosaic under it are two lists of one view,
    /// each with its own "n of m"). Costs O(1); its items are made only when asked for.
    ///
    /// ```swift
    /// [view.accessibilityNode(name: "Featured", role: .list, section: 0),
    ///  view.accessibilityNode(name: "Mosaic", section: 1)]
    /// ```
    public func accessibilityNode(name: String? = nil, role: AccessibleRole? = nil,
                                  strings: AccessibilityStrings = AccessibilityStrings(),
                                  table: AccessibleTableShape? = nil, section: Int? = nil) -> AccessibleNode {
        let shape = table ?? layout.accessibilityTableShape
        // One item a line is a list, whatever lays it out.
        let role = role ?? (layout.flowsInLines && (shape?.lineLength ?? 1) > 1 ? .grid : .list)
        let itemRole: AccessibleRole = role == .grid ? .gridCell : role == .table ? .tableCell : .listItem
        let isTable = role == .grid || role == .table
        return AccessibleNode(role: role, name: name ?? self.name, frame: frame,
                              items: AccessibleCollection(view: self, itemRole: itemRole, strings: strings,
                                                          table: isTable ? shape : nil, section: section))
    }
}
