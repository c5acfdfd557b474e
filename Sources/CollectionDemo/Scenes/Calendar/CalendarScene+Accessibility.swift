import CalendarModel
import CollectionKit

extension CalendarScene: CollectionAccessibilityDataSource {
    /// The months as one table of days (every page, not only the one shown); each day lists its events.
    /// An event being moved is spoken through a live status line, as drags elsewhere are.
    public func accessibilityNodes() -> [AccessibleNode] {
        [collection.accessibilityNode(name: settings.title(of: visibleMonth), role: .table),
         AccessibleNode(role: .liveRegion, name: eventMoveLine)]
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

    /// The day's events, once its page's events are read (idle frames read them; a page not read
    /// yet lists none, as its cells show none).
    public func collectionView(_ cv: CollectionView, accessibilityChildrenForItemAt ip: ItemPath) -> [AccessibleNode] {
        let (day, page) = date(at: ip)
        guard events.isReady(page) else { return [] }
        return events.events(on: day, page: page).enumerated().map { i, e in
            AccessibleNode(role: .label, name: e.title, index: i)
        }
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
