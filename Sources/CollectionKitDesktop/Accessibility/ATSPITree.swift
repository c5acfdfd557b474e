import CollectionKit

/// A node found from its object path, with what its answers need: its parent (for `Parent` and
/// `Component`'s parent coordinates) and, for a collection's item, the collection.
public struct ATSPIResolvedNode {
    public let node: AccessibleNode
    public let path: ATSPIObjectPath
    public let parent: AccessibleNode?
    /// The collection the node is an item of, if it is one.
    public var collection: AccessibleCollection? { parent?.items }
    /// The item path of a collection's item.
    public var itemPath: ItemPath? { path.indices.last.flatMap { collection?.indexPath(at: $0) } }
}

/// The tree as the bus sees it: the application's root (path `root`, no node of the engine's)
/// whose one child is the window, and below it the engine's nodes, found by walking the indices.
/// Finding a node costs O(depth) child look-ups; a collection's item is made alone, on demand.
public struct ATSPITree {
    public let window: AccessibleNode

    public init(window: AccessibleNode) { self.window = window }

    /// The node at a path; nil for the application's root (it has no engine node) and for a path
    /// that leads nowhere (an item since removed, or a node of a scene no longer shown: each step
    /// must reach a node of the identity the path names there).
    public func resolve(_ path: ATSPIObjectPath) -> ATSPIResolvedNode? {
        guard let first = path.indices.first, first == 0, window.identity == path.identities[0] else { return nil }
        var node = window
        var parent: AccessibleNode?
        for (k, i) in path.indices.enumerated().dropFirst() {
            guard let child = node.child(at: i), child.identity == path.identities[k] else { return nil }
            parent = node
            node = child
        }
        return ATSPIResolvedNode(node: node, path: path, parent: parent)
    }

    /// The collection and index of a path that names one of a collection's items, found without
    /// making the item's node: a screen reader walking a list of thousands asks each item its role
    /// and index, which the collection knows. Nil for any other path, or an index out of range.
    public func collectionItem(_ path: ATSPIObjectPath) -> (items: AccessibleCollection, index: Int)? {
        guard let parentPath = path.parent, let index = path.indices.last,
              let items = resolve(parentPath)?.node.items, index >= 0, index < items.count else { return nil }
        return (items, index)
    }

    /// The path of the collection whose view has this name (events name collections so). Walks
    /// the listed nodes only, never a collection's items.
    public func path(ofCollectionNamed name: String) -> ATSPIObjectPath? {
        func search(_ node: AccessibleNode, _ path: ATSPIObjectPath) -> ATSPIObjectPath? {
            if node.items?.view.name == name { return path }
            for (i, c) in node.children.enumerated() { if let hit = search(c, path.child(i, identity: c.identity)) { return hit } }
            return nil
        }
        return search(window, ATSPIObjectPath.root.child(0, identity: window.identity))
    }

    /// The path of a collection's item from the view's name and the item's flat index across the
    /// whole view (events number items so): the child of the node holding the item's section, where
    /// a view's sections are nodes of their own. Walks the listed nodes only.
    public func path(ofItem index: Int, inCollectionNamed name: String) -> ATSPIObjectPath? {
        var found: ATSPIObjectPath?
        func search(_ node: AccessibleNode, _ path: ATSPIObjectPath) {
            guard found == nil else { return }
            if let items = node.items, items.view.name == name {
                guard items.section != nil else { found = path.child(index); return }
                let whole = AccessibleCollection(view: items.view, itemRole: items.itemRole)
                if let ip = whole.indexPath(at: index), items.contains(ip) { found = path.child(items.index(of: ip)) }
                return
            }
            for (i, c) in node.children.enumerated() { search(c, path.child(i, identity: c.identity)) }
        }
        search(window, ATSPIObjectPath.root.child(0, identity: window.identity))
        return found
    }

    /// The path of the first listed node that passes `test` (depth first), never a collection's item.
    public func path(where test: (AccessibleNode) -> Bool) -> ATSPIObjectPath? {
        func search(_ node: AccessibleNode, _ path: ATSPIObjectPath) -> ATSPIObjectPath? {
            if test(node) { return path }
            for (i, c) in node.children.enumerated() { if let hit = search(c, path.child(i, identity: c.identity)) { return hit } }
            return nil
        }
        return search(window, ATSPIObjectPath.root.child(0, identity: window.identity))
    }

    /// The interfaces a node answers, besides `Accessible`.
    public static func interfaces(of resolved: ATSPIResolvedNode) -> [String] {
        var names = [ATSPIInterfaces.accessible, ATSPIInterfaces.component]
        if isSelectionContainer(resolved.node) { names.append(ATSPIInterfaces.selection) }
        if !actions(of: resolved).isEmpty || !resolved.node.actions.isEmpty { names.append(ATSPIInterfaces.action) }
        if hasText(resolved.node) { names.append(ATSPIInterfaces.text) }
        if resolved.node.textField != nil { names.append(ATSPIInterfaces.editableText) }
        if resolved.node.items?.table != nil { names.append(ATSPIInterfaces.table) }
        if resolved.collection?.table != nil { names.append(ATSPIInterfaces.tableCell) }
        return names
    }

    /// Collections and tab lists hold selectable children.
    static func isSelectionContainer(_ node: AccessibleNode) -> Bool { node.items != nil || node.role == .pageTabList }

    /// The live region, notices (alerts and notifications), a day's events and text fields are
    /// read as text.
    static func hasText(_ node: AccessibleNode) -> Bool {
        node.textField != nil || [.liveRegion, .alert, .notification, .label].contains(node.role)
    }

    /// What can be done to a node: a collection's item can be activated (as a click does), and in
    /// a collection that takes part in drag and drop, picked up and dropped; tabs and menu entries
    /// can be activated.
    public static func actions(of resolved: ATSPIResolvedNode, canDrag: Bool = false) -> [ATSPIAction] {
        if resolved.collection != nil { return canDrag ? [.activate, .pickUp, .dropHere] : [.activate] }
        if [.pageTab, .menuItem].contains(resolved.node.role), !resolved.node.states.contains(.disabled) { return [.activate] }
        return []
    }
}

/// An action an assistive technology can perform on a node (AT-SPI's `Action` interface).
public enum ATSPIAction: String, Sendable, CaseIterable {
    case activate = "activate"
    case pickUp = "pick up"
    case dropHere = "drop here"

    var description: String {
        switch self {
        case .activate: "Selects the item, as a click does"
        case .pickUp: "Picks the item up to move it with the keyboard"
        case .dropHere: "Drops the item being moved at this place"
        }
    }

    var keyBinding: String {
        switch self {
        case .activate: ""
        case .pickUp, .dropHere: "space"
        }
    }
}
