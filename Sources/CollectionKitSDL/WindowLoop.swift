import CollectionKit
import Glibc
import Foundation

/// Runs an `InteractiveRoot` in a real window: SDL events go in as input events, each frame is
/// updated at the wall-clock time, drawn, rendered and presented, until the root asks to quit or
/// the window is closed.
///
/// ```swift
/// let loop = try WindowLoop(root: MyRoot(), title: "My collection")
/// loop.run()
/// ```
///
/// The loop owns the window; `willUpdate` lets a caller feed input of its own (a recorded script)
/// at the frame's time, and `frameTimer` brackets each frame for statistics.
///
/// With `COLLECTIONKIT_STATS=FILE` in the environment the loop writes its frame statistics to FILE
/// as JSON when it ends (frame time percentiles, the first frame's time from the process's start,
/// peak resident memory), so any program that runs a `WindowLoop` can be measured as it ships.
public final class WindowLoop<Root: InteractiveRoot> {
    public let root: Root
    public let canvas: WindowCanvas
    /// Called once a frame, after the window's events and before `update(now:)`, with the time
    /// in seconds since `run()` started.
    public var willUpdate: ((Double) -> Void)?
    /// Called for every event the window delivers, with the time it is handed to the root (the
    /// frame's time), before the root handles it: a recorder writes the session down from here.
    public var didReceive: ((InputEvent, Double) -> Void)?
    /// Called once a frame after `update(now:)`, with the frame's time: an adapter sends what the
    /// update changed (accessibility events) from here.
    public var didUpdate: ((Double) -> Void)?
    /// Answers requests from outside the window that were announced with `RequestWakeUp` (an
    /// assistive technology reading the tree). Called once a frame, and while the loop sleeps as
    /// soon as a request arrives, without a frame; returns true when an answer changed something
    /// the window must draw (an action performed).
    public var serviceRequests: (() -> Bool)?
    /// Called once, after the first frame is on the screen: work that can wait until the window
    /// is shown (reaching the accessibility bus) starts here, not before.
    public var didShowFirstFrame: (() -> Void)?
    /// Brackets the work of each frame (input, update, draw list, rendering; not the vsync wait).
    public var frameTimer: FrameTimer?
    /// The draw list of the frame shown last.
    public private(set) var lastFrame = DrawList()
    /// The wall-clock second `run()` started at: the loop's time 0.
    private var startSeconds = Clock.wallSeconds()
    /// The loop's time now, in seconds since `run()` started: the `now` the root is given. For
    /// input an app hands the root from outside a frame (an assistive technology's action).
    public var now: Double { Clock.wallSeconds() - startSeconds }

    /// True once the window was closed, or SIGINT or SIGTERM came (`QuitSignals`), as opposed to
    /// the root quitting.
    public private(set) var closed = false

    /// Opens the window at the root's size. `fonts` defaults to the UI fonts fontconfig finds;
    /// `sizeLimits` bounds how small the user can make the window; `scale` (device pixels per
    /// point) overrides the one found for the display (`WindowCanvas`).
    public init(root: Root, title: String, fonts: (regular: String, bold: String)? = nil,
                sizeLimits: WindowSizeLimits = WindowSizeLimits(), scale: Double? = nil) throws {
        self.root = root
        canvas = try WindowCanvas(title: title, size: root.size, fonts: fonts ?? FontLocator.uiFonts(), sizeLimits: sizeLimits,
                                  scale: scale)
        // The window manager may not grant the size asked for; the root lays out for the real one.
        if canvas.size != root.size { root.handle(.resize(canvas.size), now: 0) }
    }

    /// Opens the window first and then makes the root with the window's own text measurer, so an
    /// app that measures text while it builds itself (cells as tall as their text) measures with
    /// the fonts and shaping it will be drawn with, and keeps one font cache, not two. The window
    /// opens at `size`; the root hears the size it got as its first `.resize`.
    ///
    /// ```swift
    /// let loop = try WindowLoop(title: "Notes", size: Size(width: 900, height: 700)) { measurer in
    ///     try Notes(measurer: measurer)
    /// }
    /// loop.run()
    /// ```
    public init(title: String, size: Size, fonts: (regular: String, bold: String)? = nil,
                sizeLimits: WindowSizeLimits = WindowSizeLimits(), scale: Double? = nil,
                makeRoot: (TextMeasurer) throws -> Root) throws {
        canvas = try WindowCanvas(title: title, size: size, fonts: fonts ?? FontLocator.uiFonts(), sizeLimits: sizeLimits,
                                  scale: scale)
        root = try makeRoot(canvas.measurer)
        root.handle(.resize(canvas.size), now: 0)
    }

