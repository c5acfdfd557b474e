import CollectionKit
/// The keyboard shortcuts window (F1 or Ctrl+?): a dialog over the dimmed app listing the shown
/// scene's shortcuts and the app's, as GNOME's GtkShortcutsWindow does. It is modal: while it is
/// open it takes every key and press; Escape, its close button or a press outside closes it.
struct ShortcutsWindow {
    /// The sections shown while open; nil when closed.
    private(set) var sections: [ShortcutSection]?
    /// The close button has the keyboard focus with its ring (the dialog's only control).
    private(set) var closeHovered = false

    static var title: String { tr("Keyboard shortcuts") }
    static let rowHeight = 28.0, sectionGap = 14.0, headingHeight = 26.0, columnGap = 28.0, padding = 24.0
    static let titleHeight = 44.0, keysWidth = 170.0, columnWidth = 460.0

    var isOpen: Bool { sections != nil }

    mutating func open(_ sections: [ShortcutSection]) { self.sections = sections; closeHovered = false }
    mutating func close() { sections = nil }

    /// While open: a dialog named by its title, each section a panel of its shortcuts (each a
    /// label, "Ctrl+Z: Undo the last change"), then the Close button, whose "click" runs `close`.
    func accessibilityNode(in size: Size, close: @escaping (Double) -> Bool) -> AccessibleNode? {
        guard let sections else { return nil }
        let box = frame(in: size)
        var children = sections.enumerated().map { i, section in
            AccessibleNode(role: .panel, name: section.title, index: i,
                           children: section.shortcuts.enumerated().map { j, s in
                               AccessibleNode(role: .label, name: filled(tr("%@: %@"), s.keys, s.title), index: j)
                           })
        }
        // The dialog's only control has the focus while it is open: a screen reader follows it
        // into the dialog, reading the dialog's name as it enters.
        children.append(AccessibleNode(role: .pushButton, name: tr("Close"), states: [.focusable, .focused], index: children.count,
                                       frame: closeButton(in: size),
                                       actions: [AccessibleAction(name: "click", description: tr("Presses the button"), keyBinding: "Escape",
                                                                  perform: close)]))
        return AccessibleNode(role: .dialog, name: ShortcutsWindow.title, frame: box, children: children)
    }

    /// Rows of one column: a section heading, then its shortcuts.
    private enum Row { case heading(String), shortcut(Shortcut), gap }

    private func rows() -> [Row] {
        var rows: [Row] = []
        for (i, s) in (sections ?? []).enumerated() {
            if i > 0 { rows.append(.gap) }
            rows.append(.heading(s.title))
            rows += s.shortcuts.map { .shortcut($0) }
        }
        return rows
    }

    private static func height(of row: Row) -> Double {
        switch row {
        case .heading: return headingHeight
        case .shortcut: return rowHeight
        case .gap: return sectionGap
        }
    }

    /// The rows split into as many columns as the list needs in `height` points: a section stays
    /// whole in one column unless it alone is taller than the column.
    private func columns(fitting height: Double) -> [[Row]] {
        var columns: [[Row]] = [[]], used = 0.0
        for section in sections ?? [] {
            let rows: [Row] = [.heading(section.title)] + section.shortcuts.map { .shortcut($0) }
            let sectionHeight = rows.reduce(0) { $0 + ShortcutsWindow.height(of: $1) }
            let gap = columns.last!.isEmpty ? 0 : ShortcutsWindow.sectionGap
            if used + gap + sectionHeight > height, !columns.last!.isEmpty { columns.append([]); used = 0 }
            if !columns.last!.isEmpty { columns[columns.count - 1].append(.gap); used += ShortcutsWindow.sectionGap }
            for row in rows {
                let h = ShortcutsWindow.height(of: row)
                if used + h > height, !columns.last!.isEmpty { columns.append([]); used = 0 }
                columns[columns.count - 1].append(row)
                used += h
            }
        }
        return columns
    }

    /// The dialog's frame in a window of `size`: as tall as its list, at most the window less a
    /// margin, and as wide as its columns.
    func frame(in size: Size) -> Rect {
        let p = ShortcutsWindow.padding
        let maxHeight = max(80, size.height - 48)
        let listHeight = rows().reduce(0) { $0 + ShortcutsWindow.height(of: $1) }
        let room = maxHeight - ShortcutsWindow.titleHeight - 2 * p
        let cols = columns(fitting: max(ShortcutsWindow.rowHeight, min(listHeight, room)))
        let tallest = cols.map { $0.reduce(0) { $0 + ShortcutsWindow.height(of: $1) } }.max() ?? 0
        let w = min(size.width - 32, Double(cols.count) * ShortcutsWindow.columnWidth + Double(cols.count - 1) * ShortcutsWindow.columnGap + 2 * p)
        let h = min(maxHeight, tallest + ShortcutsWindow.titleHeight + 2 * p)
        return Rect(x: ((size.width - w) / 2).rounded(), y: ((size.height - h) / 2).rounded(), width: max(0, w), height: max(0, h))
    }

