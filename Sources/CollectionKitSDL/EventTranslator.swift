import CSDL2
import CSDL2TTF
import CSDL2Image
import CollectionKit

/// SDL events to core input events, and nothing else.
public enum EventTranslator {
    static func modifiers(_ m: UInt16) -> Modifiers {
        var out: Modifiers = []
        if m & UInt16(KMOD_SHIFT.rawValue) != 0 { out.insert(.shift) }
        if m & UInt16(KMOD_CTRL.rawValue) != 0 { out.insert(.ctrl) }
        if m & UInt16(KMOD_ALT.rawValue) != 0 { out.insert(.alt) }
        if m & UInt16(KMOD_GUI.rawValue) != 0 { out.insert(.gui) }
        return out
    }

    static func button(_ b: UInt8) -> MouseButton? {
        switch Int32(b) {
        case SDL_BUTTON_LEFT: return .left
        case SDL_BUTTON_RIGHT: return .right
        case SDL_BUTTON_MIDDLE: return .middle
        default: return nil
        }
    }

    /// Translates `e`, taking the modifier keys held from SDL's state now.
    public static func translate(_ e: SDL_Event, quit: inout Bool) -> InputEvent? {
        var held = modifiers(UInt16(truncatingIfNeeded: SDL_GetModState().rawValue))
        return translate(e, quit: &quit, modifiers: &held)
    }

    /// Translates `e`; `held` is the modifier keys held as of the events translated before it,
    /// which key events update and pointer events take. SDL's own state (`SDL_GetModState`) is
    /// the state after every event read so far, so a Shift+click read in one batch with its
    /// Shift release would otherwise lose its Shift.
    public static func translate(_ e: SDL_Event, quit: inout Bool, modifiers held: inout Modifiers) -> InputEvent? {
        if e.type == SDL_KEYDOWN.rawValue || e.type == SDL_KEYUP.rawValue { held = modifiers(e.key.keysym.mod) }
        let mods = held
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            quit = true
            return nil
        case SDL_MOUSEBUTTONDOWN:
            guard let b = button(e.button.button) else { return nil }
            return .pointerDown(Point(x: Double(e.button.x), y: Double(e.button.y)), b, mods)
        case SDL_MOUSEBUTTONUP:
            guard let b = button(e.button.button) else { return nil }
            return .pointerUp(Point(x: Double(e.button.x), y: Double(e.button.y)), b, mods)
        case SDL_MOUSEMOTION:
            return .pointerMove(Point(x: Double(e.motion.x), y: Double(e.motion.y)), mods)
        case SDL_MOUSEWHEEL:
            let flip: Double = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            return .wheel(dx: Double(e.wheel.preciseX) * flip, dy: Double(e.wheel.preciseY) * flip)
        case SDL_KEYDOWN:
            let name = String(cString: SDL_GetKeyName(e.key.keysym.sym))
            guard !name.isEmpty else { return nil }
            return .key(Key(name), modifiers(e.key.keysym.mod))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: e.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .text(text)
        case SDL_TEXTEDITING:
            let text = withUnsafeBytes(of: e.edit.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .composition(text, cursor: Int(max(0, e.edit.start)))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(e.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED:
                return .resize(Size(width: Double(e.window.data1), height: Double(e.window.data2)))
            case SDL_WINDOWEVENT_FOCUS_LOST: return .focus(gained: false)
            case SDL_WINDOWEVENT_FOCUS_GAINED: return .focus(gained: true)
            // With a button held the pointer is captured and moves keep coming; only a free
            // pointer leaving ends hover.
            case SDL_WINDOWEVENT_LEAVE where SDL_GetMouseState(nil, nil) == 0: return .pointerExited
            case SDL_WINDOWEVENT_CLOSE:
                quit = true
                return nil
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A key press or release as it came, for a screen reader's listeners; nil for other events.
    static func keyStroke(_ e: SDL_Event) -> KeyStroke? {
        guard e.type == SDL_KEYDOWN.rawValue || e.type == SDL_KEYUP.rawValue else { return nil }
        return keyStroke(pressed: e.type == SDL_KEYDOWN.rawValue, keycode: e.key.keysym.sym, scancode: e.key.keysym.scancode.rawValue,
                         modifiers: e.key.keysym.mod, timestamp: e.key.timestamp)
    }

    /// SDL's key code, scancode (a USB HID usage) and modifier bits as the engine's key stroke.
    static func keyStroke(pressed: Bool, keycode: Int32, scancode: UInt32, modifiers m: UInt16, timestamp: UInt32) -> KeyStroke {
        var held: Modifiers = []
        if m & 0x0003 != 0 { held.insert(.shift) }   // KMOD_SHIFT
        if m & 0x00c0 != 0 { held.insert(.ctrl) }    // KMOD_CTRL
        if m & 0x0300 != 0 { held.insert(.alt) }     // KMOD_ALT
        if m & 0x0c00 != 0 { held.insert(.gui) }     // KMOD_GUI
        let character = (32...126).contains(keycode) ? Unicode.Scalar(UInt32(keycode)) : nil
        return KeyStroke(pressed: pressed, usage: scancode, character: character, modifiers: held,
                         capsLock: m & 0x2000 != 0, numLock: m & 0x1000 != 0, timestamp: timestamp)
    }

    static func isTextInput(_ e: SDL_Event) -> Bool { e.type == SDL_TEXTINPUT.rawValue }

    /// Whether `e` is a window event (shown, exposed, resized, focus...).
    static func isWindowEvent(_ e: SDL_Event) -> Bool {
        if case SDL_WINDOWEVENT = SDL_EventType(e.type) { return true }
        return false
    }
}
