/// What a data source may tell assistive technology about its items, beyond what it draws. Adopt
/// it beside ``CollectionDataSource``; both methods have defaults.
///
/// ```swift
/// extension Cards: CollectionAccessibilityDataSource {
///     func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
///         cards[ip.item].title
///     }
/// }
/// ```
public protocol CollectionAccessibilityDataSource: CollectionDataSource {
    /// The name a screen reader reads for the item, as UIKit's `accessibilityLabel`. The default,
    /// nil, names it by position from ``AccessibilityStrings/unnamedItem``.
    func collectionView(_ collectionView: CollectionView, accessibilityLabelForItemAt indexPath: ItemPath) -> String?
    /// What a screen reader says after the name (a day's "2 events"). The default, nil, says nothing more.
    func collectionView(_ collectionView: CollectionView, accessibilityDescriptionForItemAt indexPath: ItemPath) -> String?
    /// States the app knows and the view does not: `.disabled`, `.pinned`. The default is none.
    func collectionView(_ collectionView: CollectionView, accessibilityStatesForItemAt indexPath: ItemPath) -> AccessibleStates
    /// Nodes inside the item (a day's events). Asked only when the item is. The default is none.
    func collectionView(_ collectionView: CollectionView, accessibilityChildrenForItemAt indexPath: ItemPath) -> [AccessibleNode]
    /// The selected items when the app keeps its own selection (a calendar's chosen days); nil,
    /// the default, means the view's `selectedItems`.
    func accessibilitySelectedItems(in collectionView: CollectionView) -> [ItemPath]?
    /// The focused item when the app keeps its own focus; nil, the default, means the item whose
    /// live cell is focused.
    func accessibilityFocusedItem(in collectionView: CollectionView) -> ItemPath?
}

extension CollectionAccessibilityDataSource {
    public func collectionView(_ collectionView: CollectionView, accessibilityLabelForItemAt indexPath: ItemPath) -> String? { nil }
    public func collectionView(_ collectionView: CollectionView, accessibilityDescriptionForItemAt indexPath: ItemPath) -> String? { nil }
    public func collectionView(_ collectionView: CollectionView, accessibilityStatesForItemAt indexPath: ItemPath) -> AccessibleStates { [] }
    public func collectionView(_ collectionView: CollectionView, accessibilityChildrenForItemAt indexPath: ItemPath) -> [AccessibleNode] { [] }
    public func accessibilitySelectedItems(in collectionView: CollectionView) -> [ItemPath]? { nil }
    public func accessibilityFocusedItem(in collectionView: CollectionView) -> ItemPath? { nil }
}

/// A collection view seen by assistive technology: its items, made one at a time on request from
/// the layout and the data source, as GTK4's list views do. Nothing is kept between requests, so
/// reaching item 900,000 of a million creates neither cells nor nodes for the others.
///
/// Items are numbered across sections in order (a flat index), as a screen reader counts them.
public struct AccessibleCollection {
    public let view: CollectionView
    /// The role of each item (`.gridCell` in a grid).
    public var itemRole: AccessibleRole
    public var strings: AccessibilityStrings
    /// Rows and columns, when the items are read as a table (``AccessibleTableShape``).
    public var table: AccessibleTableShape?
    /// The one section these items are, when a view's sections are read as separate collections
    /// (a featured row above a mosaic): items are numbered from 0 within it. Nil: every section.
    public var section: Int?

    public init(view: CollectionView, itemRole: AccessibleRole, strings: AccessibilityStrings = AccessibilityStrings(),
                table: AccessibleTableShape? = nil, section: Int? = nil) {
        self.view = view; self.itemRole = itemRole; self.strings = strings; self.table = table; self.section = section
    }

    /// The item counts of the sections these items are, and the first one's number. O(sections).
    var sectionCounts: (first: Int, counts: SectionCounts) {
        let all = view.sectionCounts
        guard let section else { return (0, all) }
        return (section, all.indices.contains(section) ? [all[section]] : [])
    }

