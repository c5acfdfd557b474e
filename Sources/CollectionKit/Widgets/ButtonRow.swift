/// A row of ``Button``s as one part: each as wide as it asks to be
/// (``Button/preferredSize(measurer:)``), `spacing` apart, packed at the row's leading or trailing
/// end or centred, and mirrored in right to left (the first button at the right). Its buttons are
/// focus stops: put ``focusStops`` in the root's ``FocusChain`` (in reading order, so Tab goes
/// from the first to the last whatever the direction).
///
/// ```swift
/// let row = ButtonRow([cancel, save], measurer: measurer, alignment: .trailing)
/// row.setFrame(Rect(x: 0, y: 540, width: 800, height: 60))
/// let focus = FocusChain([grid] + row.focusStops)
/// let root = Composition([row, grid], focus: focus)
/// ```
///
/// Laying out is O(buttons) measurements; input and drawing O(buttons).
public final class ButtonRow: Component {
    /// Where the buttons sit along the row.
    public enum Alignment: String, Sendable {
        /// At the row's start: the left, or the right in right to left.
        case leading
        case center
        /// At the row's end: the right, or the left in right to left (a dialog's buttons).
        case trailing
    }

    /// The buttons in reading order.
    public private(set) var buttons: [Button]
    public var spacing: Double { didSet { layOut() } }
    public var alignment: Alignment { didSet { layOut() } }
    /// Right to left puts the first button at the right.
    public var layoutDirection: LayoutDirection { didSet { layOut() } }
    /// Where the row is; the buttons are laid out in it, vertically centred.
    public private(set) var frame = Rect.zero
    private let measurer: any TextMeasuring
    /// The pointer among the buttons (the press, then its release on the button it began on).
    private let routing = ButtonPointerRouting()

    public init(_ buttons: [Button], measurer: any TextMeasuring, spacing: Double = 8, alignment: Alignment = .leading,
                layoutDirection: LayoutDirection = .leftToRight) {
        self.buttons = buttons; self.measurer = measurer; self.spacing = spacing; self.alignment = alignment
        self.layoutDirection = layoutDirection
        layOut()
    }

    /// The buttons as focus stops, in reading order.
    public var focusStops: [any FocusStop] { buttons }

    /// Replaces the buttons and lays them out.
    public func setButtons(_ buttons: [Button]) {
        self.buttons = buttons
        routing.keep(only: buttons)
        layOut()
    }

    /// Places the row and lays its buttons out.
    public func setFrame(_ frame: Rect) {
        self.frame = frame
        layOut()
    }

    /// The size the row asks for: its buttons side by side with spacing, as tall as the tallest.
    public func preferredSize() -> Size {
        let sizes = buttons.map { $0.preferredSize(measurer: measurer) }
        let w = sizes.reduce(0) { $0 + $1.width } + spacing * Double(max(0, sizes.count - 1))
        return Size(width: w, height: sizes.map(\.height).max() ?? 0)
    }

    /// Lays the buttons out in the frame as it is: a button that does not fit is hidden (a zero
    /// frame, out of the Tab order).
    private func layOut() {
        let sizes = buttons.map { $0.preferredSize(measurer: measurer) }
        let total = sizes.reduce(0) { $0 + $1.width } + spacing * Double(max(0, sizes.count - 1))
        let rtl = layoutDirection.isRightToLeft
        // Offsets from the leading edge, then mirrored for right to left.
        var start: Double = switch alignment {
        case .leading: 0
        case .center: max(0, (frame.width - total) / 2)
        case .trailing: max(0, frame.width - total)
        }
        for (button, size) in zip(buttons, sizes) {
            button.layoutDirection = layoutDirection
            guard start + size.width <= frame.width + 0.5, frame.height > 0 else { button.setFrame(.zero); continue }
            let x = rtl ? frame.maxX - start - size.width : frame.minX + start
            let h = min(size.height, frame.height)
            button.setFrame(Rect(x: x, y: (frame.midY - h / 2).rounded(), width: size.width, height: h))
            start += size.width + spacing
        }
    }

    public func contains(_ p: Point) -> Bool { buttons.contains { $0.contains(p) } }

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        routing.handle(event, among: buttons, now: now)
    }

    public func cancelGestures(now: Double) { routing.cancel(buttons, now: now) }

    /// Measures the buttons again (text set at another size) and lays them out.
    public func invalidateMeasurements() { layOut() }

    public func draw(into list: inout DrawList) { for b in buttons { b.draw(into: &list) } }
}
