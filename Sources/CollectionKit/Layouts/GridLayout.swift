/// A flow grid: items fill lines across the cross axis, lines stack along the scroll axis
/// (rows for a vertical grid, columns for a horizontal one, which fills top to bottom first).
///
/// With a uniform item length every frame is arithmetic and `prepare` costs O(sections).
/// With `itemLength` per item, `prepare` builds one prefix sum of line starts per section (O(n))
/// and queries binary-search it. Either way `attributesForElements(in:)` is O(log n + k).
///
/// Items in a line share the cross size, so a line holds ``perLine`` items of ``crossItemSize``.
/// With ``headerLength`` above 0 each section starts with a `"header"` supplementary element as
/// wide as the viewport.
///
/// ```swift
/// // Square tiles at least 120 points wide, as many to a row as fit, with 32-point section headers.
/// let photos = CollectionView(name: "photos", layout: GridLayout(minimumCrossSize: 120, headerLength: 32))
///
/// // A horizontal strip: three rows of tiles 60 points wide, scrolling sideways.
/// let strip = CollectionView(name: "strip", layout: GridLayout(
///     scrollAxis: .horizontal, itemsPerLine: 3, itemLength: .fixed(60), interitemSpacing: 4, lineSpacing: 4))
///
/// // Rows as tall as their tallest item, with heights from your model.
/// let noteHeights: [Double] = [80, 140, 96, 120]
/// let notes = GridLayout(minimumCrossSize: 200, itemLength: .variable { noteHeights[$0.item] })
/// ```
public struct GridLayout: CollectionLayout {
    /// Items flow in rows (or columns): a move onto another line wraps around its ends.
    public var flowsInLines: Bool { true }
    /// How long items are along the scroll axis.
    public enum ItemLength {
        /// Every item has this length along the scroll axis.
        case fixed(Double)
        /// Length = cross size × ratio (1 gives squares).
        case aspect(Double)
        /// Each item's own length; a line is as long as its longest item.
        ///
        /// The closure receives data index paths (they differ from displayed ones during an interactive
        /// movement, so a moving item keeps its length) and is called once per item in
        /// ``GridLayout/prepare(_:)``, and again when an item's attributes are asked for.
        case variable((ItemPath) -> Double)
        /// Each item's own length, read from a table kept by its owner (a drag-and-drop
        /// collection): like `variable`, without a call per item on every reflow.
        case table(ItemLengths)
    }

    /// The axis lines stack along; items fill each line across the other axis.
    public var scrollAxis: Axis
    /// Items are at least this wide across the scroll axis; lines take as many as fit.
    public var minimumCrossSize: Double
    /// Fixed number of items per line; overrides `minimumCrossSize` when set.
    public var itemsPerLine: Int?
    /// How long items are along the scroll axis.
    public var itemLength: ItemLength
    /// The gap between neighbouring items of a line, across the scroll axis.
    public var interitemSpacing: Double
    /// The gap between lines along the scroll axis, and between one section's last line and the next
    /// section.
    public var lineSpacing: Double
    /// Space between the content's edges and the items.
    public var insets: EdgeInsets
    /// Length of each section's header along the scroll axis; 0 for none.
    public var headerLength: Double

    /// Creates a grid; every parameter has a default (a vertical grid of squares at least 120 points
    /// wide, 8-point gaps and insets, no headers). Changes take effect at the next ``prepare(_:)``.
    public init(scrollAxis: Axis = .vertical, minimumCrossSize: Double = 120, itemsPerLine: Int? = nil,
                itemLength: ItemLength = .aspect(1), interitemSpacing: Double = 8, lineSpacing: Double = 8,
                insets: EdgeInsets = EdgeInsets(all: 8), headerLength: Double = 0) {
        self.scrollAxis = scrollAxis; self.minimumCrossSize = minimumCrossSize; self.itemsPerLine = itemsPerLine
        self.itemLength = itemLength; self.interitemSpacing = interitemSpacing; self.lineSpacing = lineSpacing
        self.insets = insets; self.headerLength = headerLength
    }

