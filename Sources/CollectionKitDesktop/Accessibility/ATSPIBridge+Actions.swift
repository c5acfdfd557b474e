import CollectionKit

/// `Selection` and `Action`: performed as the user would, with clicks and keys handed to the
/// application, so selection rules, focus and the keyboard drag behave exactly as for input.
extension ATSPIBridge {
    /// The flat indices of a container's selected children.
    func selectedIndices(of node: AccessibleNode) -> [Int] {
        if let items = node.items { return items.selectedIndices }
        return node.children.indices.filter { node.children[$0].states.contains(.selected) }
    }

    func actions(of n: ATSPIResolvedNode) -> [ATSPIAction] {
        ATSPITree.actions(of: n, canDrag: dropContainer(for: n) != nil)
    }

    /// The drag-and-drop collection an item belongs to, when the shown scene has one.
    private func dropContainer(for n: ATSPIResolvedNode) -> (any DropContainer)? {
        guard let view = n.collection?.view, let manager = application.dragManager() else { return nil }
        return manager.collections.first { $0.view === view }
    }

    func answerSelection(_ r: ATSPIRequest, _ n: ATSPIResolvedNode) -> Bool {
        let selected = selectedIndices(of: n.node)
        let i = Int(r.arguments.int32(0) ?? -1)
        switch r.method {
        case "GetSelectedChild":
            r.reply([reference(selected.indices.contains(i) ? n.path.child(selected[i], in: n.node) : nil)]); return false
        case "IsChildSelected": r.reply([.bool(selected.contains(i))]); return false
        case "SelectChild":
            if selected.contains(i) { r.reply([.bool(true)]); return false }
            // Added to the selection where several may be chosen (Ctrl+click), else chosen alone.
            let adds = n.node.items?.view.allowsMultipleSelection == true && !selected.isEmpty
            let done = click(child: i, of: n, modifiers: adds ? [.ctrl] : [])
            r.reply([.bool(done && selectedIndices(of: tree().resolve(n.path)?.node ?? n.node).contains(i))]); return done
        case "DeselectChild", "DeselectSelectedChild":
            let child = r.method == "DeselectChild" ? i : (selected.indices.contains(i) ? selected[i] : -1)
            guard selected.contains(child) else { r.reply([.bool(false)]); return false }
            let done = click(child: child, of: n, modifiers: [.ctrl])
            r.reply([.bool(done && !selectedIndices(of: tree().resolve(n.path)?.node ?? n.node).contains(child))]); return done
        default:
            // SelectAll and ClearSelection: the scenes have no such command to perform.
            r.reply([.bool(false)]); return false
        }
    }

    /// One action as the bus lists it: the adapter's own (a collection's item, a tab) or one the
    /// node carries (``AccessibleAction``: a button's "click").
    struct ActionEntry {
        var name: String, description: String, keyBinding: String
        var perform: () -> Bool
    }

    /// Every action of a node: the adapter's own first, then the node's.
    func actionEntries(of n: ATSPIResolvedNode) -> [ActionEntry] {
        actions(of: n).map { a in ActionEntry(name: a.rawValue, description: a.description, keyBinding: a.keyBinding) { [self] in perform(a, on: n) } }
            + n.node.actions.map { a in ActionEntry(name: a.name, description: a.description, keyBinding: a.keyBinding) { [self] in a.perform(application.now()) } }
    }

    func answerAction(_ r: ATSPIRequest, _ n: ATSPIResolvedNode) -> Bool {
        let list = actionEntries(of: n)
        let i = Int(r.arguments.int32(0) ?? -1)
        let action = list.indices.contains(i) ? list[i] : nil
        switch r.method {
        case "GetName", "GetLocalizedName": r.reply([.string(action?.name ?? "")])
        case "GetDescription": r.reply([.string(action?.description ?? "")])
        case "GetKeyBinding": r.reply([.string(action?.keyBinding ?? "")])
        case "GetActions":
            r.reply([.array(elementType: "(sss)", list.map { .tuple([.string($0.name), .string($0.description), .string($0.keyBinding)]) })])
        case "DoAction":
            // Performed here, on the window's thread, between frames; the window then runs a frame.
            guard let action else { r.reply([.bool(false)]); return false }
            let done = action.perform()
            r.reply([.bool(done)])
            return true
        default: r.fail(ATSPIRequest.unknownInterface, "no method \(r.method)")
        }
        return false
    }

    private func perform(_ action: ATSPIAction, on n: ATSPIResolvedNode) -> Bool {
        switch action {
        case .activate:
            guard let parentPath = n.path.parent, let index = n.path.indices.last,
                  let parent = tree().resolve(parentPath) else { return false }
            return click(child: index, of: parent, modifiers: [])
        case .pickUp:
            guard let manager = application.dragManager(), !manager.isDragging, let parentPath = n.path.parent,
                  let index = n.path.indices.last, let parent = tree().resolve(parentPath),
                  click(child: index, of: parent, modifiers: []) else { return false }
            application.send(.key(.space, []))
            return manager.session?.isKeyboard == true
        case .dropHere:
            return dropHere(n)
        }
    }

    /// Moves the keyboard drag to the item's place with the keys a user would press (Left/Right
    /// to its collection, Up/Down to its position), then drops with Space. Each walk is bounded by
    /// the number of places there are, so it ends even where a place cannot be reached.
    private func dropHere(_ n: ATSPIResolvedNode) -> Bool {
        guard let manager = application.dragManager(), let session = manager.session, session.isKeyboard,
              let target = dropContainer(for: n), let place = n.itemPath else { return false }
        let hops = manager.collections.count + manager.zones.count
        for key in [Key.right, .left] {
            var left = hops
            while manager.session?.over != target.dropName, left > 0 { application.send(.key(key, [])); left -= 1 }
        }
        guard manager.session?.over == target.dropName else { return false }
        var steps = target.view.numberOfItems + 2
        while let gap = manager.insertionIndex, gap != place, steps > 0 {
            application.send(.key(gap < place ? .down : .up, []))
            steps -= 1
        }
        guard manager.insertionIndex == place else { return false }
        application.send(.key(.space, []))
        return !manager.isDragging
    }

    /// Clicks a child of a node at its centre, as the user would; a collection's item outside the
    /// viewport is scrolled into view first. False when the child does not exist or cannot be
    /// shown.
    @discardableResult
    func click(child index: Int, of parent: ATSPIResolvedNode, modifiers: Modifiers) -> Bool {
        var frame: Rect
        if let items = parent.node.items {
            guard let ip = items.indexPath(at: index) else { return false }
            if let item = items.item(at: index), item.states.contains(.offscreen) {
                items.view.scrollToItem(ip, centered: true, animated: false)
            }
            guard let item = items.item(at: index), !item.states.contains(.offscreen) else { return false }
            let shown = item.frame.intersection(items.view.frame)
            frame = shown.isEmpty ? item.frame : shown
        } else {
            guard let child = parent.node.child(at: index), !child.states.contains(.disabled) else { return false }
            frame = child.frame
        }
        let p = frame.center
        application.send(.pointerMove(p, modifiers))
        application.send(.pointerDown(p, .left, modifiers))
        application.send(.pointerUp(p, .left, modifiers))
        return true
    }
}
