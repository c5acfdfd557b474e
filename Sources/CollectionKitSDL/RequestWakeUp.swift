import CSDL2
// The event constants are found whichever SDL module the compiler loaded first (see QuitRequest).
import CSDL2Image
import CSDL2SysWM
import CSDL2TTF

/// Wakes the window loop for requests from another thread that may need no frame (an assistive
/// technology asking about the tree): an SDL event of a type of its own, so the loop can tell it
/// from input and answer without drawing.
public enum RequestWakeUp {
    /// The event type, registered with SDL once (SDL hands out user event numbers atomically).
    nonisolated(unsafe) private static var registered: UInt32 = 0
    private static var type: UInt32 {
        if registered == 0 {
            // `WindowWakeUp` posts SDL_USEREVENT itself without registering it, and the first
            // number SDL hands out is that one: take the next, so a wake-up for a frame (a state
            // request) is never mistaken for one that needs none.
            var t = SDL_RegisterEvents(1)
            if t == SDL_USEREVENT.rawValue { t = SDL_RegisterEvents(1) }
            registered = t == UInt32.max ? SDL_USEREVENT.rawValue + 1 : t
        }
        return registered
    }

    /// Registers the event type; call on the window's thread before another thread posts.
    public static func prepare() { _ = type }

    /// Wakes the loop (any thread).
    public static func post() {
        var event = SDL_Event()
        // Before `prepare()` a plain wake-up, which runs a frame (answering the requests too).
        event.type = registered == 0 ? SDL_USEREVENT.rawValue : registered
        _ = SDL_PushEvent(&event)
    }

    /// Takes the wake-ups off SDL's queue when nothing else is queued and returns true: the loop
    /// may answer the requests and go back to sleep. Returns false (and takes nothing) when input
    /// or window events wait too: the loop runs a frame, which answers the requests as well.
    /// Window-system messages (SDL_SYSWMEVENT, which the window turns on to time input) do not
    /// count: the X server's messages that come without input (the pointer's raw motion over
    /// other windows) would otherwise make a request run a frame (about 25 ms a call in a debug
    /// build, with the frame pacing). SDL's own wake-up message is no longer one of them
    /// (`InputTimes.enableMessages(for:)`).
    static func takeIfAlone() -> Bool {
        SDL_PumpEvents()
        let t = type
        let wm = SDL_SYSWMEVENT.rawValue
        let mine = SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, t, t)
        let messages = SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, wm, wm)
        let all = SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        guard mine > 0, mine + messages == all else { return false }
        // Messages with no input after them time nothing.
        SDL_FlushEvent(t)
        SDL_FlushEvent(wm)
        return true
    }
}
