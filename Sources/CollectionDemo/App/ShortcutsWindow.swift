import CollectionKit
/// The keyboard shortcuts window (F1 or Ctrl+?): a dialog over the dimmed app listing the shown
/// scene's shortcuts and the app's, as GNOME's GtkShortcutsWindow does. It is modal: while it is
/// open it takes every key and press; Escape, its close button or a press outside closes it.
/// Its rows are as tall as their words wrapped in its columns (a large text scale, long German
/// descriptions); a list taller than the window scrolls (arrows, Page Up/Down, Home, End, wheel).
struct ShortcutsWindow {
    /// The sections shown while open; nil when closed.
    private(set) var sections: [ShortcutSection]?
    /// The close button has the keyboard focus with its ring (the dialog's only control).
    private(set) var closeHovered = false

    static var title: String { tr("Keyboard shortcuts") }
    static let rowHeight = 28.0, sectionGap = 14.0, headingHeight = 26.0, columnGap = 28.0, padding = 24.0
    static let titleHeight = 44.0, keysWidth = 170.0, columnWidth = 460.0

    var isOpen: Bool { sections != nil }

    mutating func open(_ sections: [ShortcutSection]) { self.sections = sections; closeHovered = false; scrollOffset = 0 }
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

    /// Measures the rows' words: the app's measurer once opened (estimates before).
    var measurer: any TextMeasuring = EstimatedTextMeasurer()
    /// How far the list is scrolled down, in points (0 when it fits).
    private(set) var scrollOffset = 0.0

    private static let headingStyle = TextStyle(size: 13, weight: .bold)
    private static let keysStyle = TextStyle(size: 12, weight: .bold)
    private static let titleStyle = TextStyle(size: 13)

    /// The window laid out in a window of some size: its frame, the list's area, the columns'
    /// width and rows (each with its height), and how tall the tallest column is.
    private struct Layout {
        var frame: Rect
        var body: Rect
        var columnWidth: Double
        var columns: [[(row: Row, height: Double)]]
        var contentHeight: Double
        /// How far the list can scroll: 0 when it fits.
        var maxScroll: Double { max(0, contentHeight - body.height) }
    }

    private func rows() -> [Row] {
        var rows: [Row] = []
        for (i, s) in (sections ?? []).enumerated() {
            if i > 0 { rows.append(.gap) }
            rows.append(.heading(s.title))
            rows += s.shortcuts.map { .shortcut($0) }
        }
        return rows
    }

    /// The keys' box in a column `width` wide: 170 points, or half a narrow column.
    private static func keysWidth(in width: Double) -> Double { min(keysWidth, width / 2) }

    /// A row's height in a column `width` wide: its words wrapped, never less than the fixed
    /// heights of one line at text scale 1.
    private func height(of row: Row, width: Double) -> Double {
        switch row {
        case .heading(let t):
            let lines = measurer.lines(of: t, style: ParagraphStyle(text: ShortcutsWindow.headingStyle), width: width)
            return max(ShortcutsWindow.headingHeight, (lines.height + 8).rounded(.up))
        case .shortcut(let s):
            let kw = ShortcutsWindow.keysWidth(in: width)
            let keys = measurer.lines(of: s.keys, style: ParagraphStyle(text: ShortcutsWindow.keysStyle, alignment: .center), width: max(1, kw - 8))
            let title = measurer.lines(of: s.title, style: ParagraphStyle(text: ShortcutsWindow.titleStyle), width: max(1, width - kw - 14))
            return max(ShortcutsWindow.rowHeight, (keys.height + 10).rounded(.up), (title.height + 8).rounded(.up))
        case .gap: return ShortcutsWindow.sectionGap
        }
    }