    /// Names a time at which input from outside the window is due (a recorded script playing),
    /// given the loop's time; the loop does not sleep past it. Nil: none.
    public var externalDeadline: ((Double) -> Double?)?
    /// Folds the hover moves of one frame's events into the last.
    private var hovers = HoverCoalescing()
    /// Seconds the loop has spent asleep waiting for input or a deadline, and that time as 60 Hz
    /// frames not drawn (for `--stats`).
    public private(set) var idleSeconds = 0.0
    /// Gives freed heap pages back once the window goes quiet after work (``HeapTrim``).
    var heapTrim = HeapTrim()

    /// Runs frames until the root quits or the window closes. A frame is drawn whenever input or
    /// any window event (expose, resize, focus) arrives, or the root's next deadline
    /// (`InteractiveRoot.nextDeadline(after:)`) comes due; while nothing is due the loop blocks in
    /// SDL's event wait, so an idle window uses no CPU. While something moves, frames run at the
    /// display's rate.
    ///
    /// SIGINT and SIGTERM end the loop as closing the window does (``closed`` is true): the frame
    /// under way is finished, the loop returns, and the program saves and exits as it would then.
    public func run() {
        HeapTrim.shareOneArena()
        let start = Clock.wallSeconds()
        startSeconds = start
        var due = true
        // The latest moment the root was brought to: time never runs backwards for it.
        var reached = 0.0
        // When the last two frames that handled input began (wall seconds).
        var lastInputFrame = -Double.infinity, inputFrameBefore = -Double.infinity
        // COLLECTIONKIT_STATS=FILE: frame statistics written when the loop ends (`LoopStatistics`).
        let statistics = LoopStatistics.fromEnvironment(wrapping: frameTimer)
        if let statistics { frameTimer = statistics }
        defer {
            if let statistics {
                statistics.write()
                frameTimer = statistics.inner
            }
        }
        while !closed && !root.quitRequested {
            if !due { idle(start: start) }
            let began = Clock.wallSeconds()
            let now = began - start
            frameTimer?.frameBegan()
            let events = hovers.coalesce(canvas.pollTimedEvents(quit: &closed))
            if !events.isEmpty { (inputFrameBefore, lastInputFrame) = (lastInputFrame, began) }
            // With nothing moving, input that changes nothing (a move within the item already
            // highlighted) is taken without a frame: no update, no draw list, no survey, no
            // present; only the cursor is asked again. Not while a script feeds input
            // (`willUpdate`) or the window must be drawn whole (shown, uncovered, resized).
            // The text cache hears of the frame only once it is sure to be drawn: a frame not
            // drawn leaves the fonts of the frame shown as they were.
            let quiet = !due && willUpdate == nil && !canvas.presentsWhole
            if !quiet { canvas.drawer.text.frameStarted() }
            let absorbed = WindowLoop.deliver(events, to: root, now: now, start: start, reached: &reached, quiet: quiet,
                                              didReceive: didReceive)
            if absorbed, !(serviceRequests?() ?? false), !QuitSignals.isRequested, !closed {
                canvas.setCursor(root.cursor)
                statistics?.inputAbsorbed(events.count)
                continue
            }
            if quiet { canvas.drawer.text.frameStarted() }
            willUpdate?(now)
            if !absorbed { _ = serviceRequests?() }
            root.update(now: now)
            didUpdate?(now)
            reached = now
            let list = root.draw()
            // Nothing visible changed (the pointer moved within the item it already highlights, a
            // spring settled below a pixel, a deadline that moved nothing): the same draw list on
            // the same window shows the same pixels, so nothing is rendered or presented.
            let unchanged = canvas.isShowing(list, drawnBefore: lastFrame)
            lastFrame = list
            if !unchanged {
                canvas.render(list)
                heapTrim.workDone()
            }
            canvas.setCursor(root.cursor)
            frameTimer?.frameEnded(liveCells: root.liveCellCount)
            canvas.drawer.text.frameFinished()
            let beforePresent = Clock.wallSeconds()
            let shown = !unchanged && canvas.present()
            let presented = Clock.wallSeconds() - beforePresent
            frameTimer?.framePresented(shown)
            if shown { statistics?.frameShown() }
            if let statistics, events.contains(where: { if case .key = $0.0 { return true } else { return false } }) {
                statistics.keyFrameEnded(presented: shown)
            }
            if let first = didShowFirstFrame {
                didShowFirstFrame = nil
                first()
            }
            due = nextDeadline(now: now).map { $0 <= now } ?? false
            // While something moves, part of the time left before the next frame prepares drawing
            // ahead: the page a flick lands on has its neighbours ready before the next flick.
            if due { canvas.drawer.prepareAhead(of: root, for: DrawListRenderer.sliceBetweenFrames) }
            // Where vsync does not hold the frame (some virtual displays), pace rather than spin a core.
            // Input comes as a stream when two frames in a row answered it: one key or one notch
            // is not a stream, and the animation it starts runs at the full rate at once.
            let streaming = began - lastInputFrame < 2 * WindowLoop.frameInterval
                && lastInputFrame - inputFrameBefore < 2 * WindowLoop.frameInterval
            if QuitSignals.isRequested {
                closed = true
                break
            }
            if presented < 0.002 { pace(frameBegan: began, moving: due, handledInput: !events.isEmpty, inputStream: streaming) }
        }
    }

