import Foundation

/// The scroll state of one scroll view: content offset, panning with rubber banding, deceleration,
/// bouncing, wheel scrolling with momentum, paging via a target-offset decision, and animated
/// programmatic scrolls. Every motion is a closed-form function of time, started at the time of
/// the input that caused it, so the same input at any frame rate gives the same offsets.
///
/// A ``CollectionView`` owns one as ``CollectionView/physics`` and keeps its sizes in step with the
/// layout; ``ScrollPan`` and ``CollectionInteraction`` feed it input. It can also drive any
/// scrolling surface on its own:
///
/// ```swift
/// var physics = ScrollPhysics()
/// physics.boundsSize = Size(width: 400, height: 600)
/// physics.contentSize = Size(width: 400, height: 5000)
/// physics.beginPan(at: Point(x: 200, y: 500), now: 0)
/// physics.panMoved(to: Point(x: 200, y: 300), now: 0.05)
/// let velocity = physics.endPan(at: Point(x: 200, y: 200), now: 0.08)   // the pointer flicks up
/// physics.update(now: 0.5)       // offset.y is now well past 300 and still decelerating
/// let rest = physics.restingOffset  // where it will stop
/// ```
public struct ScrollPhysics {
    /// The content offset: the content point shown at the viewport's top-left corner. During a pan or a
    /// bounce it may lie outside ``minOffset``...``maxOffset``.
    public var offset: Point = .zero
    /// The viewport size.
    public var boundsSize: Size = .zero
    /// The content size; with ``boundsSize`` it sets the scrollable range.
    public var contentSize: Size = .zero
    /// Axes the content may move along (a layout's scroll axis; the other only when it overflows).
    public var axes: Set<Axis> = [.vertical]
    /// The share of velocity kept per millisecond after a fling: ``Deceleration/normalRate`` (0.998)
    /// or ``Deceleration/fastRate`` (0.99) for a quicker stop.
    public var decelerationRate = Deceleration.normalRate
    /// Points scrolled per unit of precise wheel delta.
    public var wheelLineHeight = 48.0
    /// How long the wheel must be quiet before momentum or snapping starts.
    public static let wheelIdleDelay = 0.06
    /// Rubber-band stiffness, as in iOS (0.55).
    public static let rubberBandCoefficient = 0.55

    /// Decides where a released scroll comes to rest; nil lets it decelerate freely.
    ///
    /// It receives where a free deceleration would stop, the release velocity in points per second,
    /// and the ``ScrollDecision``, and returns the offset to rest at (clamped to the content).
    public typealias TargetDecision = (_ proposed: Point, _ velocity: Point, _ decision: ScrollDecision) -> Point
    /// Decides where each release comes to rest; nil lets scrolling decelerate freely. Paging layouts
    /// are installed here; see ``CollectionLayout/targetContentOffset(proposed:velocity:decision:)``.
    public var targetDecision: TargetDecision?

    enum AxisMotion {
        case decelerate(Deceleration, start: Double)
        case spring(SpringMotion, start: Double)
    }
    private var motion: [Axis: AxisMotion] = [:]
    private var tracker = VelocityTracker()
    /// The pan in progress: where the content and the pointer were when it began (a wheel turned
    /// meanwhile shifts `startOffset`), and where the pointer is now.
    private var pan: (startOffset: Point, startPointer: Point, pointer: Point)?
    /// A press rests on the content without panning (it caught a motion, or may become a long
    /// press): the content stays where the press caught it, rubber band included, until released.
    private var pressHolds = false
    private var gestureStartOffset: Point = .zero
    private var wheelTracker = VelocityTracker()
    private var lastWheelTime: Double?
    private var wheelEventsInBurst = 0
    /// Whether the burst carried fractional deltas, as trackpads send; a mouse wheel sends whole notches.
    private var wheelBurstIsSmooth = false

    /// Physics at rest at offset zero, with no size, scrolling vertically.
    public init() {}

    /// True while the content follows the pointer.
    public var isPanning: Bool { pan != nil }
    /// True while a deceleration, bounce or animated scroll runs, or a wheel burst has not yet settled.
    public var isMoving: Bool { !motion.isEmpty || lastWheelTime != nil }
    /// True when nothing moves the content: no pan and no motion.
    public var isIdle: Bool { pan == nil && !isMoving }
    /// True while a press holds the content still (see `touchDown`).
    public var isHeld: Bool { pressHolds }

