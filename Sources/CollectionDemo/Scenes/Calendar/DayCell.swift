import CollectionKit
import CalendarModel
/// One day of a month page: its number, its state (adjacent month, weekend, today, disabled,
/// selected, focused) and its events in lanes (`WeekLanes`): bars with titles, a multi-day
/// event's pieces joined across the gaps into one bar, or dots when the cell is small, with "+N"
/// for those that do not fit. Everything it draws stays inside its frame, except the half gaps
/// a chosen band or a bar crosses to meet its neighbour in the same row.
public final class DayCell: CollectionCell {
    public struct Model: Equatable {
        public var date: CalendarDate
        public var isAdjacent = false
        public var isToday = false
        public var isDisabled = false
        public var isChosen = false
        public var isFocused = false
        /// The day's events in display order (all-day first, then by start).
        public var events: [EventOccurrence] = []
        /// The same events by lane; nil is a lane kept free for a bar elsewhere in the row.
        public var slots: [LaneSlot?] = []
        /// The chosen day before or after in the same row is chosen too: the band runs on.
        public var bandJoinsBefore = false
        public var bandJoinsAfter = false
        /// The gap between cells, which joined bands and bars cover half each.
        public var gap = 4.0
        /// The most lanes any day of this week row has: every cell of a row shows the same lanes
        /// (or the same fewer, with "+N"), so a bar is never cut on some of its days only.
        public var rowLaneCount = 0
        /// An event dragged over this day would land here: the day is outlined.
        public var isDropTarget = false
        /// The event chip the keyboard focus is on (Tab), outlined; Space picks it up.
        public var focusedEvent: EventOccurrence?
        /// The day's number as the locale writes it ("٢١" in ar_EG); empty: Latin digits.
        public var numberText = ""
        /// The week runs right to left: the day before is on the right, the number at the top
        /// right, bars start on their right end and run on to the left.
        public var isRightToLeft = false
        /// The heights the day's number and its bars take at the current text scale.
        public var metrics = Metrics()
        public init(date: CalendarDate) { self.date = date }
        /// The number drawn.
        var shownNumber: String { numberText.isEmpty ? "\(date.day)" : numberText }
        /// A band or bar runs on to the day on the left (before in left to right, after in right to left).
        func joinsLeft(before: Bool, after: Bool) -> Bool { isRightToLeft ? after : before }
        func joinsRight(before: Bool, after: Bool) -> Bool { isRightToLeft ? before : after }
    }

    /// The heights of a cell's words, measured at the current text scale: the day number's box
    /// and an event bar grow with their text (at text scale 1 they are 20 and 15 points).
    public struct Metrics: Equatable {
        public var numberHeight = 20.0
        public var barHeight = 15.0
        public init() {}
        /// Measured by `measurer`: each box a line of its text high with a little room.
        public init(measurer: some TextMeasuring) {
            numberHeight = max(20, (measurer.lineHeight(style: TextStyle(size: 13, weight: .bold)) + 4).rounded(.up))
            barHeight = max(15, (measurer.lineHeight(style: TextStyle(size: 10)) + 2).rounded(.up))
        }
        /// How much larger than at text scale 1 the number is drawn.
        var numberGrowth: Double { numberHeight / 20 }
        var barGrowth: Double { barHeight / 15 }
    }

    /// `r` reflected inside `frame` in right to left (the identity otherwise).
    static func placed(_ r: Rect, in frame: Rect, _ m: Model) -> Rect {
        m.isRightToLeft ? Rect(x: frame.minX + frame.maxX - r.maxX, y: r.minY, width: r.width, height: r.height) : r
    }

    /// The day number's box in a cell drawing `m`: at the top left, or the top right in right to left.
    static func numberBox(in frame: Rect, _ m: Model) -> Rect { placed(numberBox(in: frame, m.metrics), in: frame, m) }

    public private(set) var model: Model?

    public override func prepareForReuse() {
        super.prepareForReuse()
        model = nil
    }

    public func configure(_ model: Model) { self.model = model }

