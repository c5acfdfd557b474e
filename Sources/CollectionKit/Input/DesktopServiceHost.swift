/// What a window loop offers the desktop's services (a screen reader's bridge, the desktop's
/// settings): hooks at the moments of a frame, a way to answer requests from other threads while
/// it sleeps, its keys before they become input, and wake-ups. A backend's loop conforms (the SDL
/// backend's `WindowLoop`); the services attach to any loop that does, so they need no backend.
///
/// Each hook holds one function; a service that sets one calls what was there before.
public protocol DesktopServiceHost: AnyObject {
    /// Runs once, when the first frame is on screen.
    var didShowFirstFrame: (() -> Void)? { get set }
    /// Runs at the start of each update, after the frame's input, with the loop's time.
    var willUpdate: ((Double) -> Void)? { get set }
    /// Runs after each update, with the loop's time.
    var didUpdate: ((Double) -> Void)? { get set }
    /// Answers requests from other threads; true when an answer changed what is shown (the loop
    /// then draws a frame). Called while the loop sleeps, after a request wake-up, and each frame.
    var serviceRequests: (() -> Bool)? { get set }
    /// Sees each key press and release before it becomes input; returning true consumes it (and
    /// the text its press would type).
    var keyFilter: ((KeyStroke) -> Bool)? { get set }
    /// A wake-up for requests that may need no frame: the loop runs `serviceRequests` and sleeps
    /// again. Ask for it on the loop's thread; call it from any thread.
    func makeRequestWakeUp() -> @Sendable () -> Void
    /// Wakes the loop for a frame, from any thread.
    var frameWakeUp: @Sendable () -> Void { get }
}

/// A ``DesktopServiceHost`` whose root is a composition, and whose window has a place on the
/// screen: what a screen reader's bridge publishes.
public protocol AccessibleWindowHost: DesktopServiceHost {
    associatedtype Root: ComposedRoot
    var root: Root { get }
    /// The loop's time, in seconds.
    var now: Double { get }
    /// Where the window's inside is on the screen, in window coordinates.
    var windowOrigin: Point { get }
    /// Window coordinates per point.
    var pixelsPerPoint: Double { get }
    /// True while the window has the keyboard focus.
    var windowIsActive: Bool { get }
}
