import CollectionKit

/// Runs a root on a virtual clock: frames at exactly 1/fps apart, script events at their own
/// times in between. This is the engine's null backend: with `render` doing nothing it runs a
/// whole script with no graphics at all, so tests can drive a collection view exactly as a user
/// would and inspect the state or the draw lists.
///
/// Time follows the root's own deadlines (`InteractiveRoot.nextDeadline(after:)`): before each
/// input event the root is brought up to the event's time, a timer due between two frame ticks
/// (a long press, the end of a wheel burst) is stepped to at its own moment, and a tick at which
/// nothing can change is skipped without drawing. So the same script ends the same at any frame
/// rate, and a long wait with nothing moving costs almost nothing.
///
/// ```swift
/// let driver = HeadlessDriver(root: myRoot, fps: 60)
/// try driver.play(ScriptTimeline(InputScript.parse("down 100 100\nmove 100 40 100\nup 100 40\nwait 500"), fps: 60))
/// ```
public final class HeadlessDriver<Root: InteractiveRoot> {
    /// The root being driven.
    public let root: Root
    /// Frames per second of the virtual clock.
    public let fps: Double
    /// The virtual time in seconds.
    public private(set) var now: Double = 0
    /// Index of the next frame tick (tick `i` is at `i / fps`), drawn or skipped.
    private var nextTick = 0
    /// Frames drawn.
    public private(set) var frameCount = 0
    /// Frame ticks skipped because nothing could change in them.
    public private(set) var framesSkipped = 0
    /// Set by input (and anything else the root did not announce through a deadline): the next
    /// tick must be drawn.
    private var needsFrame = true
    /// Skips ticks in which nothing can change (on by default). Off, every tick is drawn.
    public var skipsIdleFrames = true
    /// Called once a frame with the draw list (the backend renders it; tests may inspect it).
    public var render: (DrawList) -> Void = { _ in }
    /// Called for a `screenshot PATH` command, just after a frame at that moment has been rendered;
    /// a backend saves its canvas there. With none set, a script's `screenshot` ends the run with
    /// an error that says so, rather than writing nothing: the driver has no pixels of its own.
    ///
    /// ```swift
    /// // CollectionKitSDL draws and saves the frames:
    /// let canvas = try HeadlessCanvas(size: root.size, fonts: FontLocator.uiFonts())
    /// driver.render = { canvas.render($0) }
    /// driver.screenshot = { try canvas.capture().writePNG(to: $0) }
    /// ```
    public var screenshot: ((String) throws -> Void)?
    /// Brackets each frame, so the caller can time it with a clock the core does not read.
    public var frameTimer: FrameTimer?
    /// Called where ticks are skipped, with the seconds they stand for: the time a window would
    /// spend idle there, which a backend uses to prepare the root's drawing ahead
    /// (`InteractiveRoot.drawAhead()`). Not timed as a frame. Does nothing by default.
    public var whileIdle: (Double) -> Void = { _ in }
    /// Called after each drawn frame, outside its timing: the time a window has left before the
    /// next frame, where it prepares a little drawing ahead while things move. Does nothing by
    /// default.
    public var afterFrame: () -> Void = {}
    /// Asked after every frame and after every script entry (a burst of entries at one moment
    /// runs no frame between them); true ends `play` early, as the root's quit does. The headless
    /// program answers SIGTERM and SIGINT this way, so a run stopped from outside ends within a
    /// frame and still writes its dump.
    public var shouldStop: () -> Bool = { false }
    /// True once `shouldStop` said so; no more frames run.
    public private(set) var isStopped = false

    /// Creates a driver at time 0 that has not run a frame yet.
    public init(root: Root, fps: Double) {
        self.root = root
        self.fps = fps
    }

    /// Runs a frame at the current time.
    ///
    /// Updates the root, draws it, hands the list to ``render``, and brackets all that with
    /// ``frameTimer``.
    public func frame() {
        frameTimer?.frameBegan()
        root.update(now: now)
        render(root.draw())
        frameTimer?.frameEnded(liveCells: root.liveCellCount)
        afterFrame()
        frameCount += 1
        needsFrame = false
        if shouldStop() { isStopped = true }
    }

    private func tickTime(_ i: Int) -> Double { Double(i) / fps }

