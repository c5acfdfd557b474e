import Foundation
import CalendarModel
import CollectionKit

extension CalendarScene: CollectionAccessibilityDataSource {
    /// The shown month as a table of days, a week a row, under a row of weekday headers, each day named by its date with its events as its description; an event
    /// being moved is spoken through a live status line, as drags elsewhere are.
    public func accessibilityNodes() -> [AccessibleNode] {
        let names = CalendarScene.weekdayNames(settings)
        let headers = names.enumerated().map { i, name in AccessibleNode(role: .columnHeader, name: name, index: i) }
        let shape = AccessibleTableShape(lineLength: 7, columnHeaders: names)
        // The header's buttons first, in reading order, each a push button named for what it does.
        let headerNodes = headerButtonFrames().enumerated().map { i, entry in
            let kind = entry.kind
            let click = AccessibleAction(name: "click", description: tr("Presses the button"), keyBinding: "space") { [weak self] now in
                guard let self, self.isEnabled(kind) else { return false }
                self.press(kind, now: now)
                return true
            }
            var states: AccessibleStates = isEnabled(kind) ? [.focusable] : [.disabled]
            if buttons.focused == kind { states.insert(.focused) }
            return AccessibleNode(role: .pushButton, name: name(of: kind), states: states, index: i, frame: entry.rect,
                                  actions: isEnabled(kind) ? [click] : [])
        }
        // The shown month alone, its rows the month's weeks (not every page since 1583); a page
        // turn makes it another table, so what a screen reader kept of the last month is gone.
        var month = collection.accessibilityNode(name: settings.title(of: visibleMonth), role: .table, table: shape,
                                                 section: visiblePage)
        month.identity = visiblePage
        return headerNodes + [month,
                AccessibleNode(role: .panel, name: "", children: headers),
                AccessibleNode(role: .liveRegion, name: eventMoveLine)] + toast.accessibilityNodes()
    }

    /// The weekdays' whole names in column order ("Monday" …), made once per locale and first weekday.
    nonisolated(unsafe) private static var weekdayCache: (key: String, names: [String])?
    static func weekdayNames(_ settings: CalendarSettings) -> [String] {
        let key = settings.locale.identifier + "\(settings.firstWeekday.columns)"
        if let cache = weekdayCache, cache.key == key { return cache.names }
        let names = settings.weekdayNames
        weekdayCache = (key, names)
        return names
    }

    /// A day's events, counted and named: "2 events: Release party, Dinner", once its page's
    /// events are read (idle frames read them; a page not read yet has none, as its cells show
    /// none). They are the day's description, not its children: a screen reader (Orca) reads a
    /// table cell's children instead of its name, and the day's name is its date.
    public func collectionView(_ cv: CollectionView, accessibilityDescriptionForItemAt ip: ItemPath) -> String? {
        let (day, page) = date(at: ip)
        guard events.isReady(page) else { return nil }
        let list = events.events(on: day, page: page)
        return strings.eventCount(list.count).map { $0 + ": " + list.map(\.title).joined(separator: ", ") }
    }

    /// "Dentist picked up, over Tuesday, November 10, 2026" while an event is moved, else empty.
    var eventMoveLine: String {
        guard let drag = editing.drag else { return "" }
        let words = DragDropStrings()
        let picked = words.pickedUpOne(DayCell.clipped(drag.event.title))
        guard let over = drag.over else { return picked + ", " + words.overNothing }
        return picked + ", " + words.over(formatter.long(over))
    }

    private func date(at ip: ItemPath) -> (date: CalendarDate, page: MonthGrid) {
        let g = grid(for: CalendarScene.month(ofPage: ip.section))
        return (g.date(at: ip.item), g)
    }

    /// The whole date, as the side panel heads it.
    public func collectionView(_ cv: CollectionView, accessibilityLabelForItemAt ip: ItemPath) -> String? {
        formatter.long(date(at: ip).date)
    }

    /// Chosen, focused and disabled days; the view's own selection is not the calendar's.
    public func collectionView(_ cv: CollectionView, accessibilityStatesForItemAt ip: ItemPath) -> AccessibleStates {
        let (day, page) = date(at: ip)
        var states: AccessibleStates = []
        if selectedDates.contains(day) { states.insert(.selected) }
        if day == focus && !page.isAdjacent(day) { states.insert(.focused) }
        if isDisabled(day) { states.insert(.disabled) }
        return states
    }

    /// A date's own cell: on its month's page, where it is not a neighbouring month's day.
    private func indexPath(of day: CalendarDate) -> ItemPath? {
        let month = day.calendarMonth, page = CalendarScene.page(of: month)
        guard CalendarScene.month(ofPage: page) == month else { return nil }   // outside the calendar's years
        return grid(for: month).cell(of: day).map { ItemPath(item: $0, section: page) }
    }

    /// The chosen days: the calendar keeps its own selection, not the view's.
    public func accessibilitySelectedItems(in cv: CollectionView) -> [ItemPath]? {
        selectedDates.compactMap(indexPath(of:))
    }

    /// The focused day, the calendar's own.
    public func accessibilityFocusedItem(in cv: CollectionView) -> ItemPath? { indexPath(of: focus) }
}