    static var weekendTint: Color { Theme.weekendTint }
    static let barGap = 2.0

    /// The day number's box, sized to the cell so that the number and the today badge fit in it.
    static func numberBox(in frame: Rect, _ metrics: Metrics = Metrics()) -> Rect {
        let h = min(metrics.numberHeight, max(8, frame.height - 4)), w = min(26 * metrics.numberGrowth, max(8, frame.width - 4))
        return Rect(x: frame.minX + min(4, (frame.width - w) / 2), y: frame.minY + min(4, (frame.height - h) / 2), width: w, height: h)
    }

    public override func draw(in frame: Rect, into list: inout DrawList) {
        guard let m = model else { return }
        var base = m.date.isWeekend ? DayCell.weekendTint : Theme.surface
        if m.isAdjacent { base = base.mixed(with: Theme.background, 0.6) }
        if isHighlighted || isHovered { base = base.mixed(with: .white, 0.06) }
        let radius = min(6, frame.height / 4)
        list.fill(frame, base, radius: radius)
        if m.isChosen { drawBand(m, in: frame, radius: radius, into: &list) }

        var ink = m.isAdjacent ? Theme.textDim.mixed(with: Theme.background, 0.35) : Theme.text
        if m.isDisabled { ink = Theme.textDim.mixed(with: Theme.background, 0.55) }
        let box = DayCell.numberBox(in: frame, m)
        let size = min(13, max(7, box.height * 0.62 / m.metrics.numberGrowth))
        if m.isToday {
            list.fill(box, Theme.danger, radius: min(box.height, box.width) / 2)
            ink = .white
        }
        list.text(m.shownNumber, in: m.isToday ? box : box.offsetBy(dx: m.isRightToLeft ? -2 : 2, dy: 0), size: size,
                  color: ink, alignment: m.isToday ? .center : (m.isRightToLeft ? .trailing : .leading), weight: .bold)
        if m.isDisabled {
            // A diagonal stroke says "cannot be chosen" without relying on colour alone.
            list.line(Point(x: frame.minX + 4, y: frame.maxY - 4), Point(x: frame.maxX - 4, y: frame.minY + 4),
                      Theme.textDim.withAlpha(0.25), width: 1)
        }
        drawEvents(m, in: frame, below: box, into: &list)
        if m.isFocused {
            list.stroke(frame.insetBy(dx: -2, dy: -2), Color.white.withAlpha(0.85), width: 2, radius: radius + 2)
        }
        if m.isDropTarget {
            list.stroke(frame.insetBy(dx: 1, dy: 1), Theme.accent, width: 3, radius: radius)
        }
    }

    /// The chosen tint and outline; joined to the neighbours' across the gap into one band.
    private func drawBand(_ m: Model, in frame: Rect, radius: Double, into list: inout DrawList) {
        let half = m.gap / 2
        // Drawn by the sides on screen: the band runs on to the left and to the right.
        let joinsLeft = m.joinsLeft(before: m.bandJoinsBefore, after: m.bandJoinsAfter)
        let joinsRight = m.joinsRight(before: m.bandJoinsBefore, after: m.bandJoinsAfter)
        let band = Rect(x: frame.minX - (joinsLeft ? half : 0), y: frame.minY,
                        width: frame.width + (joinsLeft ? half : 0) + (joinsRight ? half : 0), height: frame.height)
        // Opaque, and the same on weekdays and weekends, so the band shows no seams at the gaps.
        let tint = Theme.surface.mixed(with: Theme.accent, m.isAdjacent ? 0.25 : 0.35)
        DayCell.fill(band, tint, radius: radius, roundBefore: !joinsLeft, roundAfter: !joinsRight, into: &list)
        if !joinsLeft && !joinsRight {
            list.stroke(frame, Theme.accent, width: 2, radius: radius)
            return
        }
        // Top and bottom edges run on; the ends close only where the band ends.
        let inset = 1.0
        let x0 = joinsLeft ? band.minX : band.minX + radius, x1 = joinsRight ? band.maxX : band.maxX - radius
        list.fill(Rect(x: x0, y: band.minY, width: x1 - x0, height: 2), Theme.accent)
        list.fill(Rect(x: x0, y: band.maxY - 2, width: x1 - x0, height: 2), Theme.accent)
        if !joinsLeft { list.fill(Rect(x: band.minX, y: band.minY + radius, width: 2, height: band.height - 2 * radius), Theme.accent) }
        if !joinsRight { list.fill(Rect(x: band.maxX - 2, y: band.minY + radius, width: 2, height: band.height - 2 * radius), Theme.accent) }
        // Rounded corners at the closed ends, drawn as short strokes of a rounded outline clipped to the corner area.
        if !joinsLeft {
            list.clipped(to: Rect(x: band.minX, y: band.minY, width: radius + inset, height: band.height)) { list in
                list.stroke(Rect(x: band.minX, y: band.minY, width: radius * 4, height: band.height), Theme.accent, width: 2, radius: radius)
            }
        }
        if !joinsRight {
            list.clipped(to: Rect(x: band.maxX - radius - inset, y: band.minY, width: radius + inset, height: band.height)) { list in
                list.stroke(Rect(x: band.maxX - radius * 4, y: band.minY, width: radius * 4, height: band.height), Theme.accent, width: 2, radius: radius)
            }
        }
    }