    func closeButton(in size: Size) -> Rect {
        let f = frame(in: size)
        return Rect(x: f.maxX - 16 - 28, y: f.minY + 14, width: 28, height: 28)
    }

    /// Keys while open: Escape (or the keys that opened it) closes; every other key stops here.
    mutating func handleKey(_ key: Key, _ mods: Modifiers) {
        if (key == .escape && mods.isEmpty) || AppShortcuts.opensShortcutsWindow(key, mods)
            || ((key == .enter || key == .space) && mods.isEmpty) { close() }
    }

    /// A press on the close button or outside the dialog closes it; presses inside stop there.
    mutating func handlePress(at p: Point, in size: Size) {
        if closeButton(in: size).contains(p) || !frame(in: size).contains(p) { close() }
    }

    mutating func hover(_ p: Point, in size: Size) { closeHovered = closeButton(in: size).contains(p) }

    func draw(in size: Size, into list: inout DrawList) {
        guard isOpen else { return }
        list.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), Theme.background.withAlpha(0.72))
        let f = frame(in: size), p = ShortcutsWindow.padding
        list.shadow(f.offsetBy(dx: 0, dy: 8), Color.black.withAlpha(0.5), radius: 14, blur: 24)
        list.fill(f, Theme.surfaceRaised, radius: 14)
        list.stroke(f, Theme.border, width: 1, radius: 14)
        list.text(ShortcutsWindow.title, in: Rect(x: f.minX + p, y: f.minY + 12, width: f.width - 2 * p - 36, height: 32),
                  size: 17, color: Theme.text, weight: .bold)
        let close = closeButton(in: size)
        list.fill(close, closeHovered ? Theme.text.withAlpha(0.12) : Theme.text.withAlpha(0.06), radius: close.height / 2)
        let c = close.center, d = 5.0
        list.line(Point(x: c.x - d, y: c.y - d), Point(x: c.x + d, y: c.y + d), Theme.text, width: 1.5)
        list.line(Point(x: c.x - d, y: c.y + d), Point(x: c.x + d, y: c.y - d), Theme.text, width: 1.5)
        let top = f.minY + ShortcutsWindow.titleHeight + p / 2
        let body = Rect(x: f.minX + p, y: top, width: f.width - 2 * p, height: f.maxY - p / 2 - top)
        list.clipped(to: body) { list in
            for (i, column) in columns(fitting: body.height).enumerated() {
                var y = body.minY
                let x = body.minX + Double(i) * (ShortcutsWindow.columnWidth + ShortcutsWindow.columnGap)
                let width = min(ShortcutsWindow.columnWidth, body.maxX - x)
                for row in column {
                    let h = ShortcutsWindow.height(of: row)
                    switch row {
                    case let .heading(t):
                        list.text(t, in: Rect(x: x, y: y, width: width, height: h), size: 13, color: Theme.textDim, weight: .bold)
                    case let .shortcut(s):
                        let keys = Rect(x: x, y: y + 3, width: min(ShortcutsWindow.keysWidth, width / 2), height: h - 6)
                        list.fill(keys, Theme.surface, radius: 5)
                        list.text(s.keys, in: keys, size: 12, color: Theme.text, alignment: .center, weight: .bold)
                        list.text(s.title, in: Rect(x: keys.maxX + 14, y: y, width: max(0, x + width - keys.maxX - 14), height: h),
                                  size: 13, color: Theme.text)
                    case .gap: break
                    }
                    y += h
                }
            }
        }
    }

    /// The dump's entry: whether the window is open, its frame, and what it lists.
    func dump(in size: Size) -> JSON {
        guard let sections else { return .object([("open", .bool(false))]) }
        return .object([
            ("open", .bool(true)),
            ("frame", .rect(frame(in: size))),
            ("sections", .array(sections.map { s in
                .object([("title", .string(s.title)),
                         ("shortcuts", .array(s.shortcuts.map { .object([("keys", .string($0.keys)), ("title", .string($0.title))]) }))])
            })),
        ])
    }
}
