import CollectionKit

/// The mosaic's commands: Shuffle, Reset and Undo as buttons at the right end of its pinned
/// header (as a GNOME header bar holds a view's actions), and as keys listed in the shortcuts window.
extension MosaicScene {
    static func cardCount(_ n: Int) -> String { trn("%@ card", "%@ cards", n) }

    /// Shuffle, Reset and Undo: the engine's buttons (one Tab stop each) in the header's style.
    static func makeHeaderButtons() -> [Button] {
        [Button(name: "shuffle", title: tr("Shuffle"), style: .header), Button(name: "reset", title: tr("Reset"), style: .header),
         Button(name: "undo", title: tr("Undo"), style: .header)]
    }

    /// The mosaic header's frame in window points, while it shows.
    private var headerWindowFrame: Rect? {
        guard let a = collection.visibleAttributes.first(where: { $0.kind == .supplementary("header") && $0.indexPath.section == MosaicScene.mosaicSection })
        else { return nil }
        let r = collection.windowRect(fromContent: a.frame)
        return r.intersects(collection.frame) ? r : nil
    }

    /// Brings the buttons up to date (words, colours, whether Undo can undo) and places them:
    /// right-aligned in the header, measured at the current text size, and none where the header
    /// is too narrow for them beside its title (the keys still work). Right to left the row is
    /// mirrored with its header: at the left end, Shuffle rightmost. Every frame: a few
    /// assignments and a measurement per button.
    func layOutHeaderButtons() {
        let titles = [tr("Shuffle"), tr("Reset"), tr("Undo")]
        for (b, title) in zip(headerButtons, titles) { b.title = title; b.style = .header; b.layoutDirection = collection.layoutDirection }
        // Reset only when the cards are not the preset's (it would add an undo step that does nothing).
        headerButtons[1].isEnabled = !model.isAsGenerated
        headerButtons[2].isEnabled = manager.history.undoCount > 0
        let sizes = headerButtons.map { $0.preferredSize(measurer: measurer) }
        guard let h = headerWindowFrame, let height = sizes.map(\.height).max(), h.height >= height else {
            for b in headerButtons { b.setFrame(.zero) }
            return
        }
        let spacing = 6.0
        var x = h.maxX - gridSideInset - sizes.reduce(0) { $0 + $1.width } - spacing * Double(sizes.count - 1)
        // They show only where the title and the count keep the room their words need.
        let text = MosaicHeader.widths(title: tr("Mosaic"), detail: MosaicScene.cardCount(model.count), inset: gridSideInset,
                                       width: h.width, measurer: measurer)
        let fits = x >= h.minX + gridSideInset + text.title + MosaicHeader.gap + text.detail + MosaicHeader.gap
        for (b, size) in zip(headerButtons, sizes) {
            let r = Rect(x: x, y: (h.midY - size.height / 2).rounded(), width: size.width, height: size.height)
            b.setFrame(fits ? HeaderMirror.mirrored(r, in: h, collection.layoutDirection) : .zero)
            x += size.width + spacing
        }
    }

    /// The header's buttons for the dump: name, title, frame, enabled, selected and focused (with
    /// its ring), as published since the header has had buttons.
    func headerControlsDump() -> JSON {
        .array(headerButtons.filter { $0.frame.width > 0 }.map { b in
            .object([("name", .string(b.name)), ("title", .string(b.title)), ("frame", .rect(b.frame)), ("enabled", .bool(b.isEnabled)),
                     ("selected", .bool(b.isChecked)), ("focused", .bool(b.showsFocusRing))])
        })
    }

    func pressHeaderButton(_ name: String, now: Double) {
        switch name {
        case "shuffle": shuffle(now: now)
        case "reset": reset(now: now)
        default: undo()
        }
    }

    /// The keys the scene handles itself (the menu key, undo and redo, shuffle and reset).
    var commandShortcuts: [ShortcutSection] {
        [ShortcutSection(title: tr("Cards"), shortcuts: [
            Shortcut("S", tr("Shuffle the cards"), key: Key("s")) { [unowned self] in shuffle(now: $0); return true },
            Shortcut("R", tr("Reset the cards to how they started"), key: Key("r")) { [unowned self] in reset(now: $0); return true },
            Shortcut(tr("Ctrl+Z"), tr("Undo"), key: Key("z"), mods: .ctrl) { [unowned self] _ in undo(); return true },
            Shortcut(tr("Ctrl+Shift+Z  or  Ctrl+Y"), tr("Redo"),
                     matches: { k, m in (k == Key("z") && m == [.ctrl, .shift]) || (k == Key("y") && m == .ctrl) }) { [unowned self] _ in redo(); return true },
            Shortcut(tr("Menu  or  Shift+F10"), tr("Open the focused card's menu"), matches: ContextMenuController.isMenuKey) { [unowned self] in
                openMenuForFocused(now: $0); return true
            },
            Shortcut("F2", tr("Rename the focused card"), key: Key("F2")) { [unowned self] now in
                guard let id = focusedCard else { return false }
                beginRenaming(id, now: now); return true
            },
        ])]
    }

    var shortcutSections: [ShortcutSection] {
        commandShortcuts + [ShortcutSection(title: tr("Moving around"), shortcuts: [
            Shortcut("↑ ↓ ← →", tr("Move the focus between cards"), matches: { k, m in m.isEmpty && [.up, .down, .left, .right].contains(k) }, run: nil),
            Shortcut(tr("Enter"), tr("Open the focused card's menu"), key: .enter, run: nil),
            Shortcut(tr("Page Up  /  Page Down"), tr("Scroll a page"), matches: { k, m in m.isEmpty && (k == .pageUp || k == .pageDown) }, run: nil),
            Shortcut(tr("Space"), tr("Scroll a page down"), key: .space, run: nil),
            Shortcut(tr("Home  /  End"), tr("Go to the first or last card"), matches: { k, m in m.isEmpty && (k == .home || k == .end) }, run: nil),
        ])]
    }
}
