import CollectionKit

/// Adding, renaming and deleting cards: a field typed in place, each change through the drag-and-
/// drop manager, so Ctrl+Z undoes it like a move and the remembered state keeps it.
extension BoardsScene {
    static var addCardTitle: String { tr("+ Add a card") }
    static var newCardPlaceholder: String { tr("Card title") }

    static let fieldStyle = Theme.fieldStyle(size: 13, padding: EdgeInsets(top: 10, left: 12, bottom: 10, right: 12))

    /// "+ Add a card" (or Ctrl+N on the focused board) types a new card at the board's end; F2 or
    /// a double-click renames a card (Enter is the keyboard drag's); Delete puts the focused or
    /// selected cards in the trash.
    func handleEditingCommand(_ event: InputEvent, now: Double) -> EventDisposition {
        self.now = now
        guard !manager.isDragging, !manager.isLanding else { return .ignored }
        switch event {
        case let .pointerDown(p, .left, mods):
            if mods.isEmpty, let name = addButtons.first(where: { $0.value.contains(p) })?.key {
                beginAdding(to: name, now: now)
                return .handled
            }
            // A Ctrl- or Shift-click selects; it is never half of a double-click.
            guard mods.isEmpty else { clicks.reset(); pendingRename = nil; return .ignored }
            guard clicks.press(at: p, now: now) == 2,
                  let board = boards.first(where: { $0.view.frame.contains(p) }), let id = board.itemID(at: p) else {
                pendingRename = nil
                return .ignored
            }
            // The second press still goes to the manager: held and moved, it drags the card. Let
            // go where it was pressed, it renames (see `handle(_:now:)`).
            clicks.reset()
            pendingRename = (id, board.name, p)
            return .ignored
        case let .key(key, mods):
            if let done = handleClipboardKey(key, mods) { return done }
            if ShortcutSection.run([editingShortcuts], key: key, mods: mods, now: now) { return .handled }
            return .ignored
        default:
            return .ignored
        }
    }

    /// Ctrl+N, F2, Delete and the Menu key: the keys this file handles, as the shortcuts window lists them.
    var editingShortcuts: ShortcutSection {
        ShortcutSection(title: tr("Editing"), shortcuts: [
            Shortcut(tr("Ctrl+N"), tr("Add a card to the focused board"), key: Key("n"), mods: .ctrl) { [unowned self] now in
                let focused = composition.focus.focused?.focusName ?? manager.focus?.collection
                let name = focused.flatMap { takesNewCards($0) ? $0 : nil } ?? "today"
                beginAdding(to: name, now: now)
                return true
            },
            Shortcut("F2", tr("Rename the focused card"), key: Key("F2")) { [unowned self] now in
                guard let f = manager.focus, let board = board(f.collection), board.identifier(f.id) != nil else { return false }
                beginRenaming(f.id, in: board, now: now)
                return true
            },
            // TRANSLATORS: the Delete key as printed on the language's keyboards (German "Entf").
            Shortcut(trc("keyboard key", "Delete"), tr("Delete the selected or focused cards"), key: Key("Delete")) { [unowned self] _ in
                let ids = manager.selection.isEmpty ? manager.focus.map { [$0.id] } ?? [] : Array(manager.selection)
                guard !ids.isEmpty else { return false }
                deleteCards(ids)
                return true
            },
            Shortcut(tr("Menu  or  Shift+F10"), tr("Open the focused card's menu"), matches: ContextMenuController.isMenuKey) { [unowned self] in
                openMenuForFocusedCard(now: $0)
            },
        ])
    }

    /// The keys the drag-and-drop manager takes on the boards, for the shortcuts window.
    var shortcutSections: [ShortcutSection] {
        [ShortcutSection(title: tr("Cards"), shortcuts: [
            // The drag machinery reads the arrows whatever Shift or Alt is held.
            Shortcut("↑ ↓ ← →", tr("Move the focus between cards and boards"),
                     matches: { k, m in m.isSubset(of: [.shift, .alt]) && [.up, .down, .left, .right].contains(k) }, run: nil),
            Shortcut(tr("Ctrl+click"), tr("Select several cards"), matches: { _, _ in false }, run: nil),
            Shortcut(tr("Space"), tr("Pick up the focused cards, or drop them"), key: .space, run: nil),
            Shortcut(tr("Escape"), tr("Put picked-up cards back"), key: .escape, run: nil),
            Shortcut(tr("Ctrl+Z"), tr("Undo"), key: Key("z"), mods: .ctrl, run: nil),
            Shortcut(tr("Ctrl+Shift+Z  or  Ctrl+Y"), tr("Redo"), matches: { k, m in
                (k == Key("z") && m == [.ctrl, .shift]) || (k == Key("y") && (m == .ctrl || m == [.ctrl, .shift]))
            }, run: nil),
        ]), editingShortcuts]
    }

    /// Puts `ids` in the trash as one undoable edit; a locked card refuses, with the reason shown.
    func deleteCards(_ ids: [Int]) {
        let what = ids.count == 1 ? card(ids[0]).name : BoardsScene.words.severalItems(ids.count)
        do {
            try manager.remove(ids, intoZone: trash.dropName, summary: "delete \(what)")
        } catch {
            refusal = ("\(error)", now + 4)
        }
    }

    /// Whether typed cards can be added to board `name` ("+ Add a card" or Ctrl+N), whether or not
    /// its button has room to show.
    func takesNewCards(_ name: String) -> Bool {
        guard let b = board(name) else { return false }
        return b.acceptsDrops && b.capacity == nil
    }