    // Prepared state.
    private var context = LayoutContext(boundsSize: .zero, sectionCounts: [])
    /// Places are computed left to right and reflected through this in right to left.
    private var mirror = LayoutMirror()
    /// Items per line, as of the last ``prepare(_:)``.
    public private(set) var perLine = 1
    /// Every item's size across the scroll axis, as of the last ``prepare(_:)``: the cross length of
    /// the viewport less insets and gaps, shared equally by ``perLine`` items.
    public private(set) var crossItemSize: Double = 0
    private var uniformLength: Double = 0
    /// Main-axis start of each section (its header first), and one past the end.
    private var sectionStarts: [Double] = [0]
    /// For variable lengths: per section, the start of each line relative to the section's first line,
    /// with one extra entry for the end.
    private var lineStarts: [[Double]] = []
    /// For a `.table` list whose lengths repeat a period (a run of generated items): the lengths
    /// themselves, per section, read for line starts instead of a prefix sum per line.
    private var periodicLines: [SectionLengths?] = []
    /// The content's size as of the last ``prepare(_:)``. Across the scroll axis it equals the viewport,
    /// so a grid never scrolls across.
    public private(set) var contentSize: Size = .zero

    private var crossAxis: Axis { scrollAxis == .vertical ? .horizontal : .vertical }
    private var crossLeading: Double { scrollAxis == .vertical ? insets.left : insets.top }
    private var crossTrailing: Double { scrollAxis == .vertical ? insets.right : insets.bottom }

    /// Works out items per line and the cross item size from the viewport, then the start of every
    /// section. O(sections) with `.fixed` or `.aspect` lengths; O(n) with `.variable`, which builds a
    /// prefix sum of line starts per section.
    public mutating func prepare(_ context: LayoutContext) {
        self.context = context
        let cross = max(0, context.boundsSize[crossAxis] - crossLeading - crossTrailing)
        perLine = itemsPerLine ?? max(1, Int((cross + interitemSpacing) / (minimumCrossSize + interitemSpacing)))
        crossItemSize = max(1, (cross - Double(perLine - 1) * interitemSpacing) / Double(perLine))
        // A table whose owner measures items for a width learns it first (a list of wrapped cards).
        if case let .table(table) = itemLength { table.prepare(crossLength: crossItemSize) }
        switch itemLength {
        case let .fixed(l): uniformLength = l
        case let .aspect(r): uniformLength = (crossItemSize * r).rounded()
        case .variable, .table: uniformLength = 0
        }
        var starts: [Double] = []
        starts.reserveCapacity(context.sectionCounts.count + 1)
        // Last time's line tables, taken over so a reflow of 100,000 lines reuses their memory.
        var reusable: [[Double]] = []
        swap(&reusable, &lineStarts)
        periodicLines.removeAll(keepingCapacity: true)
        var y = insets.leading(scrollAxis)
        for (section, count) in context.sectionCounts.enumerated() {
            starts.append(y)
            y += headerLength
            let lines = (count + perLine - 1) / perLine
            if case let .table(table) = itemLength, perLine == 1, context.interactiveMove == nil,
               section < table.sections.count, table.sections[section].hasRepeatedPeriod, table.sections[section].count >= lines {
                // A list whose lengths repeat: its line starts are sums of the lengths (O(log n)
                // each), nothing is stored per line.
                let lengths = table.sections[section]
                periodicLines.append(lengths)
                lineStarts.append([])
                y += lines == 0 ? 0 : lengths.sum(before: lines) + Double(lines - 1) * lineSpacing
            } else if case let .table(table) = itemLength {
                // One read of the table per section; the loop reads a local array.
                let lengths = section < table.sections.count ? table.sections[section].listed ?? Array(table.sections[section]) : []
                periodicLines.append(nil)
                var prefix: [Double] = []
                if section < reusable.count { swap(&prefix, &reusable[section]) }
                prefix.removeAll(keepingCapacity: true)
                prefix.reserveCapacity(lines + 1)
                var acc = 0.0
                if perLine == 1, context.interactiveMove == nil, lengths.count >= lines {
                    // A list: one item per line, read straight from the table.
                    lengths.withUnsafeBufferPointer { length in
                        for line in 0..<lines {
                            prefix.append(acc)
                            acc += length[line] + lineSpacing
                        }
                    }
                    if lines > 0 { acc -= lineSpacing }
                } else {
                    for line in 0..<lines {
                        prefix.append(acc)
                        var longest = 0.0
                        for item in line * perLine..<min(count, (line + 1) * perLine) {
                            let data = context.interactiveMove == nil ? item : context.dataIndexPath(forDisplayed: ItemPath(item: item, section: section)).item
                            longest = max(longest, data < lengths.count ? lengths[data] : 0)
                        }
                        acc += longest + (line + 1 < lines ? lineSpacing : 0)
                    }
                }
                prefix.append(acc)
                lineStarts.append(prefix)
                y += acc
            } else if case let .variable(lengthOf) = itemLength {
                var prefix = [Double](repeating: 0, count: lines + 1)
                var acc = 0.0
                for line in 0..<lines {
                    prefix[line] = acc
                    var longest = 0.0
                    for item in line * perLine..<min(count, (line + 1) * perLine) {
                        longest = max(longest, lengthOf(context.dataIndexPath(forDisplayed: ItemPath(item: item, section: section))))
                    }
                    acc += longest + (line + 1 < lines ? lineSpacing : 0)
                }
                prefix[lines] = acc
                lineStarts.append(prefix)
                periodicLines.append(nil)
                y += acc
            } else {
                y += lines == 0 ? 0 : Double(lines) * uniformLength + Double(lines - 1) * lineSpacing
            }
            y += section + 1 < context.sectionCounts.count ? lineSpacing : 0
        }
        starts.append(y)
        sectionStarts = starts
        let mainLength = y + insets.trailing(scrollAxis)
        let crossLength = context.boundsSize[crossAxis]
        contentSize = scrollAxis == .vertical ? Size(width: crossLength, height: mainLength)
                                              : Size(width: mainLength, height: crossLength)
        mirror = context.mirror(contentWidth: contentSize.width)
    }