    /// The rows split into columns of at most `height` points: a section stays whole in one
    /// column unless it alone is taller than the column.
    private func columns(fitting height: Double, width: Double) -> [[(row: Row, height: Double)]] {
        var columns: [[(row: Row, height: Double)]] = [[]], used = 0.0
        for section in sections ?? [] {
            let rows: [(row: Row, height: Double)] = ([.heading(section.title)] + section.shortcuts.map { .shortcut($0) })
                .map { ($0, self.height(of: $0, width: width)) }
            let sectionHeight = rows.reduce(0) { $0 + $1.height }
            let gap = columns.last!.isEmpty ? 0 : ShortcutsWindow.sectionGap
            if used + gap + sectionHeight > height, !columns.last!.isEmpty { columns.append([]); used = 0 }
            if !columns.last!.isEmpty { columns[columns.count - 1].append((.gap, ShortcutsWindow.sectionGap)); used += ShortcutsWindow.sectionGap }
            for row in rows {
                if used + row.height > height, !columns.last!.isEmpty { columns.append([]); used = 0 }
                columns[columns.count - 1].append(row)
                used += row.height
            }
        }
        return columns
    }

    /// The layout in a window of `size`: as many columns as the list needs and the window has
    /// room for side by side, each as tall as the window allows; where even then the list does
    /// not fit, the columns share it evenly and the list scrolls.
    private func layout(in size: Size) -> Layout {
        let p = ShortcutsWindow.padding, gap = ShortcutsWindow.columnGap
        let maxHeight = max(80, size.height - 48)
        let across = max(1, size.width - 32 - 2 * p)
        let fitting = max(1, Int((across + gap) / (ShortcutsWindow.columnWidth + gap)))
        let width = min(ShortcutsWindow.columnWidth, across)
        let room = max(ShortcutsWindow.rowHeight, maxHeight - ShortcutsWindow.titleHeight - 2 * p)
        let listHeight = rows().reduce(0) { $0 + height(of: $1, width: width) }
        var cols = columns(fitting: max(ShortcutsWindow.rowHeight, min(listHeight, room)), width: width)
        if cols.count > fitting {
            // Too long for the window: the columns that fit, each a share of the list, scrolled.
            var target = max(room, listHeight / Double(fitting))
            cols = columns(fitting: target, width: width)
            while cols.count > fitting { target += ShortcutsWindow.rowHeight; cols = columns(fitting: target, width: width) }
        }
        let tallest = cols.map { $0.reduce(0) { $0 + $1.height } }.max() ?? 0
        let w = min(size.width - 32, Double(cols.count) * width + Double(cols.count - 1) * gap + 2 * p)
        let h = min(maxHeight, tallest + ShortcutsWindow.titleHeight + 2 * p)
        let frame = Rect(x: ((size.width - w) / 2).rounded(), y: ((size.height - h) / 2).rounded(), width: max(0, w), height: max(0, h))
        let top = frame.minY + ShortcutsWindow.titleHeight + p / 2
        let body = Rect(x: frame.minX + p, y: top, width: max(0, frame.width - 2 * p), height: max(0, frame.maxY - p / 2 - top))
        return Layout(frame: frame, body: body, columnWidth: width, columns: cols, contentHeight: tallest)
    }

    /// The dialog's frame in a window of `size`: as tall as its list, at most the window less a
    /// margin, and as wide as its columns.
    func frame(in size: Size) -> Rect { layout(in: size).frame }

    func closeButton(in size: Size) -> Rect {
        let f = frame(in: size)
        return Rect(x: f.maxX - 16 - 28, y: f.minY + 14, width: 28, height: 28)
    }

    /// Keys while open: Escape (or the keys that opened it) closes; Up, Down, Page Up, Page Down,
    /// Home and End scroll a list taller than the window; every other key stops here.
    mutating func handleKey(_ key: Key, _ mods: Modifiers, in size: Size) {
        if (key == .escape && mods.isEmpty) || AppShortcuts.opensShortcutsWindow(key, mods)
            || ((key == .enter || key == .space) && mods.isEmpty) { close(); return }
        guard mods.isEmpty else { return }
        let l = layout(in: size), page = max(ShortcutsWindow.rowHeight, l.body.height - ShortcutsWindow.rowHeight)
        switch key {
        case .down: scroll(by: 40, l)
        case .up: scroll(by: -40, l)
        case .pageDown: scroll(by: page, l)
        case .pageUp: scroll(by: -page, l)
        case .home: scroll(by: -.infinity, l)
        case .end: scroll(by: .infinity, l)
        default: break
        }
    }

    /// The wheel over the window scrolls its list.
    mutating func wheel(dy: Double, in size: Size) {
        guard dy.isFinite else { return }
        scroll(by: -dy * 40, layout(in: size))
    }

