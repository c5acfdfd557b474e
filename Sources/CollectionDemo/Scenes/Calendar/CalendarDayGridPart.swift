import CalendarModel
import CollectionKit

/// The month pages of days as a part of the scene, and the "days" stop of its focus chain: the
/// pan, flick and click on days (a double-click adds an event), the wheel turning pages, a day's
/// "+N" opening its popover, a press on an event chip that becomes a move, a double-click on a
/// chip that renames it; with the focus, the arrows, Space and Enter on days and Tab, F2, Delete,
/// Space and the menu key on the focused day's event chips. It draws the pages, their week
/// numbers and the titles of bars that run over several days, and names the pointer's look.
final class CalendarDayGridPart: Component, FocusStop {
    unowned let scene: CalendarScene
    /// The press on the days: a click, or a pan of the pages once it moved far enough.
    private var press = ScrollPan(tolerance: CalendarScene.panSlop)
    /// Wheel travel not yet turned into a page, and when the wheel last turned.
    private var wheelTravel = 0.0
    private var lastWheel = -Double.infinity

    init(scene: CalendarScene) { self.scene = scene }

    /// True while a press on the days has become a pan.
    var isPanning: Bool { press.isPanning }

    /// Ends a pan in flight: the page settles instead of staying held.
    func cancelPan(now: Double) { press.cancel(now: now, physics: &scene.collection.physics) }

    // MARK: FocusStop

