/// How a collection's items stand in rows and columns for assistive technology (AT-SPI's
/// `Table`, ARIA's grid): lines of `lineLength` items, each section starting a new line, filled
/// row by row (a vertical grid, a month) or column by column (a horizontal grid).
///
/// ```swift
/// // A month of days: rows of seven, headed by the weekdays.
/// let month = AccessibleTableShape(lineLength: 7, columnHeaders: ["Monday", "Tuesday", …])
/// view.accessibilityNode(name: "November 2026", role: .table, table: month)
/// ```
public struct AccessibleTableShape: Equatable, Sendable {
    /// Items in one line (a row when `fillsRowsFirst`, else a column); at least 1.
    public var lineLength: Int
    public var fillsRowsFirst: Bool
    /// The columns' headers, by column ("Monday" …); empty when the columns have none.
    public var columnHeaders: [String]

    public init(lineLength: Int, fillsRowsFirst: Bool = true, columnHeaders: [String] = []) {
        self.lineLength = max(1, lineLength); self.fillsRowsFirst = fillsRowsFirst; self.columnHeaders = columnHeaders
    }
}

extension AccessibleCollection {
    /// The lines before each section and in all: O(sections).
    private func lines() -> (before: [Int], total: Int) {
        guard let table else { return ([], 0) }
        var before: [Int] = [], total = 0
        for n in sectionCounts.counts { before.append(total); total += (n + table.lineLength - 1) / table.lineLength }
        return (before, total)
    }

    /// Rows and columns of the whole collection (every section, not only what is shown); nil
    /// when it is not read as a table. O(sections).
    public var tableSize: (rows: Int, columns: Int)? {
        guard let table else { return nil }
        let n = lines().total
        let counts = sectionCounts.counts
        let across = counts.contains { $0 >= table.lineLength } ? table.lineLength : (counts.max() ?? 0)
        return table.fillsRowsFirst ? (n, across) : (across, n)
    }

    /// The row and column of the item at a flat index. O(sections).
    public func cell(at index: Int) -> (row: Int, column: Int)? {
        guard let table, let ip = indexPath(at: index) else { return nil }
        let line = lines().before[ip.section - sectionCounts.first] + ip.item / table.lineLength, place = ip.item % table.lineLength
        return table.fillsRowsFirst ? (line, place) : (place, line)
    }

    /// The flat index of the item at a row and column; nil where there is none. O(sections).
    public func index(row: Int, column: Int) -> Int? {
        guard let table, row >= 0, column >= 0 else { return nil }
        let (line, place) = table.fillsRowsFirst ? (row, column) : (column, row)
        guard place < table.lineLength else { return nil }
        let (before, _) = lines()
        guard let section = before.lastIndex(where: { $0 <= line }) else { return nil }
        let (first, counts) = sectionCounts
        let item = (line - before[section]) * table.lineLength + place
        guard item < counts[section] else { return nil }
        return index(of: ItemPath(item: item, section: first + section))
    }
}

extension GridLayout {
    /// Rows of ``perLine`` items in a vertical grid, columns of them in a horizontal one.
    public var accessibilityTableShape: AccessibleTableShape? {
        AccessibleTableShape(lineLength: perLine, fillsRowsFirst: scrollAxis == .vertical)
    }
}
