import CSDL2
import CollectionKit

/// The text services of an SDL window: SDL's clipboard, and SDL's text input switched on while a
/// field has the focus, with the input method's candidate window placed at the caret.
///
/// ```swift
/// let services = SDLTextServices.make()
/// let field = TextField(name: "title", measurer: canvas.measurer, services: services)
/// ```
public final class SDLTextServices: Clipboard, TextInputHost {
    public init() {}

    /// The services of a window, as the engine's fields take them: SDL's clipboard, its text
    /// input and its primary selection (SDL 2.26 and later, on X11 and Wayland).
    public static func make() -> TextServices {
        let sdl = SDLTextServices()
        return TextServices(clipboard: sdl, input: sdl, primarySelection: SDLPrimarySelection())
    }

    public var text: String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let p = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(p) }
        return String(cString: p)
    }

    public func setText(_ text: String) { _ = SDL_SetClipboardText(text) }

    public func startTextInput(caret: Rect) {
        SDL_StartTextInput()
        moveTextInput(caret: caret)
    }

    public func moveTextInput(caret: Rect) {
        var r = SDL_Rect(x: Int32(caret.minX.rounded()), y: Int32(caret.minY.rounded()),
                         w: max(1, Int32(caret.width.rounded())), h: max(1, Int32(caret.height.rounded())))
        SDL_SetTextInputRect(&r)
    }

    public func stopTextInput() { SDL_StopTextInput() }
}

/// The PRIMARY selection through SDL (`SDL_GetPrimarySelectionText`, SDL 2.26): what the user
/// selected last in any program, pasted with a middle click.
public final class SDLPrimarySelection: Clipboard {
    public init() {}

    public var text: String? {
        guard SDL_HasPrimarySelectionText() == SDL_TRUE, let p = SDL_GetPrimarySelectionText() else { return nil }
        defer { SDL_free(p) }
        let s = String(cString: p)
        return s.isEmpty ? nil : s
    }

    /// Takes the selection (each time: another program may have taken it since).
    public func setText(_ text: String) { _ = SDL_SetPrimarySelectionText(text) }
}
