import CollectionKit

/// Adding, renaming and deleting cards: a field typed in place, each change through the drag-and-
/// drop manager, so it is undoable with Ctrl+Z and saved by the change notification like a move.
extension Kanban {
    static let addCardTitle = "+ Add a card"
    static let newCardPlaceholder = "Card title"

    /// F2, Enter or a double-click renames the focused card; Ctrl+N (or "+ Add a card") types a
    /// new one at the end of the column; Delete puts the focused or selected cards in the trash.
    func handleEditingCommand(_ event: InputEvent, now: Double) -> EventDisposition {
        guard !manager.isDragging else { return .ignored }
        switch event {
        case let .pointerDown(p, .left, mods):
            guard clicks.press(at: p, now: now) == 2, mods.isEmpty,
                  let column = columns.first(where: { $0.view.frame.contains(p) }), let id = column.itemID(at: p) else { return .ignored }
            beginRenaming(id, in: column, now: now)
            return .handled
        case let .key(key, mods):
            if key == Key("n"), mods == .ctrl {
                // The column with the focus, or the one whose add button has it.
                let focused = composition.focus.focused?.focusName
                let k = columns.firstIndex { $0.name == focused } ?? addCardButtons.firstIndex { $0.name == focused } ?? 0
                beginAdding(in: k, now: now)
                return .handled
            }
            // The focused card counts only while its column has the keyboard focus (Enter on an
            // add button adds; it does not rename the card last focused).
            let columnHasFocus = composition.focus.focused?.focusName == manager.focus?.collection
            if InPlaceEditor.isEditKey(key, mods), columnHasFocus, let f = manager.focus, let column = columns.first(where: { $0.name == f.collection }),
               column.identifier(f.id) != nil {
                beginRenaming(f.id, in: column, now: now)
                return .handled
            }
            if key == Key("Delete"), mods.isEmpty, columnHasFocus || !manager.selection.isEmpty {
                let ids = manager.selection.isEmpty ? manager.focus.map { [$0.id] } ?? [] : Array(manager.selection)
                guard !ids.isEmpty else { return .ignored }
                let what = ids.count == 1 ? ids.first.map(title(of:)) ?? "1 card" : "\(ids.count) cards"
                do { try manager.remove(ids, intoZone: trash.dropName, summary: "delete \(what)") } catch { return .ignored }
                return .handled
            }
            return .ignored
        default:
            return .ignored
        }
    }

    /// A field where column `k`'s "+ Add a card" was; Enter adds the card at the column's end.
    public func beginAdding(in k: Int, now: Double) {
        guard columns.indices.contains(k) else { return }
        adding = k
        let column = columns[k]
        editor.begin(item: AnyHashable("new"), text: "", placeholder: Kanban.newCardPlaceholder,
                     frame: { [unowned self] in addButtons.indices.contains(k) ? addButtons[k].insetBy(dx: -6, dy: 0) : nil },
                     now: now) { [unowned self] text in
            adding = nil
            guard let title = text?.trimmed, !title.isEmpty else { return }
            let id = (cards.keys.max() ?? -1) + 1
            cards[id] = Card(id: id, title: title)
            try? manager.insert([id], into: column.name, at: ItemPath(item: column.count, section: 0),
                                summary: "add \(title)")
            // The new card has the focus, with its ring when the keyboard added it.
            let ring = composition.focus.isRingVisible
            manager.focusItem(id, in: column.name, showingRing: ring)
            if let stop = composition.focus.stops.first(where: { $0.focusName == column.name }) {
                composition.focus.focus(stop, showingRing: ring, now: now)
            }
        }
    }

    /// A field over the card holding its title; Enter renames it.
    public func beginRenaming(_ key: Int, in column: DragDropCollection<Int>, now: Double) {
        guard let old = cards[key]?.title else { return }
        let id = AnyHashable(key)
        editor.begin(item: id, text: old, frame: { column.windowFrame(of: id) }, now: now) { [unowned self] text in
            guard let title = text?.trimmed, !title.isEmpty, title != old else { return }
            manager.recordEdit(of: key, summary: "rename \(old)") { [unowned self] undoing in
                cards[key]?.title = undoing ? old : title
                column.remeasure()
                column.view.reloadData()
            }
        }
    }
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
