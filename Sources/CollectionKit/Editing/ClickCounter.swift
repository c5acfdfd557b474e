/// Counts presses that follow each other closely in time and place, as double- and triple-clicks:
/// a press within ``interval`` seconds and ``slop`` points of the last one counts one more (up to
/// three, then starts again at one).
///
/// ```swift
/// var clicks = ClickCounter()
/// clicks.press(at: p, now: 0.0)    // 1
/// clicks.press(at: p, now: 0.2)    // 2: a double-click
/// ```
public struct ClickCounter: Equatable, Sendable {
    /// The longest pause between two presses of one multiple click (GTK's default, 400 ms).
    public var interval = 0.4
    /// How far apart two presses of one multiple click may be.
    public var slop = 4.0
    public private(set) var count = 0
    private var last: (point: Point, time: Double)?

    public init() {}

    /// Registers a press and returns its count: 1, 2 or 3.
    @discardableResult
    public mutating func press(at p: Point, now: Double) -> Int {
        if let last, now - last.time <= interval, abs(p.x - last.point.x) <= slop, abs(p.y - last.point.y) <= slop {
            count = count % 3 + 1
        } else {
            count = 1
        }
        last = (p, now)
        return count
    }

    /// Forgets the last press: the next one counts 1.
    public mutating func reset() { count = 0; last = nil }

    public static func == (a: ClickCounter, b: ClickCounter) -> Bool {
        a.count == b.count && a.last?.point == b.last?.point && a.last?.time == b.last?.time
    }
}
