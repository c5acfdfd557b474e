import CollectionKit

/// A card's menu: a right click on a card, or the Menu key or Shift+F10 on the focused card, offers
/// what the keys do (F2, Ctrl+C, Delete), so a pointer user finds them without the shortcuts
/// window. Copy and Delete act on the selection when the card is one of the selected cards, as the
/// keys do; Rename on the card alone.
extension BoardsScene {
    static var renameAction: String { tr("Rename…") }
    static var copyAction: String { tr("Copy") }
    static var deleteAction: String { tr("Delete") }

    /// The menu's actions; Delete last, set apart (GNOME's menus end with the destructive one).
    /// A locked card keeps Delete: choosing it says why it stays, as the Delete key does.
    var cardMenuActions: [ContextMenuAction] {
        [ContextMenuAction(BoardsScene.renameAction), ContextMenuAction(BoardsScene.copyAction),
         .separator, ContextMenuAction(BoardsScene.deleteAction, isDestructive: true)]
    }

    func setUpCardMenu() {
        menu.style.highlight = Theme.accent
        menu.style.destructive = Theme.danger.mixed(with: .white, 0.15)
        menu.style.destructiveHighlight = Theme.danger
        menu.onChoose = { [unowned self] item, _, title, now in
            guard let id = item.base as? Int else { return }
            runCardMenuAction(title, on: id, now: now)
        }
    }

    /// A right press on a card opens its menu there (and focuses the card); a right press
    /// anywhere else opens nothing, and while a card is carried it goes on to the drag machinery,
    /// which puts the card back.
    func handleRightClick(_ event: InputEvent, now: Double) -> EventDisposition {
        guard case let .pointerDown(p, .right, _) = event else { return .ignored }
        self.now = now
        if manager.isDragging || manager.isLanding || editor.isEditing { return .ignored }
        guard let board = boards.first(where: { $0.view.frame.contains(p) }), let id = board.itemID(at: p) else { return .ignored }
        openCardMenu(id, on: board.name, at: p, fromKeyboard: false)
        return .handled
    }

    /// The Menu key or Shift+F10: the focused card's menu, anchored inside the card.
    @discardableResult
    func openMenuForFocusedCard(now: Double) -> Bool {
        // Only while a board has the keyboard (not its "+ Add a card" or the notice's buttons).
        guard !manager.isDragging, let f = manager.focus, composition.focus.focused?.focusName == f.collection, let board = board(f.collection),
              let frame = board.windowFrame(of: AnyHashable(f.id)) else { return false }
        // Inside the card at its leading corner: right to left, the menu opens leftwards from its right.
        let anchor = Point(x: layoutDirection.isRightToLeft ? frame.maxX - 12 : frame.minX + 12, y: min(frame.maxY - 8, frame.minY + 12))
        self.now = now
        return openCardMenu(f.id, on: board.name, at: anchor, fromKeyboard: true)
    }

    @discardableResult
    private func openCardMenu(_ id: Int, on board: String, at anchor: Point, fromKeyboard: Bool) -> Bool {
        guard menu.open(itemID: AnyHashable(id), actions: cardMenuActions, at: anchor, in: menuBounds,
                        isDragging: manager.isDragging, fromKeyboard: fromKeyboard) else { return false }
        // The card the menu is for becomes the one keys act on; a selection it belongs to stays.
        focusCard(id, on: board, showingRing: fromKeyboard)
        return true
    }

    /// The card the open menu is for, and the board that holds it; nil while no menu is open.
    var menuCard: (id: Int, board: String)? {
        guard let id = menu.menu?.itemID.base as? Int, let board = manager.location(of: id)?.collection else { return nil }
        return (id, board)
    }

    /// The cards Copy and Delete act on: the selection when `id` is one of it, else `id`.
    private func menuTargets(_ id: Int) -> [Int] {
        manager.selection.contains(id) ? selectedCardsInBoardOrder() : [id]
    }

    private func runCardMenuAction(_ title: String, on id: Int, now: Double) {
        guard let board = manager.location(of: id).flatMap({ self.board($0.collection) }) else { return }
        switch title {
        case BoardsScene.renameAction:
            beginRenaming(id, in: board, now: now)
        case BoardsScene.copyAction:
            editor.services.clipboard.setText(menuTargets(id).map { card($0).shownText }.joined(separator: "\n"))
        case BoardsScene.deleteAction:
            deleteCards(menuTargets(id))
        default:
            break
        }
    }

    /// The open menu as the state dump shows it, or null.
    func menuDump() -> JSON {
        guard let m = menu.menu, let target = menuCard else { return .null }
        return .object([("item", .string("\(target.id)")), ("board", .string(target.board)),
                        ("actions", .strings(m.actions.filter { !$0.isSeparator }.map(\.title))),
                        ("highlighted", m.highlighted.map { .string(m.actions[$0].title) } ?? .null),
                        ("frame", .rect(m.frame))])
    }

    /// The open menu for assistive technology, named as its card.
    func menuAccessibilityNodes() -> [AccessibleNode] {
        guard let m = menu.menu, let id = m.itemID.base as? Int else { return [] }
        return [AccessibleNode(role: .menu, name: card(id).name, frame: m.frame, children: m.accessibleItems())]
    }
}