    /// Hands one frame's `events` to `root`, each at the moment it happened (where the windowing
    /// system says), never before the previous one nor after `now`: the root is brought up to that
    /// moment first, so a flick read in one batch on a busy machine keeps its speed. `start` is
    /// the wall second of the loop's time 0; `reached` the latest moment the root was brought to.
    ///
    /// With `quiet` (nothing was moving when the frame began) the root is first offered each
    /// event to absorb (``InteractiveRoot/absorbs(_:now:)``), without being updated; from the
    /// first event it does not absorb on, every event is handled. Returns true when there were
    /// events and the root absorbed them all: nothing it shows changed, and the frame neither
    /// updates nor draws.
    static func deliver(_ events: [(event: InputEvent, time: Double?)], to root: Root, now: Double, start: Double,
                        reached: inout Double, quiet: Bool, didReceive: ((InputEvent, Double) -> Void)?) -> Bool {
        var absorbing = quiet && !events.isEmpty
        for (event, time) in events {
            let at = min(now, max(reached, time.map { $0 - start } ?? now))
            if absorbing, root.absorbs(event, now: at) {
                didReceive?(event, at)
                continue
            }
            absorbing = false
            reached = at
            root.update(now: at)
            didReceive?(event, at)
            root.handle(event, now: at)
        }
        return absorbing
    }

    /// How often frames run while something moves and vsync does not hold them: 60 Hz.
    static var frameInterval: Double { 1.0 / 60 }
    /// The least time from one frame's start to the next when input arrives: input is answered
    /// by a frame of its own as soon as it comes, not at the next tick.
    static var inputSpacing: Double { 0.005 }

    /// Waits after a frame that began at `began` (wall seconds) when vsync did not hold it.
    ///
    /// While something moves the next frame comes a `frameInterval` after this one began, or as
    /// soon as input arrives, whichever is first, but not before `inputSpacing` has passed. While
    /// input keeps coming (`inputStream`: a drag, a hover, a wheel turned), the input drives the
    /// frames: the tick waits up to half a frame longer for the next event, so a motion that
    /// comes just after a tick does not make a second frame for it, and frames stay half a frame
    /// apart at least, so a mouse that reports a thousand times a second does not make hundreds
    /// of frames. With nothing moving only the spacing is kept; the loop then sleeps in its
    /// event wait. The spacing follows a frame that handled input: input that comes after a
    /// frame of the clock (an animation's, a deadline's) is answered at once.
    private func pace(frameBegan began: Double, moving: Bool, handledInput: Bool, inputStream: Bool) {
        guard moving || handledInput else { return }
        let spacing = inputStream ? WindowLoop.frameInterval / 2 : handledInput ? WindowLoop.inputSpacing : 0
        let earliest = began + spacing
        if moving {
            let tick = began + WindowLoop.frameInterval * (inputStream ? 1.5 : 1)
            let left = tick - Clock.wallSeconds()
            guard left > 0, canvas.waitForInput(timeout: left) else { return }
        }
        let rest = earliest - Clock.wallSeconds()
        if rest > 0 { usleep(UInt32(rest * 1e6)) }
    }

