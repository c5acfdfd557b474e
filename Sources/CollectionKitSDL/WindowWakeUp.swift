import CSDL2
// The event constants are found whichever SDL module the compiler loaded first (see QuitRequest).
import CSDL2Image
import CSDL2SysWM
import CSDL2TTF

/// Wakes a window loop asleep in its event wait, from any thread: something outside the loop (a
/// file read on another thread, a network reply) has news for the root. The loop draws a frame.
public enum WindowWakeUp {
    public static func post() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        _ = SDL_PushEvent(&event)
    }
}