    /// A rectangle rounded only at the ends that are not joined to a neighbour.
    static func fill(_ r: Rect, _ c: Color, radius: Double, roundBefore: Bool, roundAfter: Bool, into list: inout DrawList) {
        if roundBefore && roundAfter { list.fill(r, c, radius: radius); return }
        if !roundBefore && !roundAfter { list.fill(r, c); return }
        // One rounded piece at the open end, one square piece for the rest; they meet without overlap.
        let roundPart = min(r.width, radius * 2)
        if roundBefore {
            list.clipped(to: Rect(x: r.minX, y: r.minY, width: roundPart, height: r.height)) { list in
                list.fill(Rect(x: r.minX, y: r.minY, width: roundPart * 2, height: r.height), c, radius: radius)
            }
            list.fill(Rect(x: r.minX + roundPart, y: r.minY, width: r.width - roundPart, height: r.height), c)
        } else {
            list.fill(Rect(x: r.minX, y: r.minY, width: r.width - roundPart, height: r.height), c)
            list.clipped(to: Rect(x: r.maxX - roundPart, y: r.minY, width: roundPart, height: r.height)) { list in
                list.fill(Rect(x: r.maxX - roundPart * 2, y: r.minY, width: roundPart * 2, height: r.height), c, radius: radius)
            }
        }
    }

    /// How many lanes of bars fit below the number, or nil when the cell is too small for bars.
    static func barLanes(in frame: Rect, below box: Rect, _ metrics: Metrics = Metrics()) -> Int? {
        let room = frame.maxY - 3 - (box.maxY + 2)
        let fits = Int((room + barGap) / (metrics.barHeight + barGap))
        return fits >= 1 && frame.width >= 44 * metrics.barGrowth ? fits : nil
    }