    /// The smallest resting offset, always zero.
    public var minOffset: Point { .zero }
    /// The largest resting offset: content size less viewport size on each axis, at least zero.
    public var maxOffset: Point {
        Point(x: max(0, contentSize.width - boundsSize.width), y: max(0, contentSize.height - boundsSize.height))
    }
    private func canScroll(_ axis: Axis) -> Bool {
        axes.contains(axis) || contentSize[axis] > boundsSize[axis]
    }

    /// The offset clamped to the content's ends.
    public func clamped(_ p: Point) -> Point {
        Point(x: min(max(p.x, minOffset.x), maxOffset.x), y: min(max(p.y, minOffset.y), maxOffset.y))
    }

    /// iOS's rubber band: past an end, the content follows the pointer less and less.
    static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let c = rubberBandCoefficient
        let x = abs(overshoot)
        let r = (1 - 1 / (x * c / dimension + 1)) * dimension
        return overshoot < 0 ? -r : r
    }

    private func rubberBanded(_ p: Point) -> Point {
        var r = p
        for axis in [Axis.horizontal, .vertical] {
            guard canScroll(axis) else { r[axis] = clamped(p)[axis]; continue }
            let lo = minOffset[axis], hi = maxOffset[axis]
            if p[axis] < lo { r[axis] = lo + ScrollPhysics.rubberBand(p[axis] - lo, dimension: boundsSize[axis]) }
            else if p[axis] > hi { r[axis] = hi + ScrollPhysics.rubberBand(p[axis] - hi, dimension: boundsSize[axis]) }
        }
        return r
    }

    // MARK: Pointer

    /// A press on the content catches any motion in flight, as a finger does on iOS.
    /// A new press replaces any pan still in progress (a second button or a lost release): the
    /// content stays where the old pan left it, held by the new press.
    public mutating func touchDown(now: Double) {
        update(now: now)
        motion.removeAll()
        finishWheelBurst(now: now, allowMomentum: false)
        pan = nil
        pressHolds = true
    }

    /// A press that turned out not to be a pan (a click): settle whatever it caught.
    public mutating func touchUp(now: Double) {
        releaseHold(now: now)
    }

    /// Whatever ended the press (a click, a cancel, focus lost, a scene switch, a long press that
    /// became a drag and was dropped): a pan ends without momentum, and content held outside its
    /// bounds, or between pages, settles. Safe to call when nothing is held.
    public mutating func releaseHold(now: Double) {
        pressHolds = false
        if pan != nil { cancelPan(now: now); return }
        settle(now: now)
    }

    /// Starts the spring back inside the bounds (or to a page) when the content rests where it
    /// cannot stay; nothing while anything moves or holds it.
    private mutating func settle(now: Double) {
        guard pan == nil, !pressHolds, motion.isEmpty, lastWheelTime == nil else { return }
        if clamped(offset) != offset || targetDecision != nil {
            release(velocity: .zero, startOffset: offset, now: now)
        }
    }

    /// Starts panning with the pointer at `pointer` (the content moves with it from here).
    /// `pressedAt` is when the pointer was at `pointer` (a pan usually begins only once the pointer
    /// has left a slop circle, later than that): sampling the start at its real time keeps the
    /// release velocity, and so the fling, the same at every frame rate.
    public mutating func beginPan(at pointer: Point, now: Double, pressedAt: Double? = nil) {
        update(now: now)
        motion.removeAll()
        finishWheelBurst(now: now, allowMomentum: false)
        pan = (offset, pointer, pointer)
        pressHolds = false
        gestureStartOffset = offset
        tracker.reset()
        tracker.add(pointer, at: min(now, pressedAt ?? now))
    }

    /// The pointer moved during a pan: the content follows it, rubber-banded past the ends, and only
    /// along axes that can scroll.
    public mutating func panMoved(to pointer: Point, now: Double) {
        guard pan != nil else { return }
        tracker.add(pointer, at: now)
        pan?.pointer = pointer
        offset = rubberBanded(panProposedOffset())
    }

    /// Where the pan puts the content before rubber banding: moved with the pointer since the pan
    /// began, along the axes that can scroll.
    private func panProposedOffset() -> Point {
        guard let pan else { return offset }
        var proposed = pan.startOffset - (pan.pointer - pan.startPointer)
        for axis in [Axis.horizontal, .vertical] where !canScroll(axis) { proposed[axis] = pan.startOffset[axis] }
        return proposed
    }

    /// Ends the pan; returns the release velocity of the content in points per second.
    ///
    /// What happens next depends on ``targetDecision`` and the velocity: a deceleration, a bounce back
    /// from beyond an end, or a motion to the chosen target.
    @discardableResult
    public mutating func endPan(at pointer: Point, now: Double) -> Point {
        guard pan != nil else { return .zero }
        panMoved(to: pointer, now: now)
        pan = nil
        var v = tracker.velocity(at: now) * -1
        for axis in [Axis.horizontal, .vertical] where !canScroll(axis) { v[axis] = 0 }
        release(velocity: v, startOffset: gestureStartOffset, now: now)
        return v
    }

    /// Ends a pan with no momentum (a cancelled gesture): it only settles back in bounds.
    public mutating func cancelPan(now: Double) {
        guard pan != nil else { return }
        pan = nil
        release(velocity: .zero, startOffset: gestureStartOffset, now: now)
    }

    // MARK: Wheel

    /// Precise wheel deltas in SDL's signs (dy > 0 scrolls toward the top).
    ///
    /// Each event moves the content at once (clamped to the ends, `dx` and `dy` times
    /// ``wheelLineHeight``); a vertical wheel scrolls horizontal-only content sideways. When the wheel
    /// has been quiet for ``wheelIdleDelay``, a burst of fractional (trackpad) deltas continues with
    /// momentum, and a ``targetDecision`` is consulted as for a pointer release. During a pan the
    /// wheel moves the content under the held pointer and the pan carries on from there; no burst
    /// opens (its momentum would start at whatever frame followed the release, so a wheel turned
    /// mid-pan ended the scroll at a different place at every frame rate).
    public mutating func wheel(dx: Double, dy: Double, now: Double) {
        update(now: now)
        if pan != nil {
            panWheel(by: wheelDelta(dx: dx, dy: dy))
            return
        }
        if lastWheelTime == nil {
            motion.removeAll()
            gestureStartOffset = offset
            wheelTracker.reset()
            wheelEventsInBurst = 0
            wheelBurstIsSmooth = false
        }
        offset = clamped(offset + wheelDelta(dx: dx, dy: dy))
        wheelEventsInBurst += 1
        if dx != dx.rounded() || dy != dy.rounded() { wheelBurstIsSmooth = true }
        wheelTracker.add(offset, at: now)
        lastWheelTime = now
    }

    /// How far a wheel event moves the content, in points, along the axes that can scroll.
    private func wheelDelta(dx: Double, dy: Double) -> Point {
        var delta = Point(x: dx * wheelLineHeight, y: -dy * wheelLineHeight)
        // A vertical wheel scrolls a horizontal-only view sideways, as users expect on a mouse.
        if !canScroll(.vertical), canScroll(.horizontal), dx == 0 { delta = Point(x: -dy * wheelLineHeight, y: 0) }
        for axis in [Axis.horizontal, .vertical] where !canScroll(axis) { delta[axis] = 0 }
        return delta
    }

    /// A wheel during a pan: the content moves by `delta` with the pointer still holding it. It
    /// stops at the ends, or where the pan had already pulled it past one.
    private mutating func panWheel(by delta: Point) {
        guard var p = pan else { return }
        let proposed = panProposedOffset()
        for axis in [Axis.horizontal, .vertical] {
            let lo = min(minOffset[axis], proposed[axis]), hi = max(maxOffset[axis], proposed[axis])
            p.startOffset[axis] += min(max(proposed[axis] + delta[axis], lo), hi) - proposed[axis]
        }
        pan = p
        offset = rubberBanded(panProposedOffset())
    }

    private mutating func finishWheelBurst(now: Double, allowMomentum: Bool) {
        guard let last = lastWheelTime else { return }
        lastWheelTime = nil
        guard allowMomentum else { return }
        // Momentum only for a continuous trackpad-like stream: notches of a mouse wheel, however
        // quickly spun, stop where they put the content, as desktop users expect.
        let v = wheelEventsInBurst >= 3 && wheelBurstIsSmooth ? wheelTracker.velocity(at: last) : .zero
        release(velocity: v, startOffset: gestureStartOffset, now: last + ScrollPhysics.wheelIdleDelay, isWheel: true)
    }

    // MARK: Release and programmatic scrolling

    /// Starts the motion after a release at time `now` with `velocity` (points per second).
    private mutating func release(velocity: Point, startOffset: Point, now: Double, isWheel: Bool = false) {
        var target: Point?
        if let decide = targetDecision {
            let proposed = Point(x: Deceleration.project(offset.x, velocity: velocity.x, ratePerMS: decelerationRate),
                                 y: Deceleration.project(offset.y, velocity: velocity.y, ratePerMS: decelerationRate))
            let decision = ScrollDecision(startOffset: startOffset, currentOffset: offset, boundsSize: boundsSize, isWheel: isWheel)
            target = clamped(decide(proposed, velocity, decision))
        }
        motion.removeAll()
        for axis in [Axis.horizontal, .vertical] where canScroll(axis) {
            let p = offset[axis], v = velocity[axis]
            let lo = minOffset[axis], hi = maxOffset[axis]
            if let target {
                startMotion(axis, from: p, velocity: v, to: target[axis], now: now)
            } else if p < lo || p > hi {
                motion[axis] = .spring(SpringMotion(spring: .standard, from: p, velocity: v, target: p < lo ? lo : hi), start: now)
            } else if abs(v) > Deceleration.stopSpeed {
                motion[axis] = .decelerate(Deceleration(from: p, velocity: v, ratePerMS: decelerationRate), start: now)
            }
        }
    }

    /// Moves `axis` to `target`: a deceleration tuned to end exactly there when the velocity
    /// already heads that way fast enough, otherwise a spring.
    private mutating func startMotion(_ axis: Axis, from p: Double, velocity v: Double, to target: Double, now: Double) {
        let d = target - p
        // Reduced motion: a page or an animated scroll lands at once, where it would have ended.
        if (abs(d) < 0.01 && abs(v) < 1) || Appearance.reducesMotion { offset[axis] = target; return }
        let natural = 1000 * log(decelerationRate)
        if d * v > 0 {
            let k = -v / d
            if k <= natural && k > -60 {
                motion[axis] = .decelerate(Deceleration(from: p, velocity: v, k: k), start: now)
                return
            }
        }
        motion[axis] = .spring(SpringMotion(spring: .standard, from: p, velocity: v, target: target), start: now)
    }

    /// Scrolls to `target` (clamped to the content), animated with a spring that continues from the
    /// current velocity when it interrupts another motion.
    ///
    /// Without animation the offset is set at once. `lead` (seconds) starts a scroll from rest
    /// that far into its motion: a spring from rest moves less than a pixel in its first
    /// milliseconds, so without it the frame that handles the key asking for the scroll shows
    /// nothing of it. The motion ends at the same place, `lead` sooner. A scroll that interrupts
    /// another continues from that one's velocity without a lead, unless that one is coming to
    /// rest (slower than a point a 60 Hz frame: its last sub-pixel creep).
    public mutating func setOffset(_ target: Point, animated: Bool, now: Double, lead: Double = 0) {
        update(now: now)
        let t = clamped(target)
        let current = currentVelocity(now: now)
        motion.removeAll()
        lastWheelTime = nil
        if !animated || Appearance.reducesMotion { offset = t; return }
        for axis in [Axis.horizontal, .vertical] where abs(t[axis] - offset[axis]) > 0.01 || abs(current[axis]) > 1 {
            let start = abs(current[axis]) > 60 ? now : now - max(0, lead)
            motion[axis] = .spring(SpringMotion(spring: .standard, from: offset[axis], velocity: current[axis], target: t[axis]), start: start)
        }
        if lead > 0 { update(now: now) }
    }

    /// Where the content is heading: the end of the running motion, or the offset when idle.
    public var restingOffset: Point {
        var r = offset
        for (axis, m) in motion {
            switch m {
            case let .decelerate(d, _): r[axis] = min(max(d.projectedEnd, minOffset[axis]), maxOffset[axis])
            case let .spring(s, _): r[axis] = s.target
            }
        }
        return r
    }

    /// The velocity of the running motion at `now`, in points per second; zero when idle or panning.
    public func currentVelocity(now: Double) -> Point {
        var v = Point.zero
        for (axis, m) in motion {
            switch m {
            case let .decelerate(d, start): v[axis] = d.state(at: now - start).velocity
            case let .spring(s, start): v[axis] = s.state(at: now - start).velocity
            }
        }
        return v
    }

    /// Advances every motion to `now`.
    ///
    /// Call it once a frame before reading ``offset``. Every motion is evaluated in closed form from its
    /// start time, so skipping frames changes nothing. A deceleration that crosses an end becomes a
    /// bounce at the moment it crossed.
    public mutating func update(now: Double) {
        if let last = lastWheelTime, pan == nil, now >= last + ScrollPhysics.wheelIdleDelay {
            finishWheelBurst(now: now, allowMomentum: true)
        }
        for (axis, m) in motion {
            switch m {
            case let .decelerate(d, start):
                let lo = minOffset[axis], hi = maxOffset[axis]
                // Crossing an end turns the deceleration into a bounce from that end.
                let edge = d.velocity < 0 ? lo : hi
                if d.from >= lo - 0.001, d.from <= hi + 0.001, let tc = d.timeToReach(edge), now - start >= tc {
                    let vc = d.state(at: tc).velocity
                    let bounce = SpringMotion(spring: .standard, from: edge, velocity: vc, target: edge)
                    motion[axis] = .spring(bounce, start: start + tc)
                    offset[axis] = bounce.state(at: now - start - tc).position
                    if ScrollPhysics.hasSettled(bounce, at: now - start - tc) { offset[axis] = edge; motion[axis] = nil }
                    continue
                }
                let s = d.state(at: now - start)
                offset[axis] = s.position
                if now - start >= d.duration {
                    // A paging deceleration lands exactly on its target.
                    if d.k != 1000 * log(decelerationRate) { offset[axis] = d.projectedEnd }
                    motion[axis] = nil
                }
            case let .spring(s, start):
                offset[axis] = s.state(at: now - start).position
                if ScrollPhysics.hasSettled(s, at: now - start) { offset[axis] = s.target; motion[axis] = nil }
            }
        }
        // Nothing may leave the content at rest outside its bounds: whatever ended the gesture
        // without saying so, the content springs back from here.
        if pan == nil, !pressHolds, motion.isEmpty, lastWheelTime == nil, clamped(offset) != offset {
            release(velocity: .zero, startOffset: offset, now: now)
        }
    }

    /// How close to its target a spring's motion ends, in points: the rest of the way is a jump
    /// no one sees (a quarter of a pixel, half of one at 2× scale), where following it in could
    /// take a third of the motion's frames (a page turn's last 0.3 s moves it under half a point).
    public static let restDistance = 0.25

    /// Whether a spring has come to rest: within ``restDistance`` of its target and slower than
    /// a deceleration ever runs (``Deceleration/stopSpeed``), so both motions end alike.
    static func hasSettled(_ spring: SpringMotion, at t: Double) -> Bool {
        spring.isSettled(at: t, within: restDistance, speed: Deceleration.stopSpeed)
    }

    /// When the offset next changes without input: `now` while a motion runs, the end of the
    /// wheel burst's quiet delay while one is open (momentum or snapping starts then), nil at rest
    /// or while a pan holds the content (it moves only with the pointer).
    public func nextDeadline(after now: Double) -> Double? {
        if !motion.isEmpty { return now }
        if let last = lastWheelTime, pan == nil { return max(now, last + ScrollPhysics.wheelIdleDelay) }
        return nil
    }

    /// Moves the content by `delta` along `axis` without changing how it moves: the offset, the
    /// pan's start and every motion in progress shift together, so a fling or an animated scroll
    /// carries on as if nothing happened. A spring heading for the old end (`oldEnd`) heads for
    /// the end moved by `endDelta` instead, and one heading for the start still does. Used when sizes above what is shown are corrected.
    public mutating func shiftContent(by delta: Double, along axis: Axis, oldEnd: Double, endDelta: Double) {
        offset[axis] += delta
        gestureStartOffset[axis] += delta
        if var p = pan { p.startOffset[axis] += delta; pan = p }
        guard let m = motion[axis] else { return }
        switch m {
        case .decelerate(var d, let start):
            d.from += delta
            motion[axis] = .decelerate(d, start: start)
        case .spring(var s, let start):
            s.from += delta
            // The start stays the start, the end follows the end, anything between the content.
            if s.target >= oldEnd - 0.5 { s.target += endDelta } else if s.target > minOffset[axis] + 0.5 { s.target += delta }
            motion[axis] = .spring(s, start: start)
        }
    }

    /// Sets the offset at once, stopping any motion (used when a layout change moves content).
    public mutating func jump(to p: Point) {
        motion.removeAll(); lastWheelTime = nil
        offset = clamped(p)
    }
}
