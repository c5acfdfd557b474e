/// A collection view with its everyday interaction, as one part and one focus stop: presses pan
/// and click, the wheel scrolls, the scroll bars drag, the keyboard moves a focus ring among the
/// items (the arrows), Enter and Space activate the focused item, Escape clears the selection, and
/// the page keys scroll. List it in a ``Composition`` and in its ``FocusChain``.
///
/// ```swift
/// let grid = CollectionController(view: CollectionView(name: "numbers", layout: GridLayout(minimumCrossSize: 110)))
/// grid.onActivate = { ip in open(ip) }    // default: select it
/// let root = Composition([grid], focus: FocusChain([grid]))
/// ```
public final class CollectionController: Component, FocusStop {
    /// The view it drives and draws.
    public let view: CollectionView
    /// Pan, wheel, scroll bars, hover, click selection, keyboard scrolling.
    public var interaction: CollectionInteraction
    /// Draws the scroll indicator over the view (default true).
    public var drawsScrollIndicator = true
    /// Enter or Space on the focused item; nil selects it as a click would.
    public var onActivate: ((ItemPath, Double) -> Void)?

    /// `interaction` moves the focus with the arrows unless told otherwise.
    public init(view: CollectionView, interaction: CollectionInteraction = CollectionInteraction()) {
        self.view = view
        var interaction = interaction
        interaction.movesFocus = true
        self.interaction = interaction
    }

    public var focusName: String { view.name }
    public var canTakeFocus: Bool { view.numberOfItems > 0 && view.frame.width > 0 && view.frame.height > 0 }

    public func contains(_ p: Point) -> Bool { view.frame.contains(p) }
    public var showsOwnRing: Bool { view.showsFocusRing }

    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        if case let .key(key, mods) = event, mods.isEmpty, key == .enter || (key == .space && view.showsFocusRing),
           let ip = view.focusedItem, interaction.selectable(ip) {
            if let onActivate { onActivate(ip, now) } else { view.click(ip, modifiers: []) }
            return .handled
        }
        return interaction.handle(event, in: view, now: now) ? .handled : .ignored
    }

    /// A move that leaves the hovered item as it is (see ``CollectionInteraction``).
    public func absorbsPointerMove(to p: Point, now: Double) -> Bool { interaction.absorbsPointerMove(to: p, in: view) }

    public func focusChanged(isFocused: Bool, showsRing: Bool, now: Double) {
        guard isFocused else { view.setFocus(view.focusedItem, showingRing: false); return }
        let target = view.focusedItem ?? view.firstItemInView
        view.setFocus(target, showingRing: showsRing)
        // Tab scrolls the focused item into sight only when it is not already there.
        if showsRing, let ip = view.focusedItem, let frame = view.layout.attributesForItem(at: ip)?.frame,
           !view.bounds.contains(frame) {
            view.scrollToItem(ip, centered: false, animated: true)
        }
    }

    public func update(now: Double) { view.update(now: now) }
    public func nextDeadline(after now: Double) -> Double? { view.nextDeadline(after: now) }
    public func draw(into list: inout DrawList) {
        view.draw(into: &list)
        if drawsScrollIndicator { ScrollIndicator.draw(for: view, into: &list) }
    }
    public func cursor(at p: Point) -> Cursor? {
        interaction.isPanning || view.frame.contains(p) ? interaction.cursor(at: p, in: view) : nil
    }
    public var liveCellCount: Int { view.liveCellCount }
    public func cancelGestures(now: Double) { interaction.cancel(in: view, now: now) }
    /// Its view measures again (text set at another size).
    public func invalidateMeasurements() { view.invalidateMeasurements() }
}