    private func drawEvents(_ m: Model, in frame: Rect, below box: Rect, into list: inout DrawList) {
        guard !m.events.isEmpty else { return }
        let dim = m.isAdjacent || m.isDisabled
        let unplaced = DayCell.numberBox(in: frame, m.metrics)
        guard DayCell.barLanes(in: frame, below: unplaced, m.metrics) != nil else {
            drawDots(m, in: frame, beside: unplaced, dim: dim, into: &list)
            return
        }
        for (slot, r) in DayCell.chips(m, in: frame) {
            let e = slot.event
            let c = Theme.tileColor(e.colorIndex)
            let multiDay = slot.startsEarlier || slot.endsLater || slot.continuesAfter
            let fill = (e.span.isAllDay || multiDay ? c : c.mixed(with: Theme.background, 0.55)).withAlpha(dim || e.cancelled ? 0.45 : 1)
            DayCell.fill(r, fill, radius: 3, roundBefore: !m.joinsLeft(before: slot.startsEarlier, after: slot.endsLater),
                         roundAfter: !m.joinsRight(before: slot.startsEarlier, after: slot.endsLater), into: &list)
            if !e.span.isAllDay && !multiDay {
                list.fill(Rect(x: m.isRightToLeft ? r.maxX - 3 : r.minX, y: r.minY, width: 3, height: r.height), c, radius: 1.5)
            }
            // A bar's title is written on its first day in the row; one running on is written by
            // the scene across the whole piece (`drawBarTitles`).
            if slot.showsTitle && !slot.continuesAfter {
                list.text(DayCell.fitting(e.title, width: r.width), in: r.insetBy(dx: 5, dy: 0), size: 10, color: DayCell.titleInk(e, multiDay: multiDay, dim: dim),
                          alignment: m.isRightToLeft ? .trailing : .leading)
            }
            if e.cancelled {
                list.line(Point(x: r.minX + 4, y: r.midY), Point(x: r.maxX - 4, y: r.midY), DayCell.titleInk(e, multiDay: multiDay, dim: true), width: 1)
            }
            if e == m.focusedEvent { list.stroke(r.insetBy(dx: -1.5, dy: -1.5), .white, width: 2, radius: 4) }
        }
        if let more = DayCell.moreButton(m, in: frame) {
            // A pill beside the number, so every lane below it can hold a bar; it opens the day's
            // popover, and brightens while the pointer is over the day.
            list.fill(more.rect, isHovered ? Theme.border : Theme.surfaceRaised, radius: more.rect.height / 2)
            list.text("+\(more.hidden)", in: more.rect, size: 10, color: Theme.text, alignment: .center, weight: .bold)
        }
    }

    /// The "+N" of the events that do not fit, beside the day number at the cell's top right, and N;
    /// nil when all fit, when the cell shows dots, or when the number leaves no room for it.
    static func moreButton(_ m: Model, in frame: Rect) -> (rect: Rect, hidden: Int)? {
        let box = numberBox(in: frame, m.metrics)
        guard barLanes(in: frame, below: box, m.metrics) != nil else { return nil }
        let hidden = m.events.count - Set(chips(m, in: frame).map(\.slot.event)).count
        guard hidden > 0 else { return nil }
        // Bold 10-point digits are under 7 points wide: an estimate keeps the cell free of a measurer.
        let g = m.metrics.barGrowth
        let w = (10 + 6.5 * Double("+\(hidden)".count)) * g, h = min(box.height, 16 * g)
        let r = Rect(x: frame.maxX - 4 - w, y: box.minY + (box.height - h) / 2, width: w, height: h)
        return r.minX >= box.maxX + 2 ? (placed(r, in: frame, m), hidden) : nil
    }

    /// The event chips (bars) drawn in a cell at `frame`, with their rectangles in the same
    /// coordinates: what the cell draws, a press hits and the state dump reports. None when the
    /// cell is too small for bars (it shows dots).
    static func chips(_ m: Model, in frame: Rect) -> [(slot: LaneSlot, rect: Rect)] {
        let box = numberBox(in: frame, m.metrics)
        guard !m.events.isEmpty, let fits = barLanes(in: frame, below: box, m.metrics) else { return [] }
        let slots = m.slots.isEmpty ? m.events.map { Optional(LaneSlot(event: $0, continuesBefore: false, continuesAfter: false)) } : m.slots
        let top = box.maxY + 2
        var out: [(slot: LaneSlot, rect: Rect)] = []
        for (lane, slot) in slots.prefix(shownLanes(m, fits: fits)).enumerated() {
            guard let slot else { continue }
            let y = top + Double(lane) * (m.metrics.barHeight + barGap)
            let half = m.gap / 2
            let left = slot.continuesBefore ? frame.minX - half : frame.minX + 4
            let right = slot.continuesAfter ? frame.maxX + half : frame.maxX - 4
            out.append((slot, placed(Rect(x: left, y: y, width: right - left, height: m.metrics.barHeight), in: frame, m)))
        }
        return out
    }

