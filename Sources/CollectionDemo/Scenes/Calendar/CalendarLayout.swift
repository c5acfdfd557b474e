import CollectionKit
import CalendarModel
/// Month pages side by side: section `s` is page `s`, exactly as wide as the bounds, and holds
/// 42 day cells in 6 rows of 7. Paging is decided in `targetContentOffset`: the page nearest
/// where the scroll would naturally stop, but never more than one page from where the gesture
/// began, so a drag or a flick moves exactly one month.
///
/// Right to left the whole strip is mirrored: the week runs from the right (the first weekday's
/// column is the rightmost), the week-number column is on the right, and the next month lies to
/// the left of the current one.
///
/// Every frame is arithmetic: `prepare` is O(1), `attributesForElements(in:)` O(k).
public struct CalendarLayout: CollectionLayout {
    public var scrollAxis: Axis { .horizontal }
    public var insets: EdgeInsets
    public var spacing: Double

    private var context = LayoutContext(boundsSize: .zero, sectionCounts: [])
    public private(set) var pageWidth: Double = 1
    public private(set) var cellSize = Size.zero
    public private(set) var contentSize: Size = .zero
    private var mirror = LayoutMirror()

    /// True when each page starts with a narrow column for ISO week numbers (`--week-numbers`).
    public var weekNumbers: Bool
    /// Small windows: thinner margins and gaps, so the cells keep what room there is.
    public var isCompact = false {
        didSet { applyCompactness() }
    }

    public init(insets: EdgeInsets = EdgeInsets(top: 4, left: 12, bottom: 12, right: 12), spacing: Double = 4, weekNumbers: Bool = false) {
        self.insets = insets; self.spacing = spacing; self.weekNumbers = weekNumbers
    }

    private mutating func applyCompactness() {
        insets = isCompact ? EdgeInsets(top: 2, left: 6, bottom: 6, right: 6) : EdgeInsets(top: 4, left: 12, bottom: 12, right: 12)
        spacing = isCompact ? 2 : 4
    }

    /// The week-number column's width (0 without week numbers).
    public var weekColumnWidth: Double { weekNumbers ? (isCompact ? 20 : 28) : 0 }
    /// Where the first day column starts on a page, from the page's left edge.
    public var gridLeft: Double { insets.left + weekColumnWidth }

    public var pageCount: Int { context.sectionCounts.count }

    public mutating func prepare(_ context: LayoutContext) {
        self.context = context
        pageWidth = max(1, context.boundsSize.width)
        let w = (pageWidth - gridLeft - insets.right - spacing * Double(MonthGrid.columns - 1)) / Double(MonthGrid.columns)
        let h = (context.boundsSize.height - insets.top - insets.bottom - spacing * Double(MonthGrid.rows - 1)) / Double(MonthGrid.rows)
        cellSize = Size(width: max(1, w), height: max(1, h))
        contentSize = Size(width: pageWidth * Double(pageCount), height: context.boundsSize.height)
        mirror = context.mirror(contentWidth: contentSize.width)
    }

    /// True when the week runs right to left.
    public var isRightToLeft: Bool { mirror.isMirrored }

    /// The content offset that shows page `page` exactly.
    public func offset(ofPage page: Int) -> Point {
        mirror.offset(Point(x: Double(page) * pageWidth, y: 0), viewport: context.boundsSize)
    }
    /// The page nearest a content offset.
    public func page(nearest offset: Point) -> Int {
        let x = mirror.offset(offset, viewport: context.boundsSize).x
        return min(max(0, Int((x / pageWidth).rounded())), max(0, pageCount - 1))
    }
    /// The pages a viewport `width` wide at content offset `x` shows (one at rest, two while a page turns).
    public func pages(showingFrom x: Double, width: Double) -> ClosedRange<Int> {
        let ltr = mirror.rect(Rect(x: x, y: 0, width: max(1, width), height: 1))
        let first = max(0, Int((ltr.minX / pageWidth).rounded(.down)))
        let last = min(pageCount - 1, Int(((ltr.maxX - 1) / pageWidth).rounded(.down)))
        return first...max(first, last)
    }
    /// Where day column `column` (0 is the first weekday's) starts, from the page's left edge.
    public func columnMinX(_ column: Int) -> Double {
        let x = gridLeft + Double(column) * (cellSize.width + spacing)
        return isRightToLeft ? pageWidth - x - cellSize.width : x
    }

    private func frame(page: Int, cell: Int) -> Rect {
        let row = cell / MonthGrid.columns, column = cell % MonthGrid.columns
        return Rect(x: Double(page) * pageWidth + gridLeft + Double(column) * (cellSize.width + spacing),
                    y: insets.top + Double(row) * (cellSize.height + spacing),
                    width: cellSize.width, height: cellSize.height)
    }

    public func attributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        guard context.sectionCounts.indices.contains(indexPath.section),
              (0..<context.sectionCounts[indexPath.section]).contains(indexPath.item) else { return nil }
        return LayoutAttributes(indexPath: indexPath, frame: mirror.rect(frame(page: indexPath.section, cell: indexPath.item)))
    }

    public func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard pageCount > 0, !rect.isEmpty else { return [] }
        let rect = mirror.rect(rect)
        let first = max(0, Int((rect.minX / pageWidth).rounded(.down)))
        let last = min(pageCount - 1, Int((rect.maxX / pageWidth).rounded(.down)))
        guard first <= last else { return [] }
        var out: [LayoutAttributes] = []
        for page in first...last {
            for cell in 0..<min(MonthGrid.cellCount, context.sectionCounts[page]) {
                let f = frame(page: page, cell: cell)
                if f.intersects(rect) { out.append(LayoutAttributes(indexPath: ItemPath(item: cell, section: page), frame: mirror.rect(f))) }
            }
        }
        return out
    }

    public func targetContentOffset(proposed: Point, velocity: Point, decision: ScrollDecision) -> Point {
        let start = page(nearest: decision.startOffset)
        let wanted = page(nearest: proposed)
        return offset(ofPage: min(max(wanted, start - 1), start + 1))
    }
}
