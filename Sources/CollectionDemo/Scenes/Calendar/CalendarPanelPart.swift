import CalendarModel
import CollectionKit

/// The side panel as a part of the scene (its list is `CalendarSidePanel`, see
/// `CalendarSidePanel.swift`): its title, the chosen days' event rows scrolled on their own, and
/// the "⋯" of the row under the pointer. A press on a row's "⋯" or a right-click on a row opens
/// the row's menu; other presses on the panel are the panel's, and the wheel over it scrolls it
/// (its scroll bar is the composition's to route). Each frame it lists the days chosen, or the day
/// the page shown lists, and follows the day just chosen.
///
/// It is the focus chain's "panel" stop, after the days, while it lists an event: Down and Up
/// move between the event rows (the row shows a ring and its "⋯", and scrolls into view), F2
/// renames, Delete deletes, and the menu key or Shift+F10 opens the row's menu, as in the popover.
final class CalendarPanelPart: Component, FocusStop {
    unowned let scene: CalendarScene
    /// The event row the keyboard is on (an index into the panel's rows), while the panel has
    /// the focus and its ring.
    private(set) var focusedRow: Int?
    private var isFocused = false
    private var ring = false

    init(scene: CalendarScene) { self.scene = scene }

    // MARK: FocusStop

    let focusName = "panel"

    /// The indices of the panel's event rows, in order.
    private var eventRows: [Int] {
        scene.panel.rows.indices.filter { if case .event = scene.panel.rows[$0].kind { return true }; return false }
    }

