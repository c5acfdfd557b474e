import CollectionKit

/// The mosaic's commands: Shuffle, Reset and Undo as buttons at the right end of its pinned
/// header (as a GNOME header bar holds a view's actions), and as keys listed in the shortcuts window.
extension MosaicScene {
    static func cardCount(_ n: Int) -> String { trn("%@ card", "%@ cards", n) }

    var headerButtonList: [ButtonRow.Button] {
        [ButtonRow.Button(name: "shuffle", title: tr("Shuffle")),
         ButtonRow.Button(name: "reset", title: tr("Reset"), enabled: !model.isAsGenerated),
         ButtonRow.Button(name: "undo", title: tr("Undo"), enabled: manager.history.undoCount > 0)]
    }

    /// The mosaic header's frame in window points, while it shows.
    private var headerWindowFrame: Rect? {
        guard let a = collection.visibleAttributes.first(where: { $0.kind == .supplementary("header") && $0.indexPath.section == MosaicScene.mosaicSection })
        else { return nil }
        let r = collection.windowRect(fromContent: a.frame)
        return r.intersects(collection.frame) ? r : nil
    }

    /// The buttons' frames: right-aligned in the header, and none where the header is too narrow
    /// for them beside its title (the keys still work).
    func headerButtonFrames() -> [Rect] {
        guard let h = headerWindowFrame, h.height >= ButtonRow.height else { return [] }
        let widths = ButtonRow.widths(headerButtonList, measurer: measurer)
        // The buttons end at the grid's right edge, as the title starts at its left one; right to
        // left the row is mirrored with its header: at the left end, Shuffle rightmost. They show
        // only where the title and the count keep the room their words need.
        let frames = ButtonRow.layout(widths: widths, right: h.maxX - gridSideInset, midY: h.midY)
        let text = MosaicHeader.widths(title: tr("Mosaic"), detail: MosaicScene.cardCount(model.count), inset: gridSideInset,
                                       width: h.width, measurer: measurer)
        let textEnd = h.minX + gridSideInset + text.title + MosaicHeader.gap + text.detail + MosaicHeader.gap
        return (frames.first?.minX ?? 0) >= textEnd ? frames.map { HeaderMirror.mirrored($0, in: h, collection.layoutDirection) } : []
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