    /// Whether an item path is one of these items (in range, in the section when there is one).
    public func contains(_ indexPath: ItemPath) -> Bool {
        let all = view.sectionCounts
        guard all.indices.contains(indexPath.section), section == nil || section == indexPath.section else { return false }
        return (0..<all[indexPath.section]).contains(indexPath.item)
    }

    /// Every item, not only those in view. O(sections).
    public var count: Int { section == nil ? view.numberOfItems : sectionCounts.counts.reduce(0, +) }

    /// The item path of the flat index, or nil out of range. O(sections).
    public func indexPath(at index: Int) -> ItemPath? {
        guard index >= 0 else { return nil }
        var rest = index
        let (first, counts) = sectionCounts
        for (k, n) in counts.enumerated() {
            if rest < n { return ItemPath(item: rest, section: first + k) }
            rest -= n
        }
        return nil
    }

    /// The flat index of an item path. O(sections).
    public func index(of indexPath: ItemPath) -> Int {
        let (first, counts) = sectionCounts
        return counts.prefix(max(0, indexPath.section - first)).reduce(0, +) + indexPath.item
    }

    /// The node of the item at a flat index, made now. O(sections) plus one layout query.
    public func item(at index: Int) -> AccessibleNode? {
        indexPath(at: index).map { node(for: $0, index: index) }
    }

    /// The node of the item at an item path, made now.
    public func item(at indexPath: ItemPath) -> AccessibleNode? {
        guard contains(indexPath) else { return nil }
        return node(for: indexPath, index: index(of: indexPath))
    }

    private var source: (any CollectionAccessibilityDataSource)? { view.dataSource as? any CollectionAccessibilityDataSource }

    /// The selected items, in order: the data source's own selection, or the view's. O(selected log selected).
    public var selectedItems: [ItemPath] {
        let all = (source?.accessibilitySelectedItems(in: view) ?? Array(view.selectedItems)).sorted()
        guard let section else { return all }
        return all.filter { $0.section == section }
    }

    /// The selected items' flat indices, in order. O(selected · sections).
    public var selectedIndices: [Int] { selectedItems.map(index(of:)) }

    /// The focused item: the data source's own focus, or the view's (``CollectionView/focusedItem``),
    /// whether or not its ring shows: a clicked item has the keyboard focus too. O(1).
    public var focusedItem: ItemPath? {
        let focus = source?.accessibilityFocusedItem(in: view) ?? view.focusedItem
        guard let section, let focus else { return focus }
        return focus.section == section ? focus : nil
    }

    /// The focused item's flat index.
    public var focusedIndex: Int? { focusedItem.map(index(of:)) }

    private func node(for ip: ItemPath, index: Int) -> AccessibleNode {
        let name = source?.collectionView(view, accessibilityLabelForItemAt: ip) ?? strings.unnamedItem(index + 1)
        var states: AccessibleStates = [.selectable, .focusable]
        states.formUnion(source?.collectionView(view, accessibilityStatesForItemAt: ip) ?? [])
        if view.selectedItems.contains(ip) { states.insert(.selected) }
        if focusedItem == ip { states.insert(.focused) }
        // The drag lives on cells; a dragged item's cell is retained, so an item without a live
        // cell is not dragged.
        if view.cellForItem(at: ip)?.isDragged == true { states.insert(.dragged) }
        let content = view.layout.attributesForItem(at: ip)?.frame ?? .zero
        let frame = view.windowRect(fromContent: content)
        if !frame.intersects(view.frame) { states.insert(.offscreen) }
        let children = source?.collectionView(view, accessibilityChildrenForItemAt: ip) ?? []
        return AccessibleNode(role: itemRole, name: name, states: states, index: index, frame: frame, children: children,
                              description: source?.collectionView(view, accessibilityDescriptionForItemAt: ip) ?? "")
    }
}
