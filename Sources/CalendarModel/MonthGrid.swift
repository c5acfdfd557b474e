/// The weekday a calendar's rows start on.
public enum FirstWeekday: String, CaseIterable, Sendable {
    case monday, sunday, saturday

    /// As an ISO weekday (1 = Monday ... 7 = Sunday).
    public var isoWeekday: Int {
        switch self {
        case .monday: return 1
        case .sunday: return 7
        case .saturday: return 6
        }
    }

    /// The seven ISO weekdays in column order.
    public var columns: [Int] { (0..<7).map { (isoWeekday - 1 + $0) % 7 + 1 } }
}

/// One month page: 6 rows of 7 days, starting on the first weekday on or before the 1st, so the
/// days of the neighbouring months fill the rows before and after (the seed's 42 cells).
public struct MonthGrid: Hashable, Sendable {
    public static let rows = 6, columns = 7, cellCount = 42
    public let month: CalendarMonth
    public let firstWeekday: FirstWeekday
    /// The date in the first cell.
    public let firstDate: CalendarDate

    public init(month: CalendarMonth, firstWeekday: FirstWeekday) {
        self.month = month
        self.firstWeekday = firstWeekday
        let first = month.firstDay
        // How many days of the previous month precede the 1st in its row.
        let lead = (first.isoWeekday - firstWeekday.isoWeekday + 7) % 7
        firstDate = first.adding(days: -lead)
    }

    public func date(at cell: Int) -> CalendarDate { firstDate.adding(days: cell) }
    public var dates: [CalendarDate] { (0..<MonthGrid.cellCount).map(date(at:)) }
    public var lastDate: CalendarDate { firstDate.adding(days: MonthGrid.cellCount - 1) }

    /// The cell showing `date`, if this page shows it.
    public func cell(of date: CalendarDate) -> Int? {
        let i = firstDate.days(until: date)
        return (0..<MonthGrid.cellCount).contains(i) ? i : nil
    }

    /// True for days of the neighbouring months, which are drawn greyed.
    public func isAdjacent(_ date: CalendarDate) -> Bool { !month.contains(date) }
}
