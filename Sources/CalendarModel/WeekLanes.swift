extension CalendarDate {
    /// The ISO 8601 week number (1–53): weeks start on Monday, and week 1 is the one holding the
    /// year's first Thursday, so 1 January can be in week 52 or 53 of the year before.
    public var isoWeek: Int {
        let thursday = adding(days: 4 - isoWeekday)
        let jan1 = CalendarDate(year: thursday.year, month: 1, day: 1)!
        return jan1.days(until: thursday) / 7 + 1
    }
}

/// One event's place on one day of a week row: which event, and whether its bar continues from
/// the day before or into the day after within the same row (then the cell draws the bar to its
/// edge, so the pieces join into one continuous bar).
public struct LaneSlot: Hashable, Sendable {
    public var event: EventOccurrence
    public var continuesBefore: Bool
    public var continuesAfter: Bool
    /// The event began on an earlier day or ends on a later one than this cell, also across rows:
    /// such an end of the bar is drawn square, not rounded.
    public var startsEarlier = false
    public var endsLater = false
    /// Days from this one to the bar's last day in this row, both counted (1 for a one-day event).
    public var daysInRow = 1
    /// True on the day the bar's title is written: its first day in the row, or its first day
    /// of the page's own month when the piece starts on a dimmed day of the month before.
    public var showsTitle: Bool
    public init(event: EventOccurrence, continuesBefore: Bool, continuesAfter: Bool) {
        self.event = event; self.continuesBefore = continuesBefore; self.continuesAfter = continuesAfter
        showsTitle = !continuesBefore
    }
}

/// Lays out a week row's events in lanes, as GNOME Calendar and Google Calendar draw a month: an
/// event over several days keeps one lane on every day it covers in the row, so its pieces form
/// one bar; one-day events fill the lanes left free, in the day's order. Lanes go top to bottom.
public enum WeekLanes {
    /// `days` are the row's dates in column order; `events(on:)` each day's occurrences in display
    /// order. The result has one array per day, indexed by lane; nil is a lane left empty on that
    /// day because a bar passes through it elsewhere in the row, or nothing is there.
    ///
    /// `titled(day)` says which days a bar's title may be written on (a month page's own days): a
    /// piece that starts on other days (the dimmed end of the month before) writes its title on
    /// the first titled day it covers, where it can be read; a piece with none keeps it at its start.
    ///
    /// O(e · d) for e distinct multi-day events and d days (7).
    public static func assign(days: [CalendarDate], zone: DisplayZone, titled: (CalendarDate) -> Bool = { _ in true },
                              events: (CalendarDate) -> [EventOccurrence]) -> [[LaneSlot?]] {
        guard let first = days.first, let last = days.last else { return [] }
        let perDay = days.map(events)
        // Spans clamped to the row; an event is a bar when it touches more than one day in all.
        var bars: [(event: EventOccurrence, span: ClosedRange<CalendarDate>, whole: ClosedRange<CalendarDate>)] = []
        var seen = Set<EventOccurrence>()
        for list in perDay {
            for e in list {
                let whole = e.days(in: zone)
                guard whole.lowerBound < whole.upperBound, seen.insert(e).inserted else { continue }
                bars.append((e, whole.clamped(to: first...last), whole))
            }
        }
        // Earlier first; of those starting together, longer first, so long bars take the top lanes.
        bars.sort { a, b in
            if a.span.lowerBound != b.span.lowerBound { return a.span.lowerBound < b.span.lowerBound }
            let la = a.span.lowerBound.days(until: a.span.upperBound), lb = b.span.lowerBound.days(until: b.span.upperBound)
            if la != lb { return la > lb }
            return (a.event.title, a.event.uid) < (b.event.title, b.event.uid)
        }
        var lanes = days.map { _ in [LaneSlot?]() }
        func column(_ d: CalendarDate) -> Int { first.days(until: d) }
        func isFree(_ lane: Int, _ columns: ClosedRange<Int>) -> Bool {
            columns.allSatisfy { lanes[$0].count <= lane || lanes[$0][lane] == nil }
        }
        func put(_ slot: LaneSlot, lane: Int, column c: Int) {
            while lanes[c].count <= lane { lanes[c].append(nil) }
            lanes[c][lane] = slot
        }
        for bar in bars {
            let columns = column(bar.span.lowerBound)...column(bar.span.upperBound)
            var lane = 0
            while !isFree(lane, columns) { lane += 1 }
            let titleColumn = columns.first { titled(days[$0]) } ?? columns.lowerBound
            for c in columns {
                let d = days[c]
                var slot = LaneSlot(event: bar.event, continuesBefore: d > bar.whole.lowerBound && c > columns.lowerBound,
                                    continuesAfter: d < bar.whole.upperBound && c < columns.upperBound)
                slot.startsEarlier = d > bar.whole.lowerBound
                slot.endsLater = d < bar.whole.upperBound
                slot.daysInRow = columns.upperBound - c + 1
                slot.showsTitle = c == titleColumn
                put(slot, lane: lane, column: c)
            }
        }
        for (c, list) in perDay.enumerated() {
            var lane = 0
            for e in list where !seen.contains(e) {
                while lanes[c].count > lane && lanes[c][lane] != nil { lane += 1 }
                put(LaneSlot(event: e, continuesBefore: false, continuesAfter: false), lane: lane, column: c)
            }
        }
        return lanes
    }
}