    /// A field at the end of board `name`; Enter adds the typed card there, Escape adds nothing.
    public func beginAdding(to name: String, now: Double) {
        guard let board = board(name), takesNewCards(name) else { return }
        adding = name
        // The field goes after the board's last card, as a card would, or at the board's bottom
        // while the last card is scrolled out of view below; a board that scrolls sideways keeps
        // it along its bottom.
        let counts = board.view.itemCounts
        let lastSection = counts.lastIndex { $0 > 0 }
        let last = lastSection.map { ItemPath(item: counts[$0] - 1, section: $0) }
        editor.begin(item: AnyHashable("new"), text: "", multiline: false, maximumLength: TextLimits.cardTitle,
                     placeholder: BoardsScene.newCardPlaceholder,
                     frame: {
                         let v = board.view.frame
                         var y = max(v.minY, v.maxY - 46)
                         if board.view.layout.scrollAxis == .vertical {
                             y = v.minY + 6
                             if let last, let f = board.view.layout.attributesForItem(at: last)?.frame {
                                 y = min(max(v.minY, board.view.windowRect(fromContent: f).maxY + 6), max(v.minY, v.maxY - 46))
                             }
                         }
                         return Rect(x: v.minX + 6, y: y, width: max(0, v.width - 12), height: 40)
                     },
                     now: now) { [unowned self] text in
            adding = nil
            guard let title = text?.trimmedForTitle, !title.isEmpty else { return }
            addCard(titled: title, to: board)
        }
    }

    /// A new card at the end of `board` (the last section), with an identifier never used before.
    func addCard(titled title: String, to board: DragDropCollection<Int>) {
        let id = newCardID()
        cards[id] = BoardCard(id: id, title: title)
        let last = max(0, board.items.count - 1)
        do {
            try manager.insert([id], into: board.name, at: ItemPath(item: board.items[last].count, section: last),
                               summary: "add \(title)")
        } catch {
            cards[id] = nil
            refusal = ("\(error)", now + 4)
            return
        }
        if board.name == "backlog" { board.remeasure() }
        let count = board.items[last].count
        board.view.scrollToItem(ItemPath(item: max(0, count - 1), section: last), centered: false, animated: true)
        focusCard(id, on: board.name)
    }

    /// Puts the keyboard focus on a card just created or renamed, its board's stop taking the
    /// chain's focus: the next keys act on it, and a screen reader names it.
    func focusCard(_ id: Int, on board: String, showingRing: Bool = true) {
        manager.focusItem(id, in: board, showingRing: showingRing)
        if let stop = composition.focus.stops.first(where: { $0.focusName == board }) {
            composition.focus.focus(stop, showingRing: showingRing, now: now)
        }
    }

    /// A field over the card holding its title; Enter renames it (what the card shows becomes the
    /// new title).
    public func beginRenaming(_ key: Int, in board: DragDropCollection<Int>, now: Double) {
        let old = card(key)
        let stored = cards[key]
        let id = AnyHashable(key)
        editor.begin(item: id, text: old.title, maximumLength: TextLimits.cardTitle, frame: { board.windowFrame(of: id) },
                     now: now) { [unowned self] text in
            guard let title = text?.trimmedForTitle, !title.isEmpty, title != old.title else { return }
            var renamed = old
            renamed.title = title
            renamed.text = ""
            manager.recordEdit(of: key, summary: "rename \(old.name)") { [unowned self] undoing in
                cards[key] = undoing ? stored : renamed
                if let home = manager.location(of: key).flatMap({ self.board($0.collection) }) {
                    if home.name == "backlog" { home.remeasure() }
                    home.view.reloadData()
                }
            }
            // The renamed card keeps the focus (a screen reader reads its new name).
            if let home = manager.location(of: key)?.collection { focusCard(key, on: home) }
        }
    }

    /// The scene's parts take `event`; a double-click's second release, where it was pressed and
    /// with no drag begun, then opens the rename.
    public func handle(_ event: InputEvent, now: Double) {
        _ = composition.handle(event, now: now)
        guard case let .pointerUp(p, .left, _) = event, let pending = pendingRename else { return }
        pendingRename = nil
        guard !manager.isDragging, !manager.isLanding, p.distance(to: pending.point) < manager.dragThreshold,
              let board = board(pending.board), board.identifier(AnyHashable(pending.id)) != nil else { return }
        beginRenaming(pending.id, in: board, now: now)
    }

    /// Board `name`'s "+ Add a card" as a focus stop (made once), or nil for a board that takes
    /// no typed cards (the palette, the one-card focus slot).
    func addCardButton(for name: String) -> Button? {
        if let b = addCardButtons[name] { return b }
        guard let board = board(name), board.acceptsDrops, board.capacity == nil else { return nil }
        let b = Button(name: "add-\(name)", title: BoardsScene.addCardTitle)
        b.drawsItself = false
        b.onActivate = { [unowned self] now in beginAdding(to: name, now: now) }
        b.setFrame(addButtons[name] ?? .zero)
        addCardButtons[name] = b
        return b
    }

    func drawAddButtons(into list: inout DrawList) {
        for (name, r) in addButtons where adding != name && !r.isEmpty {
            let hovered = r.contains(composition.pointer ?? Point(x: -1, y: -1)) && !editor.isEditing
            let focused = addCardButtons[name]?.showsFocusRing ?? false
            list.text(BoardsScene.addCardTitle, in: r, size: min(12, max(10, r.height + 2) * 0.65), color: hovered || focused ? Theme.text : Theme.textDim,
                      alignment: .trailing)
            if focused { FocusRing.draw(around: r.insetBy(dx: -3, dy: 0), radius: 5, into: &list) }
        }
    }
}

extension String {
    /// The text without white space at either end: what a typed title keeps.
    var trimmedForTitle: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
