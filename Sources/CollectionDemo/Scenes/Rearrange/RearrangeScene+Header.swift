import CollectionKit

/// The rearrange scene's header band: the layout switch (Grid, Horizontal, Waterfall) at its left
/// and Undo at its right, as a GNOME header bar holds a view switcher and actions; between them a
/// hint that shows once, when the scene is first shown, and hides itself after a few seconds or at
/// the first press, key or scroll. The band is above the tiles, so nothing in it covers them.
extension RearrangeScene {
    /// The band's height: none in a window too short to spare it (the keys still switch layouts);
    /// else room for its buttons with 5 points above and below, 40 at the default text size.
    static func headerHeight(for frame: Rect, buttonHeight: Double = 30) -> Double {
        frame.height >= 240 && frame.width >= 200 ? max(40, buttonHeight + 10) : 0
    }
    static var hintText: String { tr("Long-press a tile to move it") }
    /// How long the hint stays, in seconds.
    static let hintDuration = 8.0

    static func title(of kind: RearrangeLayoutKind) -> String {
        switch kind {
        case .grid: return tr("Grid")
        case .horizontal: return tr("Horizontal")
        case .waterfall: return tr("Waterfall")
        }
    }

    /// The layout switch's buttons (the engine's, one Tab stop each), in the order of the kinds.
    static func makeLayoutButtons() -> [Button] {
        RearrangeLayoutKind.allCases.map { Button(name: $0.rawValue, title: title(of: $0), style: .header) }
    }

    /// The header's band in window points (empty when the window is too short for it).
    var headerFrame: Rect {
        Rect(x: sceneFrame.minX, y: sceneFrame.minY, width: sceneFrame.width, height: RearrangeScene.headerHeight(for: sceneFrame, buttonHeight: headerButtonHeight))
    }

    /// How tall the header's buttons are at the current text size.
    var headerButtonHeight: Double { undoButton.preferredSize(measurer: noteMetrics.measurer).height }

    /// Brings the buttons up to date (words, colours, the chosen layout, whether Undo can undo)
    /// and lays them out in the header: the switch at its start, Undo at its end; the switch alone
    /// where both do not fit, and neither in a band too narrow for the switch. Right to left they
    /// are the mirror image. Every frame: a few assignments, and a measurement per button.
    func layOutHeader() {
        let direction = collection.layoutDirection
        for (b, kind) in zip(layoutButtons, RearrangeLayoutKind.allCases) {
            b.title = RearrangeScene.title(of: kind); b.isChecked = kind == layoutKind
        }
        undoButton.title = tr("Undo")
        undoButton.isEnabled = manager.history.undoCount > 0
        for b in layoutButtons + [undoButton] { b.style = .header; b.layoutDirection = direction }
        let h = headerFrame
        guard h.height > 0 else { for b in layoutButtons + [undoButton] { b.setFrame(.zero) }; return }
        let measurer = noteMetrics.measurer, spacing = 6.0
        func place(_ b: Button, atX x: Double) -> Rect {
            let size = b.preferredSize(measurer: measurer)
            return Rect(x: x, y: (h.midY - size.height / 2).rounded(), width: size.width, height: size.height)
        }
        var x = h.minX + 12
        let layouts = layoutButtons.map { b -> Rect in defer { x = place(b, atX: x).maxX + spacing }; return place(b, atX: x) }
        let undoWidth = undoButton.preferredSize(measurer: measurer).width
        let undo = place(undoButton, atX: h.maxX - 12 - undoWidth)
        let switchFits = (layouts.last?.maxX ?? h.minX) <= h.maxX - 12
        let undoFits = switchFits && (layouts.last.map { $0.maxX + 12 <= undo.minX } ?? true)
        func m(_ r: Rect) -> Rect { HeaderMirror.mirrored(r, in: h, direction) }
        for (b, r) in zip(layoutButtons, layouts) { b.setFrame(switchFits ? m(r) : .zero) }
        undoButton.setFrame(undoFits ? m(undo) : .zero)
    }

