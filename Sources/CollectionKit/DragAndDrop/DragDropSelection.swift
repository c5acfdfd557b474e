/// Which items are selected and which one has the keyboard focus, across the containers of one
/// drag-and-drop manager. It is not the drag: clicks and arrows change it, a drag only reads it
/// (dragging a selected item drags the whole selection) and a committed change moves the focus
/// to where its item went.
struct DragDropSelection {
    /// Selected items (Ctrl+click): dragging one of them drags them all.
    private(set) var selected: Set<AnyHashable> = []
    /// The item keyboard commands act on, and its container.
    private(set) var focus: (collection: String, id: AnyHashable)?
    /// Whether the focus shows its ring: once the keyboard is used, until the next press of the
    /// pointer (the focus itself stays, so Space still acts on the clicked item).
    private(set) var showsRing = false

    init() {}

    /// A click on an item: Ctrl toggles it in the selection, a plain click selects it alone.
    mutating func click(_ id: AnyHashable, ctrl: Bool) {
        if !ctrl { selected = [id] } else if selected.contains(id) { selected.remove(id) } else { selected.insert(id) }
    }

    mutating func clear() { selected.removeAll() }

    /// Items that left the selection (they were dropped).
    mutating func deselect<S: Sequence>(_ ids: S) where S.Element == AnyHashable { selected.subtract(ids) }

    mutating func focus(_ id: AnyHashable, in container: String) { focus = (container, id) }

    /// The keyboard was used (true) or the pointer pressed (false).
    mutating func showRing(_ shown: Bool) { showsRing = shown }

    /// Up/Down within the focused container, Left/Right to the nearest container that way in their
    /// order (the order runs leftward when the last stands left of the first) that holds items; the first item anywhere when nothing has the focus. Returns the container and
    /// item now focused, for the caller to scroll to; nil when the focus stayed.
    mutating func moveFocus(_ key: Key, in containers: [any DropContainer]) -> (any DropContainer, AnyHashable)? {
        guard let f = focus, let ci = containers.firstIndex(where: { $0.dropName == f.collection }) else {
            guard let first = containers.first(where: { $0.count > 0 }), let id = first.items.joined().first else { return nil }
            focus = (first.dropName, id)
            return (first, id)
        }
        let c = containers[ci]
        if key == .up || key == .down {
            let flat = Array(c.items.joined())
            guard let i = flat.firstIndex(of: f.id) else { return nil }
            let j = min(max(0, i + (key == .down ? 1 : -1)), flat.count - 1)
            focus = (c.dropName, flat[j])
            return (c, flat[j])
        }
        // The containers are listed along the screen; right to left the first stands at the right
        // (its last one left of it), and Right steps back towards it.
        let runsLeftward = (containers.last?.dropFrame.midX ?? 0) < (containers.first?.dropFrame.midX ?? 0)
        let step = (key == .right) != runsLeftward ? 1 : -1
        var k = ci + step
        while containers.indices.contains(k) {
            if let id = containers[k].items.joined().first {
                focus = (containers[k].dropName, id)
                return (containers[k], id)
            }
            k += step
        }
        return nil
    }

    /// After a change of the data the focus follows its item to wherever it is now; an item that
    /// left every container hands the focus to the item now in its place (else the one before),
    /// so Space and the arrows act at once. `before` holds the changed containers' old data.
    mutating func repair(in containers: [any DropContainer], before: [String: [ItemList]]) {
        guard let f = focus, containers.first(where: { $0.dropName == f.collection })?.indexPath(of: f.id) == nil else { return }
        if let c = containers.first(where: { $0.indexPath(of: f.id) != nil }) {
            focus = (c.dropName, f.id)
            return
        }
        focus = nil
        guard let c = containers.first(where: { $0.dropName == f.collection }), let old = before[f.collection],
              let s = old.firstIndex(where: { $0.contains(f.id) }), let i = old[s].firstIndex(of: f.id),
              c.items.indices.contains(s), !c.items[s].isEmpty else { return }
        focus = (c.dropName, c.items[s][min(i, c.items[s].count - 1)])
    }
}