    let focusName = "days"
    var canTakeFocus: Bool { true }
    var showsOwnRing: Bool { scene.showsFocusRing }
    func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) { scene.dayFocusChanged(focused: isFocused, ring: showsRing) }

    // MARK: Input

    /// The scene but its side panel and the header's buttons: presses are the days' where a day
    /// is, and the wheel turns pages wherever the panel does not take it.
    func contains(_ p: Point) -> Bool {
        let s = scene
        return !s.panelArea(in: s.sceneFrame).contains(p) && s.headerButton(at: p) == nil
    }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        let s = scene
        switch event {
        case let .key(key, mods):
            // Keys come through the focus chain while the days have the focus: the focused day's
            // event chips first (F2, Delete, the menu key; Space picks one up), then the days.
            let taken = s.handleRenameOrDelete(event, now: now) || s.handleEditing(event, now: now) || s.handleDayKey(key, mods, now: now)
            return taken ? .handled : .ignored
        default:
            // A "+N" pressed, a chip double-clicked or pressed (a move once it travels), else the days.
            let taken = s.handleMorePress(event) || s.handleRenameOrDelete(event, now: now) || s.handleEditing(event, now: now)
                || handleDays(event, now: now)
            return taken ? .handled : .ignored
        }
    }

    /// The days' own gestures: pan and click, the wheel turning pages.
    private func handleDays(_ event: InputEvent, now: Double) -> Bool {
        let s = scene, collection = s.collection
        switch event {
        case let .pointerDown(p, .left, _) where collection.frame.contains(p):
            press.down(at: p, now: now, physics: &collection.physics)
        case let .pointerMove(p, _):
            press.moved(to: p, now: now, physics: &collection.physics)
            collection.updateHover(at: press.isPanning ? nil : p) { [unowned s] ip in
                !s.isDisabled(s.grid(for: CalendarScene.month(ofPage: ip.section)).date(at: ip.item))
            }
        case let .pointerUp(p, .left, mods):
            if press.up(at: p, now: now, physics: &collection.physics), let ip = collection.indexPathForItem(atWindowPoint: p) {
                let date = s.grid(for: CalendarScene.month(ofPage: ip.section)).date(at: ip.item)
                s.focus = date
                // The second click of a double-click on a day adds an event there.
                let count = mods.isEmpty ? s.dayClicks.press(at: p, now: now) : 1
                if count == 2, !s.isDisabled(date) {
                    s.dayClicks.reset()
                    s.beginCreatingEvent(on: date, now: now)
                    return true
                }
                s.choose(date, extendingRange: mods.contains(.shift))
                s.openPopoverAfterClick(on: date, mods: mods)
            }
        case let .wheel(dx, dy):
            // One notch (or a trackpad's worth of travel) turns one page; sideways or down is forward.
            if now - lastWheel > 0.3 { wheelTravel = 0 }
            lastWheel = now
            // Whole units turn that many pages at once, never more than the calendar has, so a
            // huge delta costs one step rather than one loop turn per unit.
            let limit = Double(CalendarScene.pageCount)
            let travel = wheelTravel + (dx - dy)
            wheelTravel = travel.isNaN ? 0 : min(max(travel, -limit), limit)
            let pages = wheelTravel.rounded(.towardZero)
            wheelTravel -= pages
            if pages != 0 { s.showMonth(s.visibleMonth.adding(months: Int(pages)), animated: true, now: now) }
        case .focus(gained: false):
            press.cancel(now: now, physics: &collection.physics)
        case .pointerExited:
            collection.updateHover(at: nil)
        default: return false
        }
        return true
    }

    func cancelGestures(now: Double) { cancelPan(now: now) }

    // MARK: Time, drawing, the pointer

    func update(now: Double) { scene.collection.update(now: now) }

    func nextDeadline(after now: Double) -> Double? { scene.collection.nextDeadline(after: now) }

    func draw(into list: inout DrawList) {
        let s = scene
        s.collection.draw(into: &list)
        list.clipped(to: s.collection.frame) { list in
            drawWeekNumbers(into: &list)
            drawBarTitles(into: &list)
        }
    }

    /// The pages on screen now (one at rest, two while a page turns).
    private var pagesOnScreen: ClosedRange<Int> {
        let collection = scene.collection
        return scene.layout.pages(showingFrom: collection.contentOffset.x, width: collection.frame.width)
    }

    /// ISO 8601 week numbers left of each row: the week of the row's Monday.
    private func drawWeekNumbers(into list: inout DrawList) {
        let s = scene, collection = s.collection, l = s.layout
        guard l.weekNumbers else { return }
        for page in pagesOnScreen {
            let g = s.grid(for: CalendarScene.month(ofPage: page))
            for row in 0..<MonthGrid.rows {
                guard let f = l.attributesForItem(at: ItemPath(item: row * MonthGrid.columns, section: page))?.frame else { continue }
                let cell = collection.windowRect(fromContent: f)
                let days = (0..<MonthGrid.columns).map { g.date(at: row * MonthGrid.columns + $0) }
                let monday = days.first { $0.isoWeekday == 1 } ?? days[0]
                let x = l.isRightToLeft ? cell.maxX + l.spacing / 2 : cell.minX - l.weekColumnWidth - l.spacing / 2
                list.text(s.settings.number(monday.isoWeek), in: Rect(x: x, y: cell.minY + 2,
                                                        width: l.weekColumnWidth, height: min(20, cell.height - 2)),
                          size: l.isCompact ? 9 : 11, color: Theme.textDim, alignment: .center)
            }
        }
    }

    /// Titles of bars that run over several days, written once along the bar's piece in each row
    /// (after every cell has drawn its part, so the next cell's fill cannot cover the words).
    private func drawBarTitles(into list: inout DrawList) {
        let collection = scene.collection, l = scene.layout
        for (ip, cell) in collection.visibleCells {
            guard let day = cell as? DayCell, let m = day.model, m.slots.contains(where: { $0?.continuesAfter == true && $0?.showsTitle == true }),
                  let f = l.attributesForItem(at: ip)?.frame else { continue }
            day.drawBarTitles(in: collection.windowRect(fromContent: f), stride: l.cellSize.width + l.spacing, into: &list)
        }
    }

    /// A hand over a day that can be chosen, a grabbing hand while the pages pan.
    func cursor(at p: Point) -> Cursor? {
        let s = scene
        if press.isPanning { return .grabbing }
        guard let ip = s.collection.indexPathForItem(atWindowPoint: p) else { return nil }
        return s.isDisabled(s.grid(for: CalendarScene.month(ofPage: ip.section)).date(at: ip.item)) ? .arrow : .hand
    }

    var liveCellCount: Int { scene.collection.liveCellCount }
}
