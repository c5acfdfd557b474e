import CSDL2

extension WindowCanvas {
    /// Brings the window to the front and asks for the keyboard (a second launch of a
    /// single-instance program hands over to this window).
    public func raise() { SDL_RaiseWindow(sdlWindow) }
}
