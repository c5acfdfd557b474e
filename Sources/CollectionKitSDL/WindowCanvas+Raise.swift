import CSDL2
import CSDL2SysWM
import Foundation

extension WindowCanvas {
    /// Brings the window to the front and asks for the keyboard (a second launch of a
    /// single-instance program hands over to this window).
    public func raise() { SDL_RaiseWindow(sdlWindow) }

    /// Brings the window to the front for a launch the desktop started: un-minimizes it, raises
    /// it, and on X11 asks the window manager to activate it at the time stamp of the launcher's
    /// startup id (`_NET_ACTIVE_WINDOW`), which focus-stealing prevention honours. Then ends the
    /// launch's startup notification (the busy cursor or the launching entry in a task bar).
    /// (Under Wayland SDL 2 asks for activation with a token of its own: a launcher's token
    /// cannot be handed to it.)
    public func present(startupID: String?) {
        if isMinimized { SDL_RestoreWindow(sdlWindow) }
        SDL_RaiseWindow(sdlWindow)
        if let startupID {
            if let time = WindowCanvas.startupTime(startupID) { _ = ck_x11_activate(sdlWindow, UInt(time)) }
            completeStartup(startupID)
        }
    }

    /// Ends the startup notification `id` (X11's `_NET_STARTUP_INFO` `remove` message), as a
    /// program does once its window is shown; true when sent (false off X11).
    @discardableResult
    public func completeStartup(_ id: String) -> Bool {
        ck_x11_startup_message(sdlWindow, WindowCanvas.startupRemoveMessage(id)) != 0
    }

    /// The startup-notification spec's `remove` message for `id`, its value quoted.
    static func startupRemoveMessage(_ id: String) -> String {
        let quoted = id.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "remove: ID=\"\(quoted)\""
    }

    /// The X server time a startup id carries (its `_TIME` suffix, as launchers make them), if any.
    static func startupTime(_ id: String) -> UInt32? {
        guard let r = id.range(of: "_TIME", options: .backwards) else { return nil }
        return UInt32(id[r.upperBound...])
    }

    /// The window's title, as the window manager shows it (in UTF-8 on X11 whatever the locale:
    /// see `ck_x11_set_title`).
    public var title: String {
        get { SDL_GetWindowTitle(sdlWindow).map { String(cString: $0) } ?? "" }
        set {
            SDL_SetWindowTitle(sdlWindow, newValue)
            _ = ck_x11_set_title(sdlWindow, newValue)
        }
    }

    /// True while the window is minimized (iconified).
    public var isMinimized: Bool { SDL_GetWindowFlags(sdlWindow) & SDL_WINDOW_MINIMIZED.rawValue != 0 }

    /// True while the window is maximized.
    public var isMaximized: Bool { SDL_GetWindowFlags(sdlWindow) & SDL_WINDOW_MAXIMIZED.rawValue != 0 }

    /// Asks the window manager to maximize the window.
    public func maximize() { SDL_MaximizeWindow(sdlWindow) }
}