    private mutating func scroll(by d: Double, _ l: Layout) {
        scrollOffset = min(max(0, scrollOffset + d), l.maxScroll)
    }

    /// A press on the close button or outside the dialog closes it; presses inside stop there.
    mutating func handlePress(at p: Point, in size: Size) {
        if closeButton(in: size).contains(p) || !frame(in: size).contains(p) { close() }
    }

    mutating func hover(_ p: Point, in size: Size) { closeHovered = closeButton(in: size).contains(p) }

    func draw(in size: Size, into list: inout DrawList) {
        guard isOpen else { return }
        list.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), Theme.background.withAlpha(0.72))
        let l = layout(in: size), f = l.frame, p = ShortcutsWindow.padding
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
        let body = l.body
        let offset = min(scrollOffset, l.maxScroll)
        list.clipped(to: body) { list in
            for (i, column) in l.columns.enumerated() {
                var y = body.minY - offset
                let x = body.minX + Double(i) * (l.columnWidth + ShortcutsWindow.columnGap)
                let width = min(l.columnWidth, body.maxX - x)
                for (row, h) in column {
                    defer { y += h }
                    guard y + h > body.minY, y < body.maxY else { continue }
                    switch row {
                    case let .heading(t):
                        drawWords(t, in: Rect(x: x, y: y, width: width, height: h), style: ShortcutsWindow.headingStyle, color: Theme.textDim,
                                  alignment: .leading, into: &list)
                    case let .shortcut(s):
                        let keys = Rect(x: x, y: y + 3, width: ShortcutsWindow.keysWidth(in: width), height: h - 6)
                        list.fill(keys, Theme.surface, radius: 5)
                        drawWords(s.keys, in: keys, inset: 4, style: ShortcutsWindow.keysStyle, color: Theme.text, alignment: .center, into: &list)
                        drawWords(s.title, in: Rect(x: keys.maxX + 14, y: y, width: max(0, x + width - keys.maxX - 14), height: h),
                                  style: ShortcutsWindow.titleStyle, color: Theme.text, alignment: .leading, into: &list)
                    case .gap: break
                    }
                }
            }
        }
        if l.maxScroll > 0 {
            // A scroll bar at the list's edge: how much of it shows, and where.
            let track = Rect(x: f.maxX - 10, y: body.minY, width: 4, height: body.height)
            let thumbHeight = max(24, track.height * body.height / l.contentHeight)
            let thumbY = track.minY + (track.height - thumbHeight) * offset / l.maxScroll
            list.fill(Rect(x: track.minX, y: thumbY, width: track.width, height: thumbHeight), Theme.textDim.withAlpha(0.6), radius: 2)
        }
    }

    /// Words on one line where they fit (as drawn since the first version), else wrapped in the
    /// box, centred in its height.
    private func drawWords(_ text: String, in r: Rect, inset: Double = 0, style: TextStyle, color: Color, alignment: TextAlignment,
                           into list: inout DrawList) {
        let inner = r.insetBy(dx: inset, dy: 0)
        if measurer.width(of: text, style: style) <= inner.width {
            list.text(text, in: r, size: style.size, color: color, alignment: alignment, weight: style.weight)
            return
        }
        let paragraph = ParagraphStyle(text: style, alignment: alignment)
        let height = measurer.lines(of: text, style: paragraph, width: inner.width).height
        list.paragraph(text, in: Rect(x: inner.minX, y: r.midY - height / 2, width: inner.width, height: height + 1), style: paragraph, color: color)
    }

    /// The dump's entry: whether the window is open, its frame, and what it lists.
    func dump(in size: Size) -> JSON {
        guard let sections else { return .object([("open", .bool(false))]) }
        let l = layout(in: size)
        return .object([
            ("open", .bool(true)),
            ("frame", .rect(l.frame)),
            ("scrollOffset", .number(min(scrollOffset, l.maxScroll))),
            ("maxScroll", .number(l.maxScroll)),
            ("sections", .array(sections.map { s in
                .object([("title", .string(s.title)),
                         ("shortcuts", .array(s.shortcuts.map { .object([("keys", .string($0.keys)), ("title", .string($0.title))]) }))])
            })),
        ])
    }
}
