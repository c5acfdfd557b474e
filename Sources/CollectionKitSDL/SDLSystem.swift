import CSDL2
import CSDL2TTF
import CSDL2Image
import CollectionKit

/// SDL, SDL_ttf and SDL_image set up once per process, and shut down in a defined order.
///
/// Teardown order matters: SDL frees a renderer's textures with the renderer, and SDL_ttf frees
/// every face with the library. So a canvas closes its textures, then its renderer, then its
/// window or surface, then its fonts; and `shutdown()` quits SDL_ttf and SDL only once no canvas
/// is left (or, when one still is, as soon as the last one closes).
public enum SDLSystem {
    nonisolated(unsafe) private static var started = false
    nonisolated(unsafe) private static var openCanvases = 0
    nonisolated(unsafe) private static var shutdownRequested = false

    /// Starts SDL. Headless runs use the offscreen video driver, so no display is needed.
    public static func start(headless: Bool) throws {
        shutdownRequested = false
        guard !started else { return }
        if headless { SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen") }
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        // SIGINT and SIGTERM are the engine's (`QuitSignals`), not SDL's: SDL takes only a signal
        // whose action is the default one, so a Ctrl+C inherited as ignored was lost, and a program
        // that handed its own handler back to SDL had a moment with the default action (death).
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        QuitSignals.onRequest { WindowWakeUp.post() }
        if SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) != 0 {
            if headless {
                // No offscreen driver in this SDL build: the software renderer needs no video at all.
                SDL_ClearError()
                guard SDL_Init(UInt32(SDL_INIT_EVENTS)) == 0 else { throw BackendError("cannot start SDL") }
            } else {
                throw BackendError(plain: "cannot open a window: no display could be reached (\(String(cString: SDL_GetError()))). "
                                   + "Set DISPLAY, or run with --headless.")
            }
        }
        if !headless, let driver = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), ["offscreen", "dummy"].contains(driver) {
            // SDL falls back to an invisible driver when no display answers; a window there helps nobody.
            SDL_Quit()
            throw BackendError(plain: "cannot open a window: no display could be reached (SDL chose its '\(driver)' driver). "
                               + "Set DISPLAY, or run with --headless.")
        }
        guard TTF_Init() == 0 else {
            SDL_Quit()
            throw BackendError("cannot start SDL_ttf")
        }
        _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue))
        started = true
    }

    /// Quits SDL_image, SDL_ttf and SDL, in that order, once every canvas has closed. Call it when
    /// the program is done drawing; with a canvas still open it waits for that canvas to close.
    public static func shutdown() {
        guard started else { return }
        guard openCanvases == 0 else {
            shutdownRequested = true
            return
        }
        IMG_Quit()
        TTF_Quit()
        SDL_Quit()
        started = false
        shutdownRequested = false
    }

    /// Whether SDL is running (for tests of the teardown order).
    public static var isRunning: Bool { started }

    static func canvasOpened() { openCanvases += 1 }

    static func canvasClosed() {
        openCanvases -= 1
        if openCanvases == 0 && shutdownRequested { shutdown() }
    }
}