    /// The header's buttons for the dump: name, title, frame, enabled, selected (the chosen
    /// layout) and focused (with its ring), as published since the header has had buttons.
    func headerControlsDump() -> JSON {
        .array((layoutButtons + [undoButton]).filter { $0.frame.width > 0 }.map { b in
            .object([("name", .string(b.name)), ("title", .string(b.title)), ("frame", .rect(b.frame)), ("enabled", .bool(b.isEnabled)),
                     ("selected", .bool(b.isChecked)), ("focused", .bool(b.showsFocusRing))])
        })
    }

    /// The hint while it shows: from the first frame the scene is shown, until its time is up or
    /// a tile is lifted.
    var hintText: String? { hintUntil != nil ? RearrangeScene.hintText : nil }

    func updateHint(now: Double) {
        if !hintShown, !sceneFrame.isEmpty { hintShown = true; hintUntil = now + RearrangeScene.hintDuration }
        if let until = hintUntil, now >= until || manager.isDragging { hintUntil = nil }
    }

    func drawHint(into list: inout DrawList) {
        let h = headerFrame
        guard h.height > 0 else { return }
        list.fill(Rect(x: h.minX, y: h.maxY - 1, width: h.width, height: 1), Theme.border)
        for b in layoutButtons + [undoButton] { b.draw(into: &list) }
        guard let text = hintText else { return }
        // Between the switch and Undo, in left-to-right terms (mirrored back for right to left).
        func ltr(_ r: Rect) -> Rect { HeaderMirror.mirrored(r, in: h, collection.layoutDirection) }
        let shown = layoutButtons.map(\.frame).filter { $0.width > 0 }.map(ltr)
        let left = (shown.map(\.maxX).max() ?? h.minX) + 16
        let right = (undoButton.frame.width > 0 ? ltr(undoButton.frame).minX : h.maxX) - 16
        let style = TextStyle(size: 13)
        guard noteMetrics.measurer.width(of: text, style: style) <= right - left else { return }
        let line = HeaderMirror.mirrored(Rect(x: left, y: h.minY, width: right - left, height: h.height), in: h, collection.layoutDirection)
        list.text(text, in: line, size: 13, color: Theme.textDim, alignment: .center)
    }

    /// Scrolls so tile `ip` is in view after a layout change, when it is not already.
    func keepInView(_ ip: ItemPath) {
        guard let f = collection.layout.attributesForItem(at: ip)?.frame else { return }
        let viewport = Rect(origin: collection.contentOffset, size: collection.frame.size)
        if !viewport.contains(f) { collection.scrollToItem(ip, centered: false, animated: false) }
    }

    var shortcutSections: [ShortcutSection] {
        func does(_ action: @escaping (Double) -> Void) -> (Double) -> Bool { { action($0); return true } }
        return [
            ShortcutSection(title: tr("Tiles"), shortcuts: [
                Shortcut("L", tr("Switch the layout"), matches: { k, m in k == Key("l") && (m.isEmpty || m == .shift) },
                         run: does { [unowned self] _ in setLayout(layoutKind.next) }),
                Shortcut(tr("Ctrl+Z"), tr("Undo"), key: Key("z"), mods: .ctrl, run: does { [unowned self] in undo(now: $0) }),
                Shortcut(tr("Ctrl+Shift+Z  or  Ctrl+Y"), tr("Redo"), matches: { k, m in (k == Key("z") && m == [.ctrl, .shift]) || (k == Key("y") && m == .ctrl) },
                         run: does { [unowned self] in redo(now: $0) }),
            ]),
            ShortcutSection(title: tr("Moving tiles"), shortcuts: [
                Shortcut("↑ ↓ ← →", tr("Move the focus between tiles"), matches: { k, m in m.isEmpty && [.up, .down, .left, .right].contains(k) }, run: nil),
                Shortcut(tr("Space"), tr("Pick up the focused tile, or put it down"), key: .space, run: nil),
                Shortcut(tr("Escape"), tr("Put a picked-up tile back"), key: .escape, run: nil),
                Shortcut(tr("Page Up  /  Page Down"), tr("Scroll a page"), matches: { k, m in m.isEmpty && (k == .pageUp || k == .pageDown) }, run: nil),
                Shortcut(tr("Home  /  End"), tr("Scroll to the start or the end"), matches: { k, m in m.isEmpty && (k == .home || k == .end) }, run: nil),
            ]),
        ]
    }
}
