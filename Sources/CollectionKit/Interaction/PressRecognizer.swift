/// Tells a long press from a pan, as cooperating long-press and pan recognisers do: a press
/// held `minimumDuration` within `tolerance` points of where it went down is a long press; moving
/// farther earlier makes it a pan. Pure state: time comes in with every call, and the long press
/// is dated at its deadline, not at whichever frame noticed it, so the result does not depend on
/// the frame rate.
///
/// ```swift
/// var press = PressRecognizer(minimumDuration: 0.4)
///
/// // pointerDown:
/// press.down(at: p, now: now)
///
/// // Every frame, and before handling a move:
/// if case let .longPress(at, time) = press.advance(to: now) {
///     // Lift the item under `at`; `time` is when the hold really completed.
///     // If it cannot be lifted: press.refuseLongPress()
/// }
///
/// // pointerMove:
/// _ = press.advance(to: now)
/// if case let .pan(start) = press.moved(to: p, now: now) {
///     // Start scrolling from `start`, sampling velocity from press.pressTime.
/// }
///
/// // pointerUp or focus lost:
/// press.reset()
/// ```
public struct PressRecognizer: Equatable, Sendable {
    /// Where a press stands.
    public enum Phase: Equatable, Sendable {
        /// No press.
        case idle
        /// Down and still within tolerance; `longPressRefused` once the owner declined the long press.
        case pressed(start: Point, time: Double, longPressRefused: Bool)
        /// The press moved beyond the tolerance first and became a pan.
        case panning(start: Point)
        /// The press was held long enough and became a long press.
        case longPressed(start: Point)
    }

    /// What a call recognised.
    public enum Recognition: Equatable, Sendable {
        /// Nothing new.
        case none
        /// The press became a pan that started at `start`.
        case pan(start: Point)
        /// The press became a long press at `time` (the deadline).
        case longPress(at: Point, time: Double)
    }

    /// How long a press must be held, in seconds, to be a long press; `.infinity` disables it.
    public var minimumDuration: Double
    /// How far, in points, the pointer may move from where it went down and still be a press.
    public var tolerance: Double
    /// The current phase.
    public private(set) var phase: Phase = .idle
    /// When the current press went down: a pan that grows out of it starts its velocity samples there.
    public private(set) var pressTime: Double = 0

    /// Creates a recognizer: a 0.3-second hold within 6 points unless told otherwise.
    public init(minimumDuration: Double = 0.3, tolerance: Double = 6) {
        self.minimumDuration = minimumDuration; self.tolerance = tolerance
    }

    /// True while down and not yet recognised as a pan or a long press.
    public var isPressed: Bool { if case .pressed = phase { return true }; return false }
    /// True once the press has become a pan.
    public var isPanning: Bool { if case .panning = phase { return true }; return false }
    /// True once the press has become a long press.
    public var isLongPressed: Bool { if case .longPressed = phase { return true }; return false }

    /// The pointer went down at `p` at `now`; any earlier press is forgotten.
    public mutating func down(at p: Point, now: Double) {
        pressTime = now
        phase = .pressed(start: p, time: now, longPressRefused: false)
    }

    /// Fires the long press once its deadline has passed. Call every frame and before handling a move.
    ///
    /// Returns `.longPress` once, dated at the deadline, whichever later frame notices it.
    public mutating func advance(to now: Double) -> Recognition {
        guard case let .pressed(start, time, refused) = phase, !refused,
              now >= time + minimumDuration - 1e-9 else { return .none }
        phase = .longPressed(start: start)
        return .longPress(at: start, time: time + minimumDuration)
    }

    /// When the long press of the current press fires if nothing else happens first; nil when no
    /// press is waiting for one (idle, panning, already fired, refused, or no finite duration).
    public var nextDeadline: Double? {
        guard case let .pressed(_, time, refused) = phase, !refused, minimumDuration.isFinite else { return nil }
        return time + minimumDuration
    }

    /// The pointer moved. Call `advance(to:)` first so a long press due earlier wins.
    ///
    /// Returns `.pan` once, when the pointer first leaves the tolerance circle.
    public mutating func moved(to p: Point, now: Double) -> Recognition {
        guard case let .pressed(start, _, _) = phase, p.distance(to: start) > tolerance else { return .none }
        phase = .panning(start: start)
        return .pan(start: start)
    }

    /// The owner could not use the long press (the item cannot move): the press goes on as a
    /// press that may still become a pan, and does not fire again.
    public mutating func refuseLongPress() {
        guard case let .longPressed(start) = phase else { return }
        phase = .pressed(start: start, time: -.infinity, longPressRefused: true)
    }

    /// Released or cancelled.
    public mutating func reset() { phase = .idle }
}
