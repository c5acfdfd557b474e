import CSDL2
// The event constants are found whichever SDL module the compiler loaded first (see QuitRequest).
import CSDL2Image
import CSDL2SysWM
import CSDL2TTF
import CollectionKit

extension WindowCanvas {
    /// Blocks until SDL has an event queued or `timeout` seconds have passed (nil: until an event
    /// arrives), without taking the event off the queue, so `pollEvents` still sees it. This is
    /// where an idle window spends its time: asleep in the system's event wait, using no CPU.
    /// Returns true when an event is waiting.
    @discardableResult
    public func waitForEvent(timeout: Double?) -> Bool { EventWait.wait(timeout: timeout) }
}

extension WindowCanvas {
    /// As `waitForEvent(timeout:)`, but only an event other than a window-manager message ends
    /// the wait early: the X server's raw messages, which come beside the input they stamp, do
    /// not wake a loop pacing its frames twice per pointer move.
    /// Nil: until input arrives; 0: whether input is queued now, without waiting.
    func waitForInput(timeout: Double?) -> Bool {
        guard let timeout else {
            while true {
                guard EventWait.wait(timeout: nil) else { return false }
                if !EventWait.dropLoneMessages() { return true }
            }
        }
        let end = Clock.wallSeconds() + timeout
        var first = true
        while true {
            let left = end - Clock.wallSeconds()
            guard left > 0 || first, EventWait.wait(timeout: max(0, left)) else { return false }
            first = false
            if !EventWait.dropLoneMessages() { return true }
        }
    }
}

/// SDL's event wait, for a window loop that then polls what arrived.
enum EventWait {
    /// How many times the loop's thread has waited (`wait(timeout:)`), for the loop's statistics:
    /// a wait that wakes again and again for nothing shows here, not in the frames.
    nonisolated(unsafe) private(set) static var count = 0

    /// See `WindowCanvas.waitForEvent(timeout:)`.
    static func wait(timeout: Double?) -> Bool {
        count += 1
        let woken = sdlWait(timeout: timeout)
        // SDL's wait reads the queue in and marks the end of that read with a sentinel; what
        // arrives during the wait queues up behind it. Left there, the sentinel would end the
        // next poll before it returns anything, and the frame woken by an input would run without
        // it and pace 16 ms before the next one showed it. The poll marks its own end anew.
        SDL_FlushEvent(SDL_POLLSENTINEL.rawValue)
        return woken
    }

    /// When SDL's queue holds only window-manager messages, of X events that made no input (the
    /// pointer's raw motion, which the server sends wherever the pointer moves, over other windows
    /// too), drops them and returns true: nothing for a frame to show, and no input after them to
    /// take their time stamps. Returns false, dropping nothing, when anything else is queued.
    static func dropLoneMessages() -> Bool {
        let all = SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        let messages = SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, SDL_SYSWMEVENT.rawValue, SDL_SYSWMEVENT.rawValue)
        guard messages > 0, all == messages else { return false }
        SDL_FlushEvent(SDL_SYSWMEVENT.rawValue)
        return true
    }

    private static func sdlWait(timeout: Double?) -> Bool {
        // No deadline, or one that never comes: wait for an event alone. A deadline that is not
        // a number is treated as due now rather than trusted.
        guard let timeout, timeout < .infinity || timeout.isNaN else { return SDL_WaitEvent(nil) != 0 }
        if timeout.isNaN { return SDL_WaitEventTimeout(nil, 0) != 0 }
        // Whole milliseconds, rounded up, so a deadline is never woken for early; capped so the
        // Int32 SDL takes cannot overflow (a wake-up after 24 days is harmless).
        let ms = Int32(min(max(0, (timeout * 1000).rounded(.up)), 2_000_000_000))
        return SDL_WaitEventTimeout(nil, ms) != 0
    }
}
