/// The everyday interaction of a scrolling collection, ready to plug in: a press that moves pans the
/// content (and flings it on release), the wheel and trackpad scroll, the overlay scroll bars can
/// be dragged and paged (`ScrollBars`), items under the pointer are hovered, a click selects with
/// desktop conventions (click alone, Ctrl+click toggles, Shift+click extends a range; see
/// `CollectionView.click`), and the keyboard scrolls by lines and pages along the scroll axis.
///
/// Hand every input event to `handle(_:in:now:)`; it answers whether it used the event, so an
/// owner can layer gestures of its own on top.
///
/// ```swift
/// var interaction = CollectionInteraction()
/// func handle(_ event: InputEvent, now: Double) { interaction.handle(event, in: collectionView, now: now) }
/// ```
public struct CollectionInteraction: Sendable {
    /// The press-and-pan state of the pointer.
    public private(set) var pan: ScrollPan
    /// Home, End, Page Up/Down, Space and the arrows of the scroll axis.
    public var keyboardScrolling = KeyboardScrolling()
    /// How far a key press of an arrow scrolls, in points (`keyboardScrolling.lineStep`).
    public var lineStep: Double {
        get { keyboardScrolling.lineStep }
        set { keyboardScrolling.lineStep = newValue }
    }
    /// The share of the viewport a page key scrolls (`keyboardScrolling.pageFraction`).
    public var pageFraction: Double {
        get { keyboardScrolling.pageFraction }
        set { keyboardScrolling.pageFraction = newValue }
    }

    /// When true the arrows move the view's keyboard focus (see CollectionView+Focus.swift) rather
    /// than scroll by lines, Enter selects the focused item and Escape clears the selection; a
    /// press moves the focus to the pressed item without showing its ring. Default false.
    public var movesFocus = false

    /// Which items a click selects (and so which react to hover); all of them unless set.
    public var selectable: @Sendable (ItemPath) -> Bool = { _ in true }

    /// `panSlop` is how far the pointer may wander before a press becomes a pan.
    public init(panSlop: Double = 4) { pan = ScrollPan(tolerance: panSlop) }

    /// True while the content follows the pointer.
    public var isPanning: Bool { pan.isPanning }

    /// Applies `event` to `cv`. Returns true when the event was used.
    @discardableResult
    mutating func handle(_ event: InputEvent, in cv: CollectionView, now: Double) -> Bool {
        // The scroll bars are routed by the composition before any part (see `Composition`).
        switch event {
        case let .pointerDown(p, .left, _) where cv.frame.contains(p):
            if movesFocus { cv.focusByPointer(cv.indexPathForItem(atWindowPoint: p).flatMap { selectable($0) ? $0 : nil }) }
            pan.down(at: p, now: now, physics: &cv.physics)
        case let .pointerMove(p, _):
            cv.updateHover(at: pan.isPanning || cv.scrollBarAxis(at: p) != nil ? nil : p, reacts: selectable)
            guard pan.isActive else { return false }
            pan.moved(to: p, now: now, physics: &cv.physics)
        case let .pointerUp(p, .left, mods):
            guard pan.isActive else { return false }
            if pan.up(at: p, now: now, physics: &cv.physics), let ip = cv.indexPathForItem(atWindowPoint: p), selectable(ip) {
                cv.click(ip, modifiers: mods)
            }
        case let .wheel(dx, dy):
            cv.physics.wheel(dx: dx, dy: dy, now: now)
        case let .key(key, mods):
            if movesFocus, mods.isEmpty, handleFocusKey(key, in: cv, now: now) { return true }
            return keyboardScrolling.scroll(for: key, in: cv, now: now)
        case .focus(gained: false):
            cancel(in: cv, now: now)
            cv.updateHover(at: nil)
        case .pointerExited:
            cv.updateHover(at: nil)
        default:
            return false
        }
        return true
    }

    /// A move with no press under way that leaves `cv`'s hovered item as it was: the pointer is
    /// noted for hover (as `handle` does) and the answer is true. False when a press or pan is
    /// under way or the hovered item changed (handling the move again then changes nothing more).
    func absorbsPointerMove(to p: Point, in cv: CollectionView) -> Bool {
        guard !pan.isActive else { return false }
        let before = cv.feedback.hovered
        cv.updateHover(at: cv.scrollBarAxis(at: p) != nil ? nil : p, reacts: selectable)
        return cv.feedback.hovered == before
    }

    /// The arrows, Enter and Escape when the interaction ``movesFocus``.
    private func handleFocusKey(_ key: Key, in cv: CollectionView, now: Double) -> Bool {
        switch key {
        case .left, .right, .up, .down:
            return cv.moveFocus(key, now: now) != nil
        case .enter:
            guard let ip = cv.focusedItem, selectable(ip) else { return false }
            cv.click(ip, modifiers: [])
            return true
        case .escape:
            guard !cv.selectedItems.isEmpty else { return false }
            cv.clearSelection()
            return true
        default:
            return false
        }
    }

    /// Ends a press or pan without a fling (focus lost, the owner taking the gesture over).
    public mutating func cancel(in cv: CollectionView, now: Double) {
        pan.cancel(now: now, physics: &cv.physics)
    }

    /// The cursor for `p`: grabbing while panning, a hand over an item.
    public func cursor(at p: Point, in cv: CollectionView) -> Cursor {
        if pan.isPanning { return .grabbing }
        if let bar = cv.scrollBarCursor(at: p) { return bar }
        return cv.indexPathForItem(atWindowPoint: p) != nil ? .hand : .arrow
    }
}
