import CSDL2
// SDL's headers are part of each SDL module (SDL_ttf's, SDL_image's and the window-manager one
// include them too): the event constants are found whichever of them the compiler loaded first.
import CSDL2Image
import CSDL2SysWM
import CSDL2TTF
import CollectionKit

/// Whether the program has been asked to quit: SIGINT or SIGTERM came (`QuitSignals`), or SDL has
/// a quit event queued; a headless run reads no other events, so it asks here once a frame.
public enum QuitRequest {
    /// True once SIGINT or SIGTERM came or a quit is queued; the event stays queued. Other queued
    /// events are dropped, since nothing headless reads them and the queue must not fill.
    /// O(queued events).
    public static func isPending() -> Bool {
        if QuitSignals.isRequested { return true }
        SDL_PumpEvents()
        let quit = SDL_QUIT.rawValue
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, quit - 1)
        SDL_FlushEvents(quit + 1, SDL_LASTEVENT.rawValue)
        return SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, quit, quit) > 0
    }
}
