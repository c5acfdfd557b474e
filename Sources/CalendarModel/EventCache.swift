/// Asks an `EventSource` for one month page at a time (its 42 days), when the page is first
/// shown or prepared in idle frames, and keeps the answer by day. Paging back and forth then
/// costs one dictionary look-up per cell.
public final class EventCache {
    public let source: any EventSource
    public let zone: DisplayZone
    private var pages: [MonthGrid: [CalendarDate: [EventOccurrence]]] = [:]
    private var order: [MonthGrid] = []
    private var sourceReady: MonthGrid?
    private var building: PageBuild?
    /// Pages kept; far more than a paging session revisits, small enough to stay cheap.
    public var capacity = 48
    public private(set) var expansions = 0

    public init(source: any EventSource, zone: DisplayZone) {
        self.source = source; self.zone = zone
    }

    /// The occurrences touching `date` on `page`: all-day ones first, then by start, then by title.
    public func events(on date: CalendarDate, page: MonthGrid) -> [EventOccurrence] {
        byDay(of: page)[date] ?? []
    }

    /// The occurrences touching `date`, from the page of its own month.
    public func events(on date: CalendarDate, firstWeekday: FirstWeekday) -> [EventOccurrence] {
        events(on: date, page: MonthGrid(month: date.calendarMonth, firstWeekday: firstWeekday))
    }

    public func isReady(_ page: MonthGrid) -> Bool { pages[page] != nil }

    /// One idle frame's share of preparing `page`: at most `budget` units of the source's work,
    /// then the page's own table, `budget × tableWorkPerUnit` occurrences filed or sorted a frame,
    /// once the source has nothing left to do. True when the page is ready.
    @discardableResult
    public func prepare(_ page: MonthGrid, budget: Int) -> Bool {
        if pages[page] != nil { return true }
        // The source's last slice and the page's own table are separate frames' work.
        if sourceReady != page {
            guard source.prefetch(overlapping: page.firstDate...page.lastDate, budget: budget) else { return false }
            sourceReady = page
            return false
        }
        if building?.page != page {
            building = PageBuild(page: page, occurrences: source.occurrences(overlapping: page.firstDate...page.lastDate))
        }
        guard building!.step(work: max(1, budget) * EventCache.tableWorkPerUnit, zone: zone) else { return false }
        store(building!.table, for: page)
        building = nil
        return true
    }

    /// Occurrences filed into days (or sorted) per unit of a frame's budget: a big calendar's
    /// page (thousands of occurrences) then takes a few frames instead of one long one.
    public static let tableWorkPerUnit = 40

    private func byDay(of page: MonthGrid) -> [CalendarDate: [EventOccurrence]] {
        if let hit = pages[page] { return hit }
        var build = building?.page == page ? building! : PageBuild(page: page, occurrences: source.occurrences(overlapping: page.firstDate...page.lastDate))
        if building?.page == page { building = nil }
        _ = build.step(work: .max, zone: zone)
        store(build.table, for: page)
        return build.table
    }

    private func store(_ table: [CalendarDate: [EventOccurrence]], for page: MonthGrid) {
        expansions += 1
        pages[page] = table
        order.append(page)
        if order.count > capacity { pages[order.removeFirst()] = nil }
    }

    /// A page's day table under construction: occurrences filed by day, then each day sorted.
    private struct PageBuild {
        let page: MonthGrid
        let occurrences: [EventOccurrence]
        var filed = 0
        var table: [CalendarDate: [EventOccurrence]] = [:]
        var unsorted: [CalendarDate]? = nil

        init(page: MonthGrid, occurrences: [EventOccurrence]) { self.page = page; self.occurrences = occurrences }

        /// Does about `work` occurrences' worth of filing or sorting; true when the table is done.
        mutating func step(work: Int, zone: DisplayZone) -> Bool {
            var left = work
            let range = page.firstDate...page.lastDate
            while filed < occurrences.count, left > 0 {
                let occurrence = occurrences[filed]
                let days = occurrence.days(in: zone).clamped(to: range)
                var d = days.lowerBound
                while d <= days.upperBound {
                    table[d, default: []].append(occurrence)
                    d = d.adding(days: 1)
                }
                filed += 1
                left -= 1
            }
            guard filed == occurrences.count else { return false }
            if unsorted == nil { unsorted = table.keys.filter { table[$0]!.count > 1 } }
            while let d = unsorted!.last, left > 0 {
                let list = table[d]!
                table[d] = EventCache.sorted(list, zone: zone)
                left -= list.count
                unsorted!.removeLast()
            }
            return unsorted!.isEmpty
        }
    }

    /// Every occurrence on `page`, once each, sorted by start (the state dump's order).
    public func occurrences(on page: MonthGrid) -> [EventOccurrence] {
        var seen = Set<EventOccurrence>()
        var out: [EventOccurrence] = []
        for list in byDay(of: page).values {
            for e in list where seen.insert(e).inserted { out.append(e) }
        }
        return out.sorted { a, b in
            let ka = a.sortKey(in: zone), kb = b.sortKey(in: zone)
            if ka != kb { return ka < kb }
            if a.span.isAllDay != b.span.isAllDay { return a.span.isAllDay }
            return (a.title, a.uid) < (b.title, b.uid)
        }
    }

    static func sorted(_ list: [EventOccurrence], zone: DisplayZone) -> [EventOccurrence] {
        let keyed = list.map { ($0, $0.sortKey(in: zone)) }
        return keyed.sorted { a, b in
            if a.0.span.isAllDay != b.0.span.isAllDay { return a.0.span.isAllDay }
            if a.1 != b.1 { return a.1 < b.1 }
            return (a.0.title, a.0.uid) < (b.0.title, b.0.uid)
        }.map(\.0)
    }
}
