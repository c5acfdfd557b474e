import CollectionKit

/// The clipboard on the boards: Ctrl+C copies what the selected cards say (else the focused card),
/// one a line, in the order the boards show them; Ctrl+X copies them and puts them in the trash
/// (undoable, as Delete); Ctrl+V adds a card for each non-empty pasted line at the end of the
/// focused board (else Today), as one undoable edit.
extension BoardsScene {
    /// Pasted lines taken at most: a pasted book stays a handful of cards, not a frozen window.
    static let maximumPastedCards = 100

    /// The clipboard command for `key`, or nil when it is not one.
    func handleClipboardKey(_ key: Key, _ mods: Modifiers) -> EventDisposition? {
        guard mods == .ctrl else { return nil }
        switch key {
        case Key("c"), Key("x"):
            let ids = clipboardCards()
            guard !ids.isEmpty else { return .ignored }
            editor.services.clipboard.setText(ids.map { card($0).shownText }.joined(separator: "\n"))
            if key == Key("x") { deleteCards(ids) }
            return .handled
        case Key("v"):
            guard let text = editor.services.clipboard.text else { return .ignored }
            let (titles, cut) = BoardsScene.pastedTitles(text)
            guard !titles.isEmpty else { return .ignored }
            if cut { refusal = (TextLimits.reached(TextLimits.cardTitle), now + 4) }
            let focused = composition.focus.focused?.focusName ?? manager.focus?.collection
            let name = focused.flatMap { takesNewCards($0) ? $0 : nil } ?? "today"
            guard let board = board(name) else { return .ignored }
            addCards(titled: titles, to: board)
            return .handled
        default:
            return nil
        }
    }

    /// The selected cards in the order the boards show them, else the focused card.
    private func clipboardCards() -> [Int] {
        guard manager.selection.isEmpty else { return selectedCardsInBoardOrder() }
        guard let f = manager.focus, board(f.collection)?.identifier(f.id) != nil else { return [] }
        return [f.id]
    }

    /// The selected cards in the order the boards show them (Ctrl+C's and a card menu's Copy).
    func selectedCardsInBoardOrder() -> [Int] {
        let selected = manager.selection
        var ordered: [Int] = []
        for board in boards {
            for section in board.identifiers {
                for card in section where selected.contains(card) { ordered.append(card) }
            }
        }
        return ordered
    }

    /// Each line of `text` that is not blank, trimmed, as a card title; at most `maximumPastedCards`,
    /// each cut to `TextLimits.cardTitle` characters (true when one was). O(text length).
    static func pastedTitles(_ text: String) -> ([String], Bool) {
        titles(fromLines: text.split(whereSeparator: \.isNewline).lazy.map { String($0).trimmedForTitle })
    }

    /// Non-blank `lines` as card titles, at most `maximumPastedCards`, each at most
    /// `TextLimits.cardTitle` characters with its control characters dropped, and whether one was cut.
    static func titles<Lines: Sequence<String>>(fromLines lines: Lines) -> ([String], Bool) {
        var titles: [String] = [], cut = false
        for line in lines where !line.isEmpty {
            guard titles.count < maximumPastedCards else { break }
            let clean = String(String.UnicodeScalarView(line.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) }))
            let (title, wasCut) = TextLimits.cut(clean, to: TextLimits.cardTitle)
            cut = cut || wasCut
            if !title.isEmpty { titles.append(title) }
        }
        return (titles, cut)
    }

    /// Text dropped from another program onto a board becomes cards where it was dropped, one per
    /// non-blank line (at most `maximumPastedCards`), as one undoable edit, as a paste does; files
    /// are refused with the reason. The palette takes no drops at all.
    func acceptDroppedText() {
        for board in boards where board.acceptsDrops {
            board.externalDropAcceptance = { [unowned self, unowned board] payload in
                payload.lines(upTo: 1).isEmpty ? .refuse(manager.strings.takesOnly(board.title, "text")) : .accept
            }
            board.onExternalDrop = { [unowned self, unowned board] payload, position in
                let (titles, cut) = BoardsScene.titles(fromLines: payload.lines(upTo: BoardsScene.maximumPastedCards))
                if cut { refusal = (TextLimits.reached(TextLimits.cardTitle), now + 4) }
                addCards(titled: titles, to: board, at: position)
            }
        }
    }

    /// New cards in `board` at `position` (its end when nil), in order, as one edit (one Ctrl+Z
    /// takes them all back).
    func addCards(titled titles: [String], to board: DragDropCollection<Int>, at position: ItemPath? = nil) {
        let ids = titles.map { title -> Int in
            let id = newCardID()
            cards[id] = BoardCard(id: id, title: title)
            return id
        }
        let last = max(0, board.items.count - 1)
        let what = titles.count == 1 ? titles[0] : BoardsScene.words.severalItems(titles.count)
        let at = position ?? ItemPath(item: board.items[last].count, section: last)
        do {
            try manager.insert(ids, into: board.name, at: at,
                               summary: "paste \(what)")
        } catch {
            for id in ids { cards[id] = nil }
            refusal = ("\(error)", now + 4)
            return
        }
        if board.name == "backlog" { board.remeasure() }
        let section = min(max(0, at.section), last)
        let shown = min(at.item + titles.count, board.items[section].count)
        board.view.scrollToItem(ItemPath(item: max(0, shown - 1), section: section), centered: false, animated: true)
    }
}