    private func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        scrollAxis == .vertical ? Rect(x: cross, y: main, width: crossLength, height: mainLength)
                                : Rect(x: main, y: cross, width: mainLength, height: crossLength)
    }

    private func lineCount(_ section: Int) -> Int { (context.sectionCounts[section] + perLine - 1) / perLine }

    /// Start and length of `line` in `section`, along the scroll axis, in content coordinates.
    private func lineSpan(_ line: Int, section: Int) -> (start: Double, length: Double) {
        let base = sectionStarts[section] + headerLength
        if lineStarts.isEmpty {
            return (base + Double(line) * (uniformLength + lineSpacing), uniformLength)
        }
        if let lengths = periodicLines[section] {
            return (base + lengths.sum(before: line) + Double(line) * lineSpacing, lengths[line])
        }
        let p = lineStarts[section]
        let gap = line + 1 < p.count - 1 ? lineSpacing : 0
        return (base + p[line], p[line + 1] - p[line] - gap)
    }

    private func itemLength(_ indexPath: ItemPath, lineLength: Double) -> Double {
        if case let .variable(lengthOf) = itemLength { return lengthOf(context.dataIndexPath(forDisplayed: indexPath)) }
        if case let .table(table) = itemLength { return table.length(at: context.dataIndexPath(forDisplayed: indexPath), fallback: lineLength) }
        return lineLength
    }

    private func crossOrigin(column: Int) -> Double {
        crossLeading + Double(column) * (crossItemSize + interitemSpacing)
    }

    /// An item's frame by arithmetic from its line and column, mirrored in right to left (columns of
    /// a vertical grid fill from the right, lines of a horizontal one start at the right). O(1).
    public func attributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        placedItem(at: indexPath).map(mirror.attributes)
    }

    private func placedItem(at indexPath: ItemPath) -> LayoutAttributes? {
        guard context.sectionCounts.indices.contains(indexPath.section),
              (0..<context.sectionCounts[indexPath.section]).contains(indexPath.item) else { return nil }
        let line = indexPath.item / perLine, column = indexPath.item % perLine
        let span = lineSpan(line, section: indexPath.section)
        return LayoutAttributes(indexPath: indexPath, frame: rect(
            main: span.start, cross: crossOrigin(column: column),
            mainLength: itemLength(indexPath, lineLength: span.length), crossLength: crossItemSize))
    }

    /// The first line of `section` whose end is past `main` (content coordinates).
    private func firstLine(endingAfter main: Double, section: Int) -> Int {
        let base = sectionStarts[section] + headerLength
        let lines = lineCount(section)
        if lineStarts.isEmpty {
            let stride = uniformLength + lineSpacing
            guard stride > 0 else { return 0 }
            return max(0, min(lines, Int(((main - base - uniformLength) / stride).rounded(.down)) + 1))
        }
        if let lengths = periodicLines[section] {
            // A line's end, with the spacing after it but the last one's.
            return Search.partition(lines) { base + lengths.sum(before: $0 + 1) + Double($0 + 1 < lines ? $0 + 1 : $0) * lineSpacing > main }
        }
        let p = lineStarts[section]
        return Search.partition(lines) { base + p[$0 + 1] > main }
    }

    /// The headers and items meeting `rect`. The first section is found by binary search, the columns
    /// by arithmetic, and the first line by arithmetic (uniform lengths) or binary search (variable):
    /// O(log n + k) for k results.
    public func attributesForElements(in rect: Rect) -> [LayoutAttributes] {
        mirror.isMirrored ? placedElements(in: mirror.rect(rect)).map(mirror.attributes) : placedElements(in: rect)
    }

    private func placedElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        guard !context.sectionCounts.isEmpty else { return result }
        let lo = rect[minOf: scrollAxis], hi = rect[maxOf: scrollAxis]
        let cLo = rect[minOf: crossAxis], cHi = rect[maxOf: crossAxis]
        let stride = crossItemSize + interitemSpacing
        let firstColumn = max(0, Int(((cLo - crossLeading - crossItemSize) / stride).rounded(.down)) + 1)
        let lastColumn = min(perLine - 1, Int(((cHi - crossLeading) / stride).rounded(.up)))
        guard firstColumn <= lastColumn else { return result }
        // The first section whose end is past the rect's start.
        var section = Search.partition(context.sectionCounts.count) { sectionStarts[$0 + 1] > lo }
        while section < context.sectionCounts.count, sectionStarts[section] < hi {
            if headerLength > 0 {
                let header = self.rect(main: sectionStarts[section], cross: 0, mainLength: headerLength,
                                       crossLength: context.boundsSize[crossAxis])
                if header.intersects(rect) {
                    result.append(LayoutAttributes(indexPath: ItemPath(item: 0, section: section),
                                                   kind: .supplementary("header"), frame: header))
                }
            }
            let count = context.sectionCounts[section]
            var line = firstLine(endingAfter: lo, section: section)
            while line < lineCount(section) {
                let span = lineSpan(line, section: section)
                if span.start >= hi { break }
                for column in firstColumn...lastColumn {
                    let item = line * perLine + column
                    if item >= count { break }
                    let ip = ItemPath(item: item, section: section)
                    let f = self.rect(main: span.start, cross: crossOrigin(column: column),
                                      mainLength: itemLength(ip, lineLength: span.length), crossLength: crossItemSize)
                    if f.intersects(rect) { result.append(LayoutAttributes(indexPath: ip, frame: f)) }
                }
                line += 1
            }
            section += 1
        }
        return result
    }

    /// Moving items take the slot under the pointer; past the last item they take the last slot.
    ///
    /// A position in another section answers nil: items move within their section. O(log n).
    public func targetIndexPath(forMoving indexPath: ItemPath, at position: Point) -> ItemPath? {
        let position = mirror.point(position)
        let section = min(max(0, Search.partition(context.sectionCounts.count) { sectionStarts[$0 + 1] > position[scrollAxis] }),
                          context.sectionCounts.count - 1)
        guard section >= 0, section == indexPath.section else { return nil }
        let count = context.sectionCounts[section]
        guard count > 0 else { return nil }
        let line = min(firstLine(endingAfter: position[scrollAxis], section: section), lineCount(section) - 1)
        let column = min(perLine - 1, max(0, Int(((position[crossAxis] - crossLeading) / (crossItemSize + interitemSpacing)).rounded(.down))))
        return ItemPath(item: min(count - 1, line * perLine + column), section: section)
    }
}

extension Rect {
    subscript(minOf axis: Axis) -> Double { axis == .horizontal ? minX : minY }
    subscript(maxOf axis: Axis) -> Double { axis == .horizontal ? maxX : maxY }
}
