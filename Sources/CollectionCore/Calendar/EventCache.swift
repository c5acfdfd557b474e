/// Asks an `EventSource` for one month at a time, when a month is first shown, and keeps the
/// answer by day. Paging back and forth costs one dictionary look-up per cell.
public final class EventCache {
    public let source: any EventSource
    public let zone: DisplayZone
    private var months: [CalendarMonth: [CalendarDate: [EventOccurrence]]] = [:]
    private var order: [CalendarMonth] = []
    /// Months kept; far more than a paging session revisits, small enough to stay cheap.
    public var capacity = 48
    public private(set) var expansions = 0

    public init(source: any EventSource, zone: DisplayZone) {
        self.source = source; self.zone = zone
    }

    /// The occurrences touching `date`: all-day ones first, then by start, then by title.
    public func events(on date: CalendarDate) -> [EventOccurrence] {
        byDay(of: date.calendarMonth)[date] ?? []
    }

    private func byDay(of month: CalendarMonth) -> [CalendarDate: [EventOccurrence]] {
        if let hit = months[month] { return hit }
        expansions += 1
        let range = month.firstDay...month.lastDay
        var table: [CalendarDate: [EventOccurrence]] = [:]
        for occurrence in source.occurrences(overlapping: range) {
            let days = occurrence.days(in: zone).clamped(to: range)
            var d = days.lowerBound
            while d <= days.upperBound {
                table[d, default: []].append(occurrence)
                d = d.adding(days: 1)
            }
        }
        for (d, list) in table { table[d] = EventCache.sorted(list, zone: zone) }
        months[month] = table
        order.append(month)
        if order.count > capacity { months[order.removeFirst()] = nil }
        return table
    }

    /// Every occurrence touching `days`, once each, sorted by start (the state dump's order).
    public func occurrences(overlapping days: ClosedRange<CalendarDate>) -> [EventOccurrence] {
        var seen = Set<EventOccurrence>()
        var out: [EventOccurrence] = []
        var m = days.lowerBound.calendarMonth
        while m.firstDay <= days.upperBound {
            for (d, list) in byDay(of: m) where days.contains(d) {
                for e in list where seen.insert(e).inserted { out.append(e) }
            }
            m = m.adding(months: 1)
        }
        return out.sorted { a, b in
            let ka = a.sortKey(in: zone), kb = b.sortKey(in: zone)
            if ka != kb { return ka < kb }
            if a.span.isAllDay != b.span.isAllDay { return a.span.isAllDay }
            return (a.title, a.uid) < (b.title, b.uid)
        }
    }

    static func sorted(_ list: [EventOccurrence], zone: DisplayZone) -> [EventOccurrence] {
        list.sorted { a, b in
            if a.span.isAllDay != b.span.isAllDay { return a.span.isAllDay }
            let ka = a.sortKey(in: zone), kb = b.sortKey(in: zone)
            if ka != kb { return ka < kb }
            return (a.title, a.uid) < (b.title, b.uid)
        }
    }
}
