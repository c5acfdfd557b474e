import CalendarModel
import CollectionKit

/// The header's ‹ › and Today buttons as they are now (the keyboard has PageUp, PageDown and Home
/// too): which one the pointer is over, which one is held, and which one shows the focus ring.
/// The buttons themselves are the engine's `Button`s, owned by `CalendarHeaderPart`: they light up
/// under the pointer, darken while pressed, and act on a release over the button pressed, as
/// desktop buttons do. ‹ and › are dimmed and do nothing at the calendar's ends.
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
        let rows = currentHeaderRows
        return (sceneFrame.minY + rows.top, rows.line)
    }

    /// The width the buttons take from a title row `headerWidth` wide with buttons `side` points
    /// high, with the gap before them (Today worded where `title` at its smallest leaves room).
    func headerButtonsWidth(headerWidth: Double, side h: Double, title: String) -> Double {
        let todayWidth = (textWidth(strings.today, size: 13, bold: false) + 24).rounded()
        let worded = headerWidth - 16 - 2 * h - CalendarHeaderButtons.gap * 1.5 - todayWidth
        let titleEnd = 16 + textWidth(title, size: 13, bold: true) + 12
        let first = titleEnd <= worded ? worded : headerWidth - 16 - 3 * h - CalendarHeaderButtons.gap * 1.5
        return headerWidth - 16 - first + 12
    }

    /// The buttons at the title row's right end, Today first, in window points. They stay in every
    /// window, the smallest included: where the month's title and a worded Today do not both fit,
    /// Today becomes an icon button as square as ‹ and ›, and the title gives way after that
    /// (smaller type, then an ellipsis), as a GNOME header bar keeps its buttons and cuts its title.
    /// Right to left they are the mirror image, at the left end with Today last.
    func headerButtonFrames() -> [(kind: CalendarHeaderButtons.Kind, rect: Rect)] {
        let area = Rect(x: collection.frame.minX, y: sceneFrame.minY, width: collection.frame.width, height: 1)
        return leftToRightHeaderButtonFrames().map { ($0.kind, HeaderMirror.mirrored($0.rect, in: area, collection.layoutDirection)) }
    }

    /// The buttons as they sit left to right (the header is drawn so, then mirrored right to left).
    func leftToRightHeaderButtonFrames() -> [(kind: CalendarHeaderButtons.Kind, rect: Rect)] {
        guard let row = headerRow() else { return [] }
        let h = row.height - 4, y = row.y + 2
        let right = collection.frame.maxX - 16
        let todayWidth = (textWidth(strings.today, size: 13, bold: false) + 24).rounded()
        let next = Rect(x: right - h, y: y, width: h, height: h)
        let previous = Rect(x: next.minX - CalendarHeaderButtons.gap / 2 - h, y: y, width: h, height: h)
        let worded = Rect(x: previous.minX - CalendarHeaderButtons.gap - todayWidth, y: y, width: todayWidth, height: h)
        // The title at its smallest size, and the gap before the buttons.
        let titleEnd = collection.frame.minX + 16 + textWidth(title(of: displayedMonth), size: 13, bold: true) + 12
        let today = titleEnd <= worded.minX ? worded : Rect(x: previous.minX - CalendarHeaderButtons.gap - h, y: y, width: h, height: h)
        return [(.today, today), (.previous, previous), (.next, next)]
    }

    /// True when Today shows as an icon (a narrow window); its name is still "Today" for the
    /// state dump and assistive technology.
    var todayIsIcon: Bool {
        guard let r = leftToRightHeaderButtonFrames().first(where: { $0.kind == .today })?.rect else { return false }
        return r.width <= r.height + 0.5
    }

    /// The width the buttons take from the title row, with the gap before them.
    var headerButtonsWidth: Double {
        guard let first = leftToRightHeaderButtonFrames().first else { return 0 }
        return collection.frame.maxX - 16 - first.rect.minX + 12
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
        // Each arrow points to where its month lies: the previous month is on the right in right to left.
        case .previous: return collection.layoutDirection.isRightToLeft ? "›" : "‹"
        case .next: return collection.layoutDirection.isRightToLeft ? "‹" : "›"
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

    var headerButtonsDump: (String, JSON) {
        ("headerButtons", .array(headerButtonFrames().map { kind, r in
            .object([("name", .string(kind.rawValue)), ("title", .string(name(of: kind))), ("frame", .rect(r)),
                     ("enabled", .bool(isEnabled(kind))), ("hovered", .bool(header.button(kind).isHovered)),
                     ("pressed", .bool(header.button(kind).isPressed)),
                     ("icon", .bool(kind != .today || r.width <= r.height + 0.5))])
        }))
    }
}