    var canTakeFocus: Bool { !scene.panel.view.frame.isEmpty && !eventRows.isEmpty }

    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        self.isFocused = isFocused
        ring = isFocused && showsRing
        if !isFocused { focusedRow = nil } else if ring, focusedRow == nil { moveRow(to: firstRowInView(), now: now) }
    }

    /// The first event row in view, else the first.
    private func firstRowInView() -> Int? {
        let rows = eventRows, shown = Set(scene.panelRows().map(\.index))
        return rows.first { shown.contains($0) } ?? rows.first
    }

    private func moveRow(to row: Int?, now: Double) {
        focusedRow = row
        guard let row, let a = scene.panel.view.layout.attributesForItem(at: ItemPath(item: row)) else { return }
        // The least scroll that shows the whole row.
        let view = scene.panel.view, height = view.frame.height
        var y = view.physics.restingOffset.y
        if a.frame.minY < y { y = a.frame.minY } else if a.frame.maxY > y + height { y = a.frame.maxY - height }
        let target = Point(x: 0, y: min(max(0, y), max(0, view.layout.contentSize.height - height)))
        if target != view.physics.restingOffset { view.physics.setOffset(target, animated: false, now: now) }
    }

    /// The focused row as laid out now, once it is in view.
    private var focusedEventRow: CalendarEventRow? {
        guard let i = focusedRow else { return nil }
        return scene.panelRows().first { $0.index == i }
    }

    /// Keys while the panel has the focus: the rows' own.
    private func handleKey(_ key: Key, _ mods: Modifiers, now: Double) -> Bool {
        let rows = eventRows
        guard !rows.isEmpty else { return false }
        let current = focusedRow.flatMap { rows.firstIndex(of: $0) }
        switch key {
        case .down where mods.isEmpty:
            ring = true
            moveRow(to: current.map { rows[min($0 + 1, rows.count - 1)] } ?? rows[0], now: now)
            return true
        case .up where mods.isEmpty:
            ring = true
            moveRow(to: current.map { rows[max($0 - 1, 0)] } ?? rows[rows.count - 1], now: now)
            return true
        default:
            guard let row = focusedEventRow else { return false }
            if ContextMenuController.isMenuKey(key, mods) {
                scene.openEventMenu(for: row, fromKeyboard: true)
            } else if mods.isEmpty, key == Key("F2") {
                scene.beginRenaming(row.event, over: row.titleFrame, now: now)
            } else if mods.isEmpty, key == Key("Delete") {
                scene.deleteEvent(row.event)
            } else {
                return false
            }
            return true
        }
    }

    func contains(_ p: Point) -> Bool {
        !scene.panel.view.frame.isEmpty && scene.panelArea(in: scene.sceneFrame).contains(p)
    }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        if case let .key(key, mods) = event { return handleKey(key, mods, now: now) ? .handled : .ignored }
        return scene.handleEventRows(event, now: now) || scene.handlePanelEvent(event, now: now) ? .handled : .ignored
    }

    func update(now: Double) {
        let s = scene
        // A page turned without a choice lists its own day from the frame it is turned.
        let listed = s.listedDates
        if listed != s.panelListed { s.panelListed = listed; s.panelNeedsRows = true }
        s.refreshPanel()
        // The title above the list takes the lines its words need (a day chosen, several).
        let listFrame = s.panelListFrame(in: s.sceneFrame)
        if listFrame != s.panel.view.frame { s.panel.view.setFrame(listFrame) }
        if let date = s.panelFollows {
            s.panelFollows = nil
            s.panel.follow(date, now: now)
        }
        s.panel.view.update(now: now)
        // Rows made again (a delete, another day chosen): the focus stays on an event row.
        if let i = focusedRow, !eventRows.contains(i) { focusedRow = eventRows.last { $0 < i } ?? eventRows.first }
    }

    func nextDeadline(after now: Double) -> Double? { scene.panel.view.nextDeadline(after: now) }

    func draw(into list: inout DrawList) {
        let s = scene, collection = s.collection, panel = s.panel
        if s.sidebarWidth > 0 {
            let r = s.panelArea(in: s.sceneFrame)
            // Drawn left to right, and mirrored right to left: the border faces the grid, the words are right-aligned.
            HeaderMirror.draw(in: r, collection.layoutDirection, into: &list) { list in drawTitle(in: r, into: &list) }
            panel.view.draw(into: &list)
            ScrollIndicator.draw(for: panel.view, into: &list)
        }
        s.drawRowButtons(inPopover: false, into: &list)
        if ring, let row = focusedEventRow, s.panel.view.frame.contains(row.frame.center) {
            list.clipped(to: s.panel.view.frame) { list in
                list.stroke(row.frame.insetBy(dx: -2, dy: 1), Theme.accent, width: 2, radius: 6)
            }
        }
    }

    /// True when the keyboard is on row `index` and the ring shows.
    func showsRing(on index: Int) -> Bool { ring && focusedRow == index }

    /// The focused row in the state dump: its index among the panel's rows, or null.
    var focusedRowDump: (String, JSON) { ("panelFocusedRow", ring ? focusedRow.map { .int($0) } ?? .null : .null) }

    /// The panel's fixed title: the day listed and how many are chosen, or how many days are listed.
    private func drawTitle(in r: Rect, into list: inout DrawList) {
        let s = scene
        let w = r.width
        list.fill(r, Theme.surface)
        list.fill(Rect(x: r.minX, y: r.minY, width: 1, height: r.height), Theme.border)
        // One day: its date and whether it is chosen. Several: how many, each under its own heading below.
        let heading = s.panelTitle
        // The whole title, in smaller type on a narrow panel, then on more lines, rather than cut.
        let t = s.panelTitleLayout(width: w)
        if t.lines > 1 {
            list.paragraph(heading, in: Rect(x: r.minX + 16, y: r.minY + 12, width: w - 32, height: t.block),
                           style: ParagraphStyle(text: TextStyle(size: t.size, weight: .bold), maximumLines: t.lines), color: Theme.text)
        } else {
            list.text(heading, in: Rect(x: r.minX + 16, y: r.minY + 12, width: w - 32, height: t.block),
                      size: t.size, color: Theme.text, weight: .bold)
        }
        // Under one day, how many are chosen, only when some are: nothing chosen needs no line.
        if let subtitle = s.panelSubtitle {
            list.text(subtitle,
                      in: Rect(x: r.minX + 16, y: r.minY + 12 + t.block, width: w - 32, height: t.subtitle), size: 12, color: Theme.textDim)
        }
    }
}
