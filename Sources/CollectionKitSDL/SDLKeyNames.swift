import CSDL2
import CollectionKit

/// The names the linked SDL gives the keys of its current keymap, as the backend reports them.
public enum SDLKeyNames {
    /// Every key name SDL produces for a scancode of its keymap. Needs SDL started (`SDLSystem.start`).
    /// O(number of scancodes), about 500.
    public static func all() -> [String] {
        var names: [String] = []
        for scancode in 0..<Int(SDL_NUM_SCANCODES.rawValue) {
            let key = SDL_GetKeyFromScancode(SDL_Scancode(UInt32(scancode)))
            guard key != 0, let name = SDL_GetKeyName(key).map({ String(cString: $0) }), !name.isEmpty
            else { continue }
            names.append(name)
        }
        return names
    }
}