    /// Lanes drawn in this cell: the row's lanes, as many as fit, the same on every day of the row
    /// so bars stay whole. What does not fit is counted by the "+N" beside the day number
    /// (`moreButton`), which takes no lane.
    static func shownLanes(_ m: Model, fits: Int) -> Int {
        let own = m.slots.isEmpty ? m.events.count : m.slots.count
        return min(max(m.rowLaneCount, own), fits)
    }

    /// The part of `text` that can show in `width` points: no glyph is narrower than two points at
    /// the sizes used, so the rest would be cut anyway. A title a megabyte long (a hostile file)
    /// is never measured whole, whatever the backend does with it.
    static func fitting(_ text: String, width: Double) -> String {
        let most = max(1, Int(min(max(width, 0), 100_000) / 2))
        return text.utf8.count <= most ? text : String(text.prefix(most))
    }

    /// A title inside a sentence (a notice): at most 60 characters.
    static func clipped(_ title: String) -> String {
        title.utf8.count <= 60 ? title : (title.count <= 60 ? title : String(title.prefix(57)) + "…")
    }

    static func titleInk(_ e: EventOccurrence, multiDay: Bool, dim: Bool) -> Color {
        let c = Theme.tileColor(e.colorIndex)
        let ink = (e.span.isAllDay || multiDay) && c.luminance > 0.6 ? Color(hex: 0x1A1C22) : Theme.text
        return dim ? ink.withAlpha(0.6) : ink
    }

    /// Too small for titles: a row of dots, one per event, along the bottom when there is room
    /// below the number, else beside it; never outside the cell.
    private func drawDots(_ m: Model, in frame: Rect, beside box: Rect, dim: Bool, into list: inout DrawList) {
        let dot = frame.height < 24 ? 4.0 : 5.0, pitch = dot + 3
        let below = frame.maxY - box.maxY >= dot + 4
        let x0 = below ? frame.minX + 4 : box.maxX + 2
        let y = below ? frame.maxY - dot - 3 : box.midY - dot / 2
        let n = min(m.events.count, max(0, Int((frame.maxX - 2 - x0 + 3) / pitch)))
        for (i, e) in m.events.prefix(n).enumerated() {
            let c = Theme.tileColor(e.colorIndex)
            let r = DayCell.placed(Rect(x: x0 + Double(i) * pitch, y: y, width: dot, height: dot), in: frame, m)
            list.fill(r, dim ? c.withAlpha(0.5) : c, radius: dot / 2)
        }
    }

    /// Writes the titles of the bars that start here and run on to later days in the row, across
    /// the whole piece (`stride` is one column: the cell's width plus the gap).
    func drawBarTitles(in frame: Rect, stride: Double, into list: inout DrawList) {
        guard let m = model else { return }
        let box = DayCell.numberBox(in: frame, m.metrics)
        guard let fits = DayCell.barLanes(in: frame, below: box, m.metrics) else { return }
        let slots = m.slots
        let lanes = DayCell.shownLanes(m, fits: fits)
        let dim = m.isAdjacent || m.isDisabled
        for (lane, slot) in slots.prefix(lanes).enumerated() {
            guard let slot, slot.showsTitle, slot.continuesAfter else { continue }
            let y = box.maxY + 2 + Double(lane) * (m.metrics.barHeight + DayCell.barGap)
            let span = Double(slot.daysInRow)
            let width = span * stride - m.gap - 8
            // The piece starts here and runs on to the right, or to the left in right to left.
            let r = Rect(x: m.isRightToLeft ? frame.maxX - 4 - width : frame.minX + 4, y: y, width: width, height: m.metrics.barHeight)
            list.text(DayCell.fitting(slot.event.title, width: r.width), in: r.insetBy(dx: 5, dy: 0), size: 10,
                      color: DayCell.titleInk(slot.event, multiDay: true, dim: dim), alignment: m.isRightToLeft ? .trailing : .leading)
        }
    }
}
