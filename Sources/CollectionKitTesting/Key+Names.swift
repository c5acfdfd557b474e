import CollectionKit

/// The key names SDL gives keys (`SDL_GetKeyName`), which the backend passes on as `Key`s and
/// input scripts use in `key NAME`. Knowing them lets a script's typo ("key Escpe") be an error
/// with its line number instead of a key press nothing answers.
extension Key {
    /// Every multi-character SDL 2 key name, as SDL spells it ("PageDown", "Left Shift", "Keypad 7").
    /// Single characters ("a", "1", "+", "ä") are the keys that type them and are all valid.
    /// `CollectionKitSDL`'s tests check this list against the linked SDL.
    public static let sdlNames: [String] = [
        "AC Back", "AC Bookmarks", "AC Forward", "AC Home", "AC Refresh", "AC Search", "AC Stop", "Again",
        "AltErase", "App1", "App2", "Application", "AudioFastForward", "AudioMute", "AudioNext", "AudioPlay",
        "AudioPrev", "AudioRewind", "AudioStop", "Backspace", "BrightnessDown", "BrightnessUp", "Calculator", "Call",
        "Cancel", "CapsLock", "Clear", "Clear / Again", "Computer", "Copy", "CrSel", "CurrencySubUnit",
        "CurrencyUnit", "Cut", "DecimalSeparator", "Delete", "DisplaySwitch", "Down", "Eject", "End", "EndCall",
        "Escape", "ExSel", "Execute", "F1", "F10", "F11", "F12", "F13", "F14", "F15", "F16", "F17", "F18", "F19",
        "F2", "F20", "F21", "F22", "F23", "F24", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "Find", "Help", "Home",
        "Insert", "KBDIllumDown", "KBDIllumToggle", "KBDIllumUp", "Keypad !", "Keypad #", "Keypad %", "Keypad &",
        "Keypad &&", "Keypad (", "Keypad )", "Keypad *", "Keypad +", "Keypad +/-", "Keypad ,", "Keypad -",
        "Keypad .", "Keypad /", "Keypad 0", "Keypad 00", "Keypad 000", "Keypad 1", "Keypad 2", "Keypad 3",
        "Keypad 4", "Keypad 5", "Keypad 6", "Keypad 7", "Keypad 8", "Keypad 9", "Keypad :", "Keypad <", "Keypad =",
        "Keypad = (AS400)", "Keypad >", "Keypad @", "Keypad A", "Keypad B", "Keypad Backspace", "Keypad Binary",
        "Keypad C", "Keypad Clear", "Keypad ClearEntry", "Keypad D", "Keypad Decimal", "Keypad E", "Keypad Enter",
        "Keypad F", "Keypad Hexadecimal", "Keypad MemAdd", "Keypad MemClear", "Keypad MemDivide",
        "Keypad MemMultiply", "Keypad MemRecall", "Keypad MemStore", "Keypad MemSubtract", "Keypad Octal",
        "Keypad Space", "Keypad Tab", "Keypad XOR", "Keypad ^", "Keypad {", "Keypad |", "Keypad ||", "Keypad }",
        "Left", "Left Alt", "Left Ctrl", "Left GUI", "Left Shift", "Mail", "MediaSelect", "Menu", "ModeSwitch",
        "Mute", "Numlock", "Oper", "Out", "PageDown", "PageUp", "Paste", "Pause", "Power", "PrintScreen", "Prior",
        "Return", "Right", "Right Alt", "Right Ctrl", "Right GUI", "Right Shift", "ScrollLock", "Select",
        "Separator", "Sleep", "SoftLeft", "SoftRight", "Space", "Stop", "SysReq", "Tab", "ThousandsSeparator",
        "Undo", "Up", "VolumeDown", "VolumeUp", "WWW"
    ]

    private static let normalizedNames: Set<String> = Set(sdlNames.map { Key($0).name })

    /// True for a name SDL can produce: one printable character, or one of `sdlNames` (compared
    /// as `Key` compares: case and spaces ignored).
    public var isKnown: Bool {
        if name.count == 1, let c = name.first {
            return !c.isWhitespace && !c.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
        return Key.normalizedNames.contains(name)
    }
}
