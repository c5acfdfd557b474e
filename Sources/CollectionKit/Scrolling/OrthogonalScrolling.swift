/// The horizontal scrolling of a compositional layout's orthogonal sections: one `ScrollPhysics`
/// per such section, driven by presses, drags and horizontal wheel over its row. Paging sections
/// come to rest by the layout's `orthogonalTargetOffset` (the carousel's rule: one group per flick).
///
/// Give the layout `offset(section:)` as its `orthogonalOffset`, call `sync(with:)` after every
/// prepare that may change the rows, hand events to `handle` before the collection's own
/// interaction, and call `update(now:)` each frame before the collection's.
public final class OrthogonalScrolling: Component {
    /// The scroll physics of each orthogonal section, by section index.
    public private(set) var scrollers: [Int: ScrollPhysics] = [:]
    private var pan = ScrollPan(tolerance: 4)
    /// The section the current press began on.
    public private(set) var pressedSection: Int?
    private var pointer = Point(x: -1, y: -1)
    /// Release speeds (points per second) at or above this are flicks.
    public var flickVelocity = 300.0

    /// No rows until `sync(with:)` finds them.
    public init() {}

    /// What `handle` did with an event: ``EventDisposition/click(_:)`` for a press released
    /// without moving.

    /// The current offset of section `s`'s row.
    public func offset(section s: Int) -> Double { scrollers[s]?.offset.x ?? 0 }

    /// True while a row follows the pointer.
    public var isPanning: Bool { pan.isPanning }
    /// True while any row is still moving (a fling or a settle).
    public var isMoving: Bool { scrollers.values.contains { !$0.isIdle } }

    /// Creates or resizes a scroller per orthogonal section of `cv`'s compositional layout, keeping
    /// offsets. Cheap (a few sections): call it after anything that may re-prepare the layout.
    public func sync(with cv: CollectionView) {
        view = cv
        guard let layout = cv.layout as? any OrthogonalRowsLayout else { scrollers.removeAll(); return }
        var next: [Int: ScrollPhysics] = [:]
        let rightToLeft = cv.layoutDirection.isRightToLeft
        let turned = syncedDirection.map { $0 != cv.layoutDirection } ?? false
        for row in layout.orthogonalRows {
            let isNew = scrollers[row.section] == nil
            var physics = scrollers[row.section] ?? ScrollPhysics()
            let oldEnd = physics.maxOffset.x
            physics.axes = [.horizontal]
            physics.boundsSize = Size(width: layout.boundsSize.width, height: row.height)
            physics.contentSize = Size(width: max(row.contentWidth, layout.boundsSize.width), height: row.height)
            // Right to left, a row starts at its right end and keeps to it as its width changes
            // (as left to right keeps to the left end); turning round shows the mirror image.
            if isNew, rightToLeft {
                physics.jump(to: Point(x: physics.maxOffset.x, y: 0))
            } else if turned {
                physics.jump(to: Point(x: physics.maxOffset.x - physics.offset.x, y: 0))
            } else if rightToLeft, physics.maxOffset.x != oldEnd, physics.isIdle {
                physics.jump(to: physics.clamped(Point(x: physics.offset.x + physics.maxOffset.x - oldEnd, y: 0)))
            }
            if row.pages {
                physics.decelerationRate = Deceleration.fastRate
                let flick = flickVelocity, s = row.section
                // The decision reads the layout as the view has it when the gesture ends.
                physics.targetDecision = { [unowned cv] proposed, velocity, decision in
                    guard let current = cv.layout as? any OrthogonalRowsLayout else { return proposed }
                    return Point(x: current.orthogonalTargetOffset(section: s, proposed: proposed.x, velocity: velocity.x,
                                                                   decision: decision, flickVelocity: flick), y: 0)
                }
            } else {
                physics.targetDecision = nil
            }
            if row.pages, let width = syncedWidth, width != layout.boundsSize.width, let place = restingPlaces[row.section] {
                // Resized: the group it rests on (or was heading for) rests in its place under the
                // new geometry (keeping the raw offset would rest nearer another group, and drift).
                physics.jump(to: Point(x: layout.restingOffset(section: row.section, group: place), y: 0))
            } else if physics.isIdle {
                physics.jump(to: physics.clamped(physics.offset))
            }
            if row.pages { restingPlaces[row.section] = layout.nearestRestingPlace(section: row.section, toOffset: physics.restingOffset.x) }
            next[row.section] = physics
        }
        scrollers = next
        restingPlaces = restingPlaces.filter { next[$0.key] != nil }
        syncedWidth = layout.boundsSize.width
        syncedDirection = cv.layoutDirection
    }

