/// One node of the accessibility tree: what a screen reader is told about a thing on screen.
///
/// Nodes are values made on request, never kept per frame. A node either lists its children
/// (a tab bar's few tabs) or stands for a collection view whose items it makes one at a time on
/// request (``items``), so a collection of a million items costs one node until an item is asked
/// for, and then one more.
public struct AccessibleNode {
    public var role: AccessibleRole
    public var name: String
    /// What a screen reader says after the name, when there is more to know ("2 events").
    public var description: String
    public var states: AccessibleStates
    /// The node's position among its parent's children, when it has one.
    public var index: Int?
    /// Where it is, in window points. Off-screen items keep their frame: outside the viewport.
    public var frame: Rect
    /// Children listed outright.
    public var children: [AccessibleNode]
    /// Children made on request from a collection view (for list, grid and table nodes).
    public var items: AccessibleCollection?
    /// Which of several things this place in the tree holds now, when it can hold different ones
    /// (the scene under a tab bar): a reference made to one of them names it, so once another
    /// takes the place the old reference leads nowhere instead of to the newcomer's children.
    /// Nil for a node that is always the same thing.
    public var identity: Int?
    /// The field whose text, caret and selection the node reads and edits (an ``AccessibleRole/entry``).
    public var textField: TextField?
    /// What an assistive technology can do to it (a button's "click"), performed on the window's
    /// thread. Collections' items and tabs have actions of the bus adapter's own besides.
    public var actions: [AccessibleAction]

    public init(role: AccessibleRole, name: String, states: AccessibleStates = [], index: Int? = nil,
                frame: Rect = .zero, children: [AccessibleNode] = [], items: AccessibleCollection? = nil,
                identity: Int? = nil, description: String = "", textField: TextField? = nil, actions: [AccessibleAction] = []) {
        self.role = role; self.name = name; self.description = description; self.states = states; self.index = index
        self.frame = frame; self.children = children; self.items = items; self.identity = identity
        self.textField = textField; self.actions = actions
    }

    /// The identity of the child at `index`: a listed child's own, nil for a collection's item
    /// (never made for this). O(1).
    public func identityOfChild(at index: Int) -> Int? {
        items == nil && children.indices.contains(index) ? children[index].identity : nil
    }

    /// The number of children: all the collection's items, not only those with live cells. O(sections).
    public var childCount: Int { items?.count ?? children.count }

    /// The child at `index`, made now for a collection's item. O(sections) plus one layout query.
    public func child(at index: Int) -> AccessibleNode? {
        if let items { return items.item(at: index) }
        return children.indices.contains(index) ? children[index] : nil
    }

    /// The first node in this subtree (this one included, listed children only) that passes `test`.
    public func first(where test: (AccessibleNode) -> Bool) -> AccessibleNode? {
        if test(self) { return self }
        for c in children { if let hit = c.first(where: test) { return hit } }
        return nil
    }
}
