import CollectionKit

/// A row of text buttons in a scene's header (Shuffle, Reset, Undo; a layout switch), as a GNOME
/// header bar has them: they light up under the pointer, darken while pressed, act on a release
/// over the button pressed, and are one stop of the focus chain (Left and Right move between
/// them, Enter or Space presses the focused one, its ring showing after keyboard use).
final class ButtonRow {
    struct Button: Equatable {
        var name: String
        var title: String
        var enabled = true
        /// The chosen one of a switch's buttons (drawn in the accent colour).
        var selected = false
    }
    /// The buttons now, and where they sit (window points), from the scene.
    private let buttons: () -> [Button]
    private let frames: () -> [Rect]
    private let action: (String, Double) -> Void
    private(set) var hovered: String?
    private(set) var pressed: String?
    /// The button with the keyboard focus, and whether the row has the focus with its ring.
    private(set) var focused: String?
    private(set) var showsRing = false

    static let height = 30.0, spacing = 6.0, fontSize = 13.0

    init(buttons: @escaping () -> [Button], frames: @escaping () -> [Rect], action: @escaping (String, Double) -> Void) {
        self.buttons = buttons; self.frames = frames; self.action = action
    }

    /// The widths the buttons need for their titles.
    static func widths(_ buttons: [Button], measurer: any TextMeasuring) -> [Double] {
        buttons.map { (measurer.width(of: $0.title, style: TextStyle(size: fontSize)) + 28).rounded(.up) }
    }

    /// Frames for `widths` laid right to left, ending at `right`, centred on `midY`.
    static func layout(widths: [Double], right: Double, midY: Double) -> [Rect] {
        var x = right - widths.reduce(0, +) - spacing * Double(max(0, widths.count - 1))
        return widths.map { w in defer { x += w + spacing }; return Rect(x: x, y: (midY - height / 2).rounded(), width: w, height: height) }
    }

    private var placed: [(button: Button, rect: Rect)] { Array(zip(buttons(), frames())) }
    private func button(at p: Point) -> Button? { placed.first { $0.rect.contains(p) }?.button }
    func contains(_ p: Point) -> Bool { button(at: p) != nil }

    /// Each button as screen readers see it: a push button named by its title, its state, and a
    /// "click" action that presses it (on the window's thread, at the window's time).
    func accessibilityNodes() -> [AccessibleNode] {
        placed.enumerated().map { i, entry in
            let (b, r) = entry
            var states: AccessibleStates = b.enabled ? [.focusable] : [.disabled]
            if showsRing, focused == b.name { states.insert(.focused) }
            if b.selected { states.insert(.selected) }
            let click = AccessibleAction(name: "click", description: tr("Presses the button"), keyBinding: "space") { [weak self] now in
                guard let self, b.enabled else { return false }
                self.action(b.name, now)
                return true
            }
            return AccessibleNode(role: .pushButton, name: b.title, states: states, index: i, frame: r, actions: b.enabled ? [click] : [])
        }
    }

    /// Pointer events on the buttons; true when the event was theirs.
    func handle(_ event: InputEvent, now: Double) -> Bool {
        switch event {
        case let .pointerMove(p, _):
            hovered = button(at: p)?.name
            return pressed != nil
        case let .pointerDown(p, .left, _):
            guard let b = button(at: p) else { return false }
            pressed = b.name; hovered = b.name; showsRing = false
            return true
        case let .pointerUp(p, .left, _):
            guard let name = pressed else { return false }
            pressed = nil
            if let b = button(at: p), b.name == name, b.enabled { action(name, now) }
            return true
        case .pointerExited, .focus(gained: false):
            hovered = nil; pressed = nil
            return false
        default:
            return false
        }
    }

    /// The row as a focus stop named `name`.
    func focusStop(_ name: String) -> SceneFocusStop {
        SceneFocusStop(name, canFocus: { [unowned self] in !placed.isEmpty }, contains: { [unowned self] in contains($0) },
                       keys: { [unowned self] key, mods, now in handleKey(key, mods, now: now) },
                       changed: { [unowned self] focused, ring, _ in
                           showsRing = focused && ring
                           if focused, self.focused == nil || !buttons().contains(where: { $0.name == self.focused }) {
                               self.focused = buttons().first(where: \.enabled)?.name
                           }
                       }, showsRing: { [unowned self] in showsRing })
    }

    private func handleKey(_ key: Key, _ mods: Modifiers, now: Double) -> Bool {
        guard mods.isEmpty else { return false }
        let all = buttons()
        let i = all.firstIndex { $0.name == focused } ?? 0
        switch key {
        case .left, .right:
            // The arrows follow the screen: right to left the row runs from the right.
            let placed = frames()
            let runsLeftward = placed.count > 1 && placed[1].minX < placed[0].minX
            let j = i + ((key == .right) != runsLeftward ? 1 : -1)
            if all.indices.contains(j) { focused = all[j].name }
        case .enter, .space:
            if all.indices.contains(i), all[i].enabled { action(all[i].name, now) }
        default:
            return false
        }
        showsRing = true
        return true
    }

    func draw(into list: inout DrawList) {
        for (b, r) in placed {
            let isPressed = pressed == b.name && hovered == b.name && b.enabled
            let isHovered = hovered == b.name && b.enabled
            var fill = isPressed ? Theme.background : isHovered ? Theme.surfaceRaised.mixed(with: Theme.text, 0.08) : Theme.surfaceRaised
            if b.selected { fill = isHovered ? Theme.accent.mixed(with: .white, 0.15) : Theme.accent }
            list.fill(r, fill, radius: 6)
            if !b.selected { list.stroke(r, isHovered ? Theme.textDim : Theme.border, width: 1, radius: 6) }
            list.text(b.title, in: r.offsetBy(dx: 0, dy: isPressed ? 1 : 0), size: ButtonRow.fontSize,
                      color: b.selected ? .white : b.enabled ? Theme.text : Theme.textDim.withAlpha(0.5), alignment: .center,
                      weight: b.selected ? .bold : .regular)
            if showsRing, focused == b.name { FocusRing.draw(around: r, radius: 6, into: &list) }
        }
    }

    /// The buttons for the state dump: name, title, frame, enabled, and the focused one.
    func dump() -> JSON {
        .array(placed.map { b, r in
            .object([("name", .string(b.name)), ("title", .string(b.title)), ("frame", .rect(r)), ("enabled", .bool(b.enabled)), ("selected", .bool(b.selected)),
                     ("focused", .bool(showsRing && focused == b.name))])
        })
    }
}
