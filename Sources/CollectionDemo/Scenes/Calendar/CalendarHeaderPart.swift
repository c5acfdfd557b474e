import CalendarModel
import CollectionKit

/// The calendar's header as a part of the scene: the month's title (with the calendar's name, the
/// "Read only" badge and the key hints as room allows), the weekday labels, and the Today, ‹ and ›
/// buttons. The buttons are the engine's `Button`s: they take the press, the hover, Enter and
/// Space, and are stops of the scene's focus chain in reading order (before the days); the header
/// places them where its title leaves room and draws them in its own look.
final class CalendarHeaderPart: Component {
    unowned let scene: CalendarScene
    /// Today, ‹ and › in reading order.
    let buttons: [Button]
    /// The pointer among the buttons (the engine's, as a button row routes it).
    private let routing = ButtonPointerRouting()

    init(scene: CalendarScene) {
        self.scene = scene
        buttons = CalendarHeaderButtons.Kind.allCases.map { kind in
            let b = Button(name: kind.rawValue, title: scene.name(of: kind))
            b.onActivate = { [unowned scene] now in scene.press(kind, now: now) }
            return b
        }
    }

    /// The buttons as focus stops, in reading order.
    var focusStops: [any FocusStop] { buttons }

    func button(_ kind: CalendarHeaderButtons.Kind) -> Button {
        buttons[CalendarHeaderButtons.Kind.allCases.firstIndex(of: kind)!]
    }

    /// Hover, press and focus as the state dump and assistive technology read them.
    var state: CalendarHeaderButtons {
        let kinds = CalendarHeaderButtons.Kind.allCases
        return CalendarHeaderButtons(hovered: kinds.first { button($0).isHovered }, pressed: kinds.first { button($0).isPressed },
                                     focused: kinds.first { button($0).showsFocusRing })
    }

    /// Places the buttons where the header has them now (they follow the title, which follows a
    /// page being dragged) and enables ‹ and › as the month shown allows. A button the header has
    /// no room for gets an empty frame, which takes it out of the Tab order.
    func layOutButtons() {
        let frames = scene.headerButtonFrames()
        for kind in CalendarHeaderButtons.Kind.allCases {
            let b = button(kind)
            b.setFrame(frames.first { $0.kind == kind }?.rect ?? .zero)
            let enabled = scene.isEnabled(kind)
            if b.isEnabled != enabled { b.isEnabled = enabled }
            b.title = scene.name(of: kind)
        }
    }

    // MARK: Component

    func contains(_ p: Point) -> Bool { scene.headerButton(at: p) != nil }

