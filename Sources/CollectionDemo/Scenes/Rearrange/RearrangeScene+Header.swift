import CollectionKit

/// The rearrange scene's header band: the layout switch (Grid, Horizontal, Waterfall) at its left
/// and Undo at its right, as a GNOME header bar holds a view switcher and actions; between them a
/// hint that shows once, when the scene is first shown, and hides itself after a few seconds or at
/// the first press, key or scroll. The band is above the tiles, so nothing in it covers them.
extension RearrangeScene {
    /// The band's height: none in a window too short to spare it (the keys still switch layouts).
    static func headerHeight(for frame: Rect) -> Double { frame.height >= 240 && frame.width >= 200 ? 40 : 0 }
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

    var layoutButtonList: [ButtonRow.Button] {
        RearrangeLayoutKind.allCases.map { ButtonRow.Button(name: $0.rawValue, title: RearrangeScene.title(of: $0), selected: $0 == layoutKind) }
    }
    var undoButtonList: [ButtonRow.Button] { [ButtonRow.Button(name: "undo", title: tr("Undo"), enabled: manager.history.undoCount > 0)] }

    /// The header's band in window points (empty when the window is too short for it).
    var headerFrame: Rect {
        Rect(x: sceneFrame.minX, y: sceneFrame.minY, width: sceneFrame.width, height: RearrangeScene.headerHeight(for: sceneFrame))
    }

    /// The switch's and Undo's frames; the switch alone where both do not fit, and neither in a
    /// band too narrow for the switch.
    /// Right to left they are the mirror image: the switch at the right end, Undo at the left.
    func headerButtonFrames() -> (layouts: [Rect], undo: [Rect]) {
        let h = headerFrame, placed = leftToRightHeaderButtonFrames()
        func m(_ r: Rect) -> Rect { HeaderMirror.mirrored(r, in: h, collection.layoutDirection) }
        return (placed.layouts.map(m), placed.undo.map(m))
    }

    private func leftToRightHeaderButtonFrames() -> (layouts: [Rect], undo: [Rect]) {
        let h = headerFrame
        guard h.height > 0 else { return ([], []) }
        // The backend's measurer: each button as wide as its word at the current text scale.
        let measurer = noteMetrics.measurer
        let layoutWidths = ButtonRow.widths(layoutButtonList, measurer: measurer)
        let total = layoutWidths.reduce(0, +) + ButtonRow.spacing * Double(layoutWidths.count - 1)
        let layouts = ButtonRow.layout(widths: layoutWidths, right: h.minX + 12 + total, midY: h.midY)
        let undoWidth = ButtonRow.widths(undoButtonList, measurer: measurer)
        let undo = ButtonRow.layout(widths: undoWidth, right: h.maxX - 12, midY: h.midY)
        if let last = layouts.last, let u = undo.first, last.maxX + 12 <= u.minX { return (layouts, undo) }
        return layouts.last.map { $0.maxX <= h.maxX - 12 } == true ? (layouts, []) : ([], [])
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
        layoutButtons.draw(into: &list)
        undoButton.draw(into: &list)
        guard let text = hintText else { return }
        let frames = leftToRightHeaderButtonFrames()
        let left = (frames.layouts.last?.maxX ?? h.minX) + 16, right = (frames.undo.first?.minX ?? h.maxX) - 16
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
