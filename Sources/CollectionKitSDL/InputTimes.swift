import CSDL2
import CSDL2SysWM

/// When each input event really happened, as opposed to when the window loop got round to it.
///
/// A busy or loaded machine hands the loop several pointer moves and a release in one batch; given
/// the frame's time, they would all seem to happen at once, and a flick would lose its speed or a
/// held press its hold. The X server stamps every key, button and motion event in milliseconds
/// (SDL passes the raw event on as a window-manager message just before its own); these stamps are
/// mapped onto the wall clock by the smallest difference seen between the two clocks, which is the
/// moment the event was made plus the least delay with which one ever arrived. Elsewhere (Wayland,
/// SDL without X11) there is no stamp, and the loop's time is used as before.
struct InputTimes {
    /// Wall-clock seconds minus the server's seconds, the smallest seen so far.
    private var offset: Double?
    private var lastStamp: UInt = 0
    /// The wall-clock time of the last stamped input message, for the SDL events that follow it.
    private(set) var current: Double?

    /// Reads the stamp of a window-manager message (`e` of type SDL_SYSWMEVENT) received at wall
    /// time `now`; the events SDL queued after it take that time until the next such message.
    mutating func read(message e: inout SDL_Event, now: Double) {
        let stamp = ck_x11_input_time(&e)
        guard stamp != 0 else { current = nil; return }
        // The server's 32-bit millisecond clock wrapped (every 49 days), or the server restarted.
        if stamp < lastStamp, lastStamp - stamp > 60_000 { offset = nil }
        lastStamp = stamp
        let server = Double(stamp) / 1000
        offset = min(offset ?? (now - server), now - server)
        current = server + (offset ?? 0)
    }

    /// Turns the messages on: SDL drops them unless asked.
    static func enableMessages() {
        SDL_EventState(SDL_SYSWMEVENT.rawValue, Int32(SDL_ENABLE))
    }

    /// Turns the messages on for `window`, without SDL's own wake-up messages
    /// (`ck_x11_ignore_wakeup_messages`): passed on, each made another while the loop waited, and
    /// a wait for input ran up to dozens of times per pointer move on a loaded machine, each a
    /// round trip through the X server. Elsewhere (Wayland) there are none to leave out.
    static func enableMessages(for window: OpaquePointer) {
        enableMessages()
        _ = ck_x11_ignore_wakeup_messages(window)
    }
}
