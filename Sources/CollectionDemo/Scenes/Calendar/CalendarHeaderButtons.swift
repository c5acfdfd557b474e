import CalendarModel
import CollectionKit

/// The header's ‹ › and Today buttons, for the mouse (the keyboard has PageUp, PageDown and
/// Home): they light up under the pointer, darken while pressed, and act on a release over the
/// button pressed, as desktop buttons do. ‹ and › are dimmed and do nothing at the calendar's ends.
struct CalendarHeaderButtons: Equatable {
    enum Kind: String, CaseIterable { case today, previous, next }
    var hovered: Kind?
    var pressed: Kind?
    /// The button with the keyboard focus and its ring showing.
    var focused: Kind?

    static let gap = 6.0
}

extension CalendarScene {
    /// The title row's height and top in the header (shorter in short windows).
    func headerRow() -> (y: Double, height: Double)? {
        let header = collection.frame.minY - sceneFrame.minY
        guard header > 20 else { return nil }
        return header < 60 ? (sceneFrame.minY + 2, 26) : (sceneFrame.minY + 8, 32)
    }

    /// The buttons at the title row's right end, Today first, in window points. The month's
    /// title stays whole: in a window too narrow for it and the buttons, Today gives way first,
    /// then ‹ and › (the keys still turn the page).
    func headerButtonFrames() -> [(kind: CalendarHeaderButtons.Kind, rect: Rect)] {
        guard let row = headerRow() else { return [] }
        let h = row.height - 4, y = row.y + 2
        let right = sceneFrame.minX + collection.frame.width - 16
        let todayWidth = (textWidth(strings.today, size: 13, bold: false) + 24).rounded()
        let next = Rect(x: right - h, y: y, width: h, height: h)
        let previous = Rect(x: next.minX - CalendarHeaderButtons.gap / 2 - h, y: y, width: h, height: h)
        let today = Rect(x: previous.minX - CalendarHeaderButtons.gap - todayWidth, y: y, width: todayWidth, height: h)
        // The title at its smallest size, and the gap before the buttons.
        let titleEnd = sceneFrame.minX + 16 + textWidth(title(of: displayedMonth), size: 13, bold: true) + 12
        if titleEnd <= today.minX { return [(.today, today), (.previous, previous), (.next, next)] }
        if titleEnd <= previous.minX { return [(.previous, previous), (.next, next)] }
        return []
    }

    /// The width the buttons take from the title row, with the gap before them.
    var headerButtonsWidth: Double {
        guard let first = headerButtonFrames().first else { return 0 }
        return sceneFrame.minX + collection.frame.width - 16 - first.rect.minX + 12
    }

    func headerButton(at p: Point) -> CalendarHeaderButtons.Kind? {
        headerButtonFrames().first { $0.rect.contains(p) }?.kind
    }

    func isEnabled(_ kind: CalendarHeaderButtons.Kind) -> Bool {
        switch kind {
        case .today: return true
        case .previous: return visibleMonth > CalendarSettings.firstMonth
        case .next: return visibleMonth < CalendarSettings.lastMonth
        }
    }

    /// Hover, press and release on the buttons; true when the event was theirs.
    func handleHeaderButtons(_ event: InputEvent, now: Double) -> Bool {
        switch event {
        case let .pointerMove(p, _):
            buttons.hovered = headerButton(at: p)
            return buttons.pressed != nil
        case let .pointerDown(p, .left, _):
            guard let kind = headerButton(at: p) else { return false }
            buttons.pressed = kind
            buttons.hovered = kind
            return true
        case let .pointerUp(p, .left, _):
            guard let kind = buttons.pressed else { return false }
            buttons.pressed = nil
            if headerButton(at: p) == kind, isEnabled(kind) { press(kind, now: now) }
            return true
        case .pointerExited, .focus(gained: false):
            buttons.hovered = nil
            buttons.pressed = nil
            return false
        default:
            return false
        }
    }

    /// What each button does: the same as PageUp, PageDown and Home.
    func press(_ kind: CalendarHeaderButtons.Kind, now: Double) {
        switch kind {
        case .previous: showMonth(visibleMonth.adding(months: -1), animated: true, now: now)
        case .next: showMonth(visibleMonth.adding(months: 1), animated: true, now: now)
        case .today:
            focus = settings.today
            showMonth(settings.today.calendarMonth, animated: true, now: now)
            refreshCells()
        }
    }

    func label(of kind: CalendarHeaderButtons.Kind) -> String {
        switch kind {
        case .today: return strings.today
        case .previous: return "‹"
        case .next: return "›"
        }
    }

    /// The button's name for the state dump and assistive technology ("Previous month").
    func name(of kind: CalendarHeaderButtons.Kind) -> String {
        switch kind {
        case .today: return strings.today
        case .previous: return strings.previousMonth
        case .next: return strings.nextMonth
        }
    }

    func drawHeaderButtons(into list: inout DrawList) {
        for (kind, r) in headerButtonFrames() {
            let enabled = isEnabled(kind)
            let pressed = buttons.pressed == kind && buttons.hovered == kind
            let hovered = buttons.hovered == kind && enabled
            let fill = pressed && enabled ? Theme.background : hovered ? Theme.surfaceRaised.mixed(with: Theme.text, 0.08) : Theme.surfaceRaised
            list.fill(r, fill, radius: 6)
            list.stroke(r, hovered ? Theme.textDim : Theme.border, width: 1, radius: 6)
            let ink = enabled ? Theme.text : Theme.textDim.withAlpha(0.5)
            let size = kind == .today ? 13.0 : 18.0
            // A pressed button's label sinks by a point, as a pressed key does.
            list.text(label(of: kind), in: r.offsetBy(dx: 0, dy: pressed ? 1 : 0), size: size, color: ink, alignment: .center,
                      weight: kind == .today ? .regular : .bold)
            if buttons.focused == kind { FocusRing.draw(around: r, radius: 6, into: &list) }
        }
    }

    var headerButtonsDump: (String, JSON) {
        ("headerButtons", .array(headerButtonFrames().map { kind, r in
            .object([("name", .string(kind.rawValue)), ("title", .string(name(of: kind))), ("frame", .rect(r)),
                     ("enabled", .bool(isEnabled(kind))), ("hovered", .bool(buttons.hovered == kind)),
                     ("pressed", .bool(buttons.pressed == kind))])
        }))
    }
}
