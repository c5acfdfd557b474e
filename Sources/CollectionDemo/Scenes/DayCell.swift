import CollectionKit
import CalendarModel
/// One day of a month page: its number, its state (adjacent month, weekend, today, disabled,
/// selected, focused) and its events as coloured bars with titles, or dots when the cell is small,
/// with "+N" for those that do not fit.
public final class DayCell: CollectionCell {
    public struct Model: Equatable {
        public var date: CalendarDate
        public var isAdjacent = false
        public var isToday = false
        public var isDisabled = false
        public var isChosen = false
        public var isFocused = false
        public var events: [EventOccurrence] = []
        public init(date: CalendarDate) { self.date = date }
    }
    public private(set) var model: Model?

    public override func prepareForReuse() {
        super.prepareForReuse()
        model = nil
    }

    public func configure(_ model: Model) { self.model = model }

    static let weekendTint = Color(hex: 0x2B2F3D)
    static let barHeight = 15.0, barGap = 2.0

    public override func draw(in frame: Rect, into list: inout DrawList) {
        guard let m = model else { return }
        var base = m.date.isWeekend ? DayCell.weekendTint : Theme.surface
        if m.isAdjacent { base = base.mixed(with: Theme.background, 0.6) }
        if m.isChosen { base = base.mixed(with: Theme.accent, 0.35) }
        if isHighlighted || isHovered { base = base.mixed(with: .white, 0.06) }
        list.fill(frame, base, radius: 6)
        if m.isChosen { list.stroke(frame, Theme.accent, width: 2, radius: 6) }

        var ink = m.isAdjacent ? Theme.textDim.mixed(with: Theme.background, 0.35) : Theme.text
        if m.isDisabled { ink = Theme.textDim.mixed(with: Theme.background, 0.55) }
        let numberRect = Rect(x: frame.minX + 6, y: frame.minY + 4, width: 26, height: 20)
        if m.isToday {
            list.fill(Rect(x: numberRect.minX - 2, y: numberRect.minY, width: 26, height: 20), Theme.danger, radius: 10)
            ink = .white
        }
        list.text("\(m.date.day)", in: m.isToday ? numberRect.offsetBy(dx: -2, dy: 0) : numberRect, size: 13,
                  color: ink, alignment: m.isToday ? .center : .leading, weight: .bold)
        if m.isDisabled {
            // A diagonal stroke says "cannot be chosen" without relying on colour alone.
            list.line(Point(x: frame.minX + 6, y: frame.maxY - 6), Point(x: frame.maxX - 6, y: frame.minY + 6),
                      Theme.textDim.withAlpha(0.25), width: 1)
        }
        drawEvents(m, in: frame, into: &list)
        if m.isFocused {
            list.stroke(frame.insetBy(dx: -3, dy: -3), Color.white.withAlpha(0.85), width: 2, radius: 8)
        }
    }

    private func drawEvents(_ m: Model, in frame: Rect, into list: inout DrawList) {
        guard !m.events.isEmpty else { return }
        let dim = m.isAdjacent || m.isDisabled
        let top = frame.minY + 26
        let room = frame.maxY - 3 - top
        let fits = Int((room + DayCell.barGap) / (DayCell.barHeight + DayCell.barGap))
        if fits < 1 || frame.width < 44 {
            // Too small for titles: a row of dots, one per event, up to what fits.
            let n = min(m.events.count, max(1, Int((frame.width - 8) / 8)))
            for (i, e) in m.events.prefix(n).enumerated() {
                let c = Theme.tileColor(e.colorIndex)
                list.fill(Rect(x: frame.minX + 6 + Double(i) * 8, y: frame.maxY - 9, width: 5, height: 5),
                          dim ? c.withAlpha(0.5) : c, radius: 2.5)
            }
            return
        }
        let shown = m.events.count <= fits ? m.events.count : fits - 1
        for (i, e) in m.events.prefix(shown).enumerated() {
            let r = Rect(x: frame.minX + 4, y: top + Double(i) * (DayCell.barHeight + DayCell.barGap),
                         width: frame.width - 8, height: DayCell.barHeight)
            let c = Theme.tileColor(e.colorIndex)
            list.fill(r, (e.span.isAllDay ? c : c.mixed(with: Theme.background, 0.55)).withAlpha(dim ? 0.45 : 1), radius: 3)
            if !e.span.isAllDay { list.fill(Rect(x: r.minX, y: r.minY, width: 3, height: r.height), c, radius: 1.5) }
            let textInk = e.span.isAllDay && c.luminance > 0.6 ? Color(hex: 0x1A1C22) : Theme.text
            list.text(e.title, in: r.insetBy(dx: 5, dy: 0), size: 10, color: dim ? textInk.withAlpha(0.6) : textInk)
        }
        if shown < m.events.count {
            let r = Rect(x: frame.minX + 6, y: top + Double(shown) * (DayCell.barHeight + DayCell.barGap),
                         width: frame.width - 12, height: DayCell.barHeight)
            list.text("+\(m.events.count - shown)", in: r, size: 10, color: Theme.textDim, weight: .bold)
        }
    }
}