    private func nextDeadline(now: Double) -> Double? {
        Deadline.earliest(root.nextDeadline(after: now), externalDeadline?(now))
    }

    /// With nothing due: prepares the root's drawing ahead (`InteractiveRoot.drawAhead()`) a
    /// slice at a time while no input arrives and no deadline passes, then sleeps.
    private func idle(start: Double) {
        while canvas.drawer.prepareAhead(of: root, for: DrawListRenderer.idleSlice) {
            heapTrim.workDone()
            if canvas.waitForInput(timeout: 0) { return }
            let now = Clock.wallSeconds() - start
            if let d = nextDeadline(now: now), d <= now { return }
        }
        // After work, a short wait first: when nothing comes, the heap is trimmed, then the loop sleeps.
        let now = Clock.wallSeconds() - start
        if let wait = heapTrim.wait(untilDeadline: nextDeadline(now: now).map { max(0, $0 - now) }) {
            let before = Clock.wallSeconds()
            let woken = canvas.waitForInput(timeout: wait)
            idleSeconds += Clock.wallSeconds() - before
            if woken || wait < HeapTrim.quiet { return }
            // Quiet: the fonts only drawing ahead used go first, then their memory with the rest.
            canvas.drawer.text.closeFontsNotInLastFrame()
            TextMeasurer.closeOwnFontsAtRest()
            heapTrim.quietPassed(wait)
        }
        sleepUntilDue(start: start)
    }

    /// Sleeps in the event wait until an event arrives or the next deadline comes.
    /// Requests announced with `RequestWakeUp` are answered here and the loop sleeps again, unless
    /// an answer changed what is shown.
    private func sleepUntilDue(start: Double) {
        let before = Clock.wallSeconds()
        while true {
            let now = Clock.wallSeconds() - start
            let deadline = nextDeadline(now: now)
            let woken = canvas.waitForInput(timeout: deadline.map { max(0, $0 - now) })
            guard woken, let serviceRequests, RequestWakeUp.takeIfAlone(), !serviceRequests() else { break }
        }
        let slept = Clock.wallSeconds() - before
        idleSeconds += slept
        let skipped = Int(slept * 60)
        if skipped > 0 { frameTimer?.framesSkipped(skipped) }
    }

    /// The last frame as an image (rendered again, so it can be called after `run()` returns).
    public func captureLastFrame() -> Image {
        canvas.render(lastFrame)
        return canvas.capture()
    }
}

extension WindowLoop {
    /// Opens a window for `root` and runs it until it closes, then exits 0. When the window cannot
    /// open (no display, no font) it prints one line to standard error and exits 1: the whole
    /// `main` of a small program. `prepare` runs with the loop before its first frame: desktop
    /// services attach there (`CollectionKitDesktop`'s `followDesktopAppearance()`,
    /// `publishAccessibility(name:)`).
    public static func runOrExit(_ root: @autoclosure () -> Root, title: String,
                                 prepare: (WindowLoop) -> Void = { _ in }) -> Never {
        do {
            do {
                let loop = try WindowLoop(root: root(), title: title)
                prepare(loop)
                loop.run()
            }
            // The loop, and with it the window, is gone here: SDL can quit.
            SDLSystem.shutdown()
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(title): \(error)\n".utf8))
            exit(1)
        }
    }

    /// As ``runOrExit(_:title:prepare:)``, with the root made after the window, from the window's text
    /// measurer (see ``init(title:size:fonts:sizeLimits:scale:makeRoot:)``). An error the root
    /// throws while it is made is reported the same way: one line, exit 1.
    public static func runOrExit(title: String, size: Size, prepare: (WindowLoop) -> Void = { _ in },
                                 makeRoot: (TextMeasurer) throws -> Root) -> Never {
        do {
            do {
                let loop = try WindowLoop(title: title, size: size, makeRoot: makeRoot)
                prepare(loop)
                loop.run()
            }
            SDLSystem.shutdown()
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(title): \(error)\n".utf8))
            exit(1)
        }
    }
}