    /// Per paging row, the resting place (group) it rests on or is heading for as of the last
    /// sync, and the width that sync saw: a resize re-centres the same group.
    private var restingPlaces: [Int: Int] = [:]
    private var syncedWidth: Double?
    private var syncedDirection: LayoutDirection?

    /// Takes presses, drags and horizontal wheel over an orthogonal row of `cv` (whose layout must
    /// be an `OrthogonalRowsLayout`, such as a `CompositionalLayout`); everything else is left to the caller.
    func handle(_ event: InputEvent, in cv: CollectionView, now: Double) -> EventDisposition {
        switch event {
        case let .pointerDown(p, .left, _):
            pointer = p
            guard pressedSection == nil, let s = section(atWindowPoint: p, in: cv) else { return .ignored }
            pressedSection = s
            pan.down(at: p, now: now, physics: &scrollers[s]!)
            return .handled
        case let .pointerMove(p, _):
            pointer = p
            guard let s = pressedSection, scrollers[s] != nil else { return .ignored }
            pan.moved(to: p, now: now, physics: &scrollers[s]!)
            return .handled
        case let .pointerUp(p, .left, _):
            pointer = p
            guard let s = pressedSection, scrollers[s] != nil else { return .ignored }
            pressedSection = nil
            return pan.up(at: p, now: now, physics: &scrollers[s]!) ? .click(p) : .handled
        case let .wheel(dx, _) where dx != 0:
            guard let s = section(atWindowPoint: pointer, in: cv) else { return .ignored }
            scrollers[s]!.wheel(dx: dx, dy: 0, now: now)
            return .handled
        case .focus(gained: false):
            cancel(now: now)
            return .ignored
        default:
            return .ignored
        }
    }

    /// The view of the last ``sync(with:)``, whose rows ``handle(_:now:)`` drives.
    public private(set) weak var view: CollectionView?
    /// Called with the window point of a press on a row released without moving.
    public var onClick: ((Point, Double) -> Void)?

    /// Drives the rows of the view last synced; a click calls ``onClick``.
    public func handle(_ event: InputEvent, now: Double) -> EventDisposition {
        guard let view else { return .ignored }
        let result = handle(event, in: view, now: now)
        if case let .click(p) = result { onClick?(p, now) }
        return result
    }

    public func contains(_ p: Point) -> Bool { pressedSection != nil || view.map { section(atWindowPoint: p, in: $0) != nil } ?? false }

    public func cancelGestures(now: Double) { cancel(now: now) }

    /// Ends a press or pan without a fling.
    public func cancel(now: Double) {
        if let s = pressedSection, scrollers[s] != nil { pan.cancel(now: now, physics: &scrollers[s]!) }
        pressedSection = nil
    }

    /// The orthogonal section under a window point.
    public func section(atWindowPoint p: Point, in cv: CollectionView) -> Int? {
        guard cv.frame.contains(p), let layout = cv.layout as? any OrthogonalRowsLayout,
              let s = layout.orthogonalSection(at: cv.contentPoint(fromWindow: p)), scrollers[s] != nil else { return nil }
        return s
    }

    /// Scrolls section `s` so resting place `place` (a group, or a page) rests in view.
    public func scroll(section s: Int, toPlace place: Int, in layout: any OrthogonalRowsLayout, animated: Bool, now: Double) {
        guard scrollers[s] != nil else { return }
        scrollers[s]!.setOffset(Point(x: layout.restingOffset(section: s, group: place), y: 0), animated: animated, now: now)
    }

    /// Advances every row's motion to `now`.
    /// When a row next moves without input: a pending long press never (rows only pan), a row
    /// coasting or springing at once (see `InteractiveRoot.nextDeadline(after:)`).
    public func nextDeadline(after now: Double) -> Double? {
        Deadline.earliest(of: scrollers.values.map { $0.nextDeadline(after: now) })
    }

    public func update(now: Double) {
        for s in scrollers.keys { scrollers[s]!.update(now: now) }
    }
}