    func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        layOutButtons()
        return routing.handle(event, among: buttons, now: now)
    }

    func update(now: Double) { layOutButtons() }

    func cancelGestures(now: Double) { routing.cancel(buttons, now: now) }

    func draw(into list: inout DrawList) {
        let collection = scene.collection, frame = scene.sceneFrame
        let header = Rect(x: collection.frame.minX, y: frame.minY, width: collection.frame.width, height: collection.frame.minY - frame.minY)
        guard header.height > 20 else { return }
        let title = scene.title(of: scene.displayedMonth)
        let plan = scene.headerPlan(title: title, width: header.width)
        let rows = scene.currentHeaderRows
        let rowHeight = rows.line
        let titleRect = Rect(x: header.minX + 16, y: header.minY + rows.top, width: header.width - 32, height: rowHeight)
        let buttonsWidth = scene.headerButtonsWidth
        // The title row is laid out left to right and mirrored right to left: the title at the
        // right, the buttons at the left.
        HeaderMirror.draw(in: header, collection.layoutDirection, into: &list) { list in
            // The title ends before the buttons: in the narrowest windows it wraps on to a second
            // line the header grew for.
            let titleBox = Rect(x: titleRect.minX, y: titleRect.minY, width: max(0, titleRect.width - buttonsWidth), height: rowHeight)
            if rows.titleLines > 1, scene.textWidth(title, size: plan.titleSize, bold: true) > titleBox.width {
                list.paragraph(title, in: Rect(x: titleBox.minX, y: titleBox.minY, width: titleBox.width, height: rows.title),
                               style: ParagraphStyle(text: TextStyle(size: plan.titleSize, weight: .bold), maximumLines: rows.titleLines),
                               color: Theme.text)
            } else {
                list.text(title, in: titleBox, size: plan.titleSize, color: Theme.text, weight: .bold)
            }
            var titleWidth = scene.textWidth(title, size: plan.titleSize, bold: true)
            if plan.showsReadOnly {
                // A quiet outlined badge, said before any drag or new event is tried.
                let w = scene.readOnlyBadgeWidth - 14
                let h = max(22, (scene.measurer.lineHeight(style: TextStyle(size: 12)) + 6).rounded(.up))
                let badge = Rect(x: titleRect.minX + titleWidth + 14, y: titleRect.minY + (rowHeight - h) / 2, width: w, height: h)
                list.stroke(badge, Theme.textDim, width: 1, radius: h / 2)
                list.text(scene.strings.readOnly, in: badge, size: 12, color: Theme.textDim, alignment: .center)
                titleWidth += scene.readOnlyBadgeWidth
            }
            if plan.showsSource, let label = scene.sourceLabel {
                list.text(label, in: Rect(x: titleRect.minX + titleWidth + 16, y: titleRect.minY + 2, width: max(0, titleRect.width - titleWidth - 16), height: rowHeight),
                          size: 13, color: Theme.accent.mixed(with: Theme.text, 0.4))
            }
            if plan.showsHints {
                let hintsEnd = titleRect.maxX - buttonsWidth
                list.text(scene.strings.keyHints, in: Rect(x: hintsEnd - 260, y: titleRect.minY, width: 260, height: rowHeight),
                          size: 12, color: Theme.textDim, alignment: .trailing)
            }
            drawButtons(into: &list)
        }
        let l = scene.layout
        let labelHeight = rows.labels
        let labelY = header.maxY - labelHeight - (header.height < 60 ? 2 : 4)
        if l.weekNumbers {
            // The heading may use the page margin too: "Sem." is wider than the numbers below it.
            let left = l.isCompact ? collection.frame.minX + 2 : collection.frame.minX + l.insets.left
            let heading = Rect(x: left, y: labelY, width: collection.frame.minX + l.gridLeft - left, height: labelHeight)
            let mirrored = l.isRightToLeft ? Rect(x: 2 * collection.frame.minX + l.pageWidth - heading.maxX, y: heading.minY,
                                                  width: heading.width, height: heading.height) : heading
            list.text(scene.strings.weekColumn, in: mirrored,
                      size: l.isCompact ? 9 : 10, color: Theme.textDim, alignment: .center)
        }
        for (i, label) in scene.weekdayLabels.enumerated() {
            let x = collection.frame.minX + l.columnMinX(i)
            let iso = scene.settings.firstWeekday.columns[i]
            list.text(label, in: Rect(x: x, y: labelY, width: l.cellSize.width, height: labelHeight), size: l.cellSize.width < 30 ? 10 : 12,
                      color: iso >= 6 ? Theme.accent.mixed(with: Theme.textDim, 0.4) : Theme.textDim, alignment: .center, weight: .bold)
        }
    }

    /// Draws the buttons as they sit left to right (the header's title row is mirrored right to
    /// left), from their `Button`s' hover, press and focus ring.
    private func drawButtons(into list: inout DrawList) {
        for (kind, r) in scene.leftToRightHeaderButtonFrames() {
            let b = button(kind)
            let enabled = scene.isEnabled(kind)
            let pressed = b.isPressed
            let hovered = b.isHovered && enabled
            let fill = pressed && enabled ? Theme.background : hovered ? Theme.surfaceRaised.mixed(with: Theme.text, 0.08) : Theme.surfaceRaised
            list.fill(r, fill, radius: 6)
            list.stroke(r, hovered ? Theme.textDim : Theme.border, width: 1, radius: 6)
            let ink = enabled ? Theme.text : Theme.textDim.withAlpha(0.5)
            let size = kind == .today ? 13.0 : 18.0
            // A pressed button's label sinks by a point, as a pressed key does.
            let shown = r.offsetBy(dx: 0, dy: pressed ? 1 : 0)
            if kind == .today, r.width <= r.height + 0.5 {
                drawTodayIcon(in: shown, ink: ink, into: &list)
            } else {
                list.text(scene.label(of: kind), in: shown, size: size, color: ink, alignment: .center,
                          weight: kind == .today ? .regular : .bold)
            }
            if b.showsFocusRing { FocusRing.draw(around: r, radius: 6, into: &list) }
        }
    }

    /// GNOME's "go-today" symbol drawn in shapes: a calendar page, its binding, and today's dot.
    private func drawTodayIcon(in r: Rect, ink: Color, into list: inout DrawList) {
        let side = min(14, r.width - 8)
        let page = Rect(x: (r.midX - side / 2).rounded(), y: (r.midY - side / 2).rounded(), width: side, height: side)
        list.stroke(page, ink, width: 1.5, radius: 2)
        list.fill(Rect(x: page.minX, y: page.minY, width: page.width, height: 4), ink, radius: 2)
        list.fill(Rect(x: page.midX - 2, y: page.minY + 6.5, width: 4, height: 4), ink, radius: 2)
    }
}
