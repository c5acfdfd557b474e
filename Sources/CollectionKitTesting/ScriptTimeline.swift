import CollectionKit

/// A parsed script laid out in time: every input event with the moment it happens.
/// `move X Y MS` becomes even steps, one per frame at the stepping rate.
public struct ScriptTimeline: Sendable {
    public enum Action: Equatable, Sendable {
        case input(InputEvent)
        case screenshot(String)
    }
    public struct Entry: Equatable, Sendable {
        public var time: Double
        public var line: Int
        public var action: Action
    }
    public var entries: [Entry] = []
    /// When the last command has run (the end of the final wait).
    public var endTime: Double = 0

    public init(_ lines: [ScriptLine], fps: Double, startPointer: Point = Point(x: 0, y: 0)) {
        var t = 0.0
        var pointer = startPointer
        var held: Modifiers = []
        func add(_ a: Action, _ line: Int) { entries.append(Entry(time: t, line: line, action: a)) }
        for l in lines {
            switch l.command {
            case let .wait(ms): t += ms / 1000
            case let .down(p, b, mods):
                pointer = p; held = mods
                add(.input(.pointerDown(p, b, mods)), l.number)
            case let .move(p, ms):
                if let ms, ms > 0 {
                    let steps = max(1, Int((ms / 1000 * fps).rounded()))
                    let from = pointer, t0 = t
                    for i in 1...steps {
                        let f = Double(i) / Double(steps)
                        t = t0 + ms / 1000 * f
                        add(.input(.pointerMove(Point(x: lerp(from.x, p.x, f), y: lerp(from.y, p.y, f)), held)), l.number)
                    }
                } else {
                    add(.input(.pointerMove(p, held)), l.number)
                }
                pointer = p
            case let .up(p, b):
                if p != pointer { add(.input(.pointerMove(p, held)), l.number) }
                pointer = p
                add(.input(.pointerUp(p, b, held)), l.number)
                held = []
            case let .wheel(dx, dy): add(.input(.wheel(dx: dx, dy: dy)), l.number)
            case let .key(k, m): add(.input(.key(k, m)), l.number)
            case let .text(s): add(.input(.text(s)), l.number)
            case let .resize(s): add(.input(.resize(s)), l.number)
            case let .focus(g): add(.input(.focus(gained: g)), l.number)
            case let .screenshot(path): add(.screenshot(path), l.number)
            }
        }
        endTime = t
    }
}

/// Runs a root on a virtual clock: frames at exactly 1/fps apart, script events at their own
/// times in between. This is the engine's null backend: with `render` doing nothing it runs a
/// whole script with no graphics at all, so tests can drive a collection view exactly as a user
/// would and inspect the state or the draw lists.
///
/// ```swift
/// let driver = HeadlessDriver(root: myRoot, fps: 60)
/// try driver.play(ScriptTimeline(InputScript.parse("down 100 100\nmove 100 40 100\nup 100 40\nwait 500"), fps: 60))
/// ```
public final class HeadlessDriver<Root: InteractiveRoot> {
    public let root: Root
    public let fps: Double
    public private(set) var now: Double = 0
    private var nextFrame: Double = 0
    public private(set) var frameCount = 0
    /// Called once a frame with the draw list (the backend renders it; tests may inspect it).
    public var render: (DrawList) -> Void = { _ in }
    public var screenshot: (String) throws -> Void = { _ in }
    /// Brackets each frame, so the caller can time it with a clock the core does not read.
    public var frameTimer: FrameTimer?
    /// Asked after every frame; true ends `play` early, as the root's quit does. The headless
    /// program answers SIGTERM and SIGINT this way, so a run stopped from outside still writes
    /// its dump.
    public var shouldStop: () -> Bool = { false }
    /// True once `shouldStop` said so; no more frames run.
    public private(set) var isStopped = false

    public init(root: Root, fps: Double) {
        self.root = root
        self.fps = fps
    }

    /// Runs a frame at the current time.
    public func frame() {
        frameTimer?.frameBegan()
        root.update(now: now)
        render(root.draw())
        frameTimer?.frameEnded(liveCells: root.liveCellCount)
        frameCount += 1
        if shouldStop() { isStopped = true }
    }

    /// Steps frames up to `target`, then sets the clock to it.
    public func advance(to target: Double) {
        let dt = 1 / fps
        while !isStopped, nextFrame <= target + 1e-9 {
            now = nextFrame
            frame()
            nextFrame = Double(frameCount) * dt
        }
        now = max(now, target)
    }

    /// Plays a timeline; `stop` is checked after each event (Ctrl+Q ends a run early).
    public func play(_ timeline: ScriptTimeline) throws {
        for e in timeline.entries {
            advance(to: e.time)
            switch e.action {
            case let .input(ev): root.handle(ev, now: now)
            case let .screenshot(path):
                frame()
                try screenshot(path)
            }
            if root.quitRequested || isStopped { return }
        }
        advance(to: timeline.endTime)
        // The final state is drawn once more so screenshots and dumps agree with it.
        frame()
    }
}