    /// Steps frames up to `target`, then sets the clock to it. Timers the root names between ticks
    /// take effect at their own time; ticks in which nothing can change are counted, not drawn.
    public func advance(to target: Double) {
        let eps = 1e-9
        while !isStopped {
            let tick = tickTime(nextTick)
            let deadline = root.nextDeadline(after: now)
            if let d = deadline, d > now + eps, d < tick - eps, d <= target + eps {
                // A timer due before the next tick acts at its own moment, not at whichever tick follows.
                now = d
                root.update(now: d)
                needsFrame = true
                continue
            }
            guard tick <= target + eps else { break }
            if skipsIdleFrames, !needsFrame, deadline.map({ $0 > tick + eps }) ?? true {
                skipIdleTicks(before: deadline, upTo: target)
                continue
            }
            now = tick
            frame()
            nextTick += 1
        }
        now = max(now, target)
    }

    /// Counts as skipped every tick from the next one up to `target` that comes before `deadline`
    /// (all of them without one), in O(1).
    private func skipIdleTicks(before deadline: Double?, upTo target: Double) {
        let eps = 1e-9
        func skippable(_ i: Int) -> Bool {
            tickTime(i) <= target + eps && deadline.map { tickTime(i) < $0 - eps } ?? true
        }
        let limit = min(target + eps, deadline ?? .infinity)
        var last = max(nextTick, Int((limit * fps).rounded(.down)))
        while last > nextTick, !skippable(last) { last -= 1 }
        while skippable(last + 1) { last += 1 }
        framesSkipped += last - nextTick + 1
        frameTimer?.framesSkipped(last - nextTick + 1)
        whileIdle(Double(last - nextTick + 1) / fps)
        now = max(now, tickTime(last))
        nextTick = last + 1
    }

    /// Takes one input event at `time`: the root is first brought up to that moment, so what the
    /// event finds (a coasting offset, an auto-scroll, a due timer) does not depend on where the
    /// last frame tick fell.
    public func send(_ event: InputEvent, at time: Double) {
        advance(to: time)
        root.update(now: now)
        root.handle(event, now: now)
        needsFrame = true
    }

    /// Marks the next tick as one to draw: for a caller that hands input to the root itself
    /// rather than through `send(_:at:)`.
    public func setNeedsFrame() { needsFrame = true }

    /// Plays `script` (the input-script format) from the driver's current time: its times count
    /// from now, so a test can play one step, look, and play the next.
    public func play(script: String) throws {
        var timeline = ScriptTimeline(try InputScript.parse(script), fps: fps)
        for i in timeline.entries.indices { timeline.entries[i].time += now }
        timeline.endTime += now
        try play(timeline)
    }

    /// Plays a timeline; the root's `quitRequested` is checked after each event (Ctrl+Q ends a run early).
    ///
    /// Each entry runs at its own time; the driver ends with one more frame at
    /// ``ScriptTimeline/endTime``. Errors thrown by ``screenshot`` end the run and are rethrown.
    public func play(_ timeline: ScriptTimeline) throws {
        for e in timeline.entries {
            switch e.action {
            case let .input(ev): send(ev, at: e.time)
            case let .screenshot(path):
                advance(to: e.time)
                frame()
                guard let screenshot else { throw HeadlessDriverError.noScreenshots(path) }
                try screenshot(path)
            }
            // A window loop finishes the frame it quit in (update and draw at that time), so a
            // replayed session ends in the same state as the window did.
            if root.quitRequested { frame(); return }
            if isStopped { return }
            if shouldStop() { isStopped = true; return }
        }
        advance(to: timeline.endTime)
        // The final state is drawn once more so screenshots and dumps agree with it.
        frame()
    }
}

/// Why a headless run stopped.
public enum HeadlessDriverError: Error, CustomStringConvertible, Equatable {
    /// A script asked for a screenshot, and the driver was given nothing to take one with.
    case noScreenshots(String)

    public var description: String {
        switch self {
        case let .noScreenshots(path):
            return "screenshot \(path): this driver renders nothing; set HeadlessDriver.render and .screenshot "
                + "(CollectionKitSDL's HeadlessCanvas renders a frame and capture().writePNG(to:) saves it)"
        }
    }
}
