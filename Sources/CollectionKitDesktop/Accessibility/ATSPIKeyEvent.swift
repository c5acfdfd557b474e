import CollectionKit

/// A key event as AT-SPI's device event controller takes it (`NotifyListenersSync`): X keysym,
/// X keycode, X modifier mask, time, and the key's text or name, as atk-bridge fills it from a
/// toolkit's key event. Sent as atk-bridge marshals it, `(uinnisb)`: the registry (at-spi2-core
/// 2.46's `spi_dbus_demarshal_deviceEvent`) accepts that or `(uiiiisb)`, and refuses the
/// `(uiuuisb)` its introspection data names.
public struct ATSPIKeyEvent: Equatable, Sendable {
    /// `ATSPI_KEY_PRESSED_EVENT` (0) or `ATSPI_KEY_RELEASED_EVENT` (1).
    public var type: UInt32
    /// The X keysym (`XK_Down` is 0xff54).
    public var keysym: Int32
    /// The X keycode: the evdev code plus 8, as X servers on Linux number keys.
    public var hardwareCode: UInt32
    /// X modifier bits: Shift 1, Lock 2, Control 4, Mod1 (Alt) 8, Mod2 (Num Lock) 16, Mod4 (Super) 64.
    public var modifiers: UInt32
    public var timestamp: Int32
    /// The character typed for a printable key, else the keysym's name ("Down", "KP_Enter").
    public var text: String
    public var isText: Bool

    /// The D-Bus value `(uinnisb)`.
    public var value: DBusValue {
        .tuple([.uint32(type), .int32(keysym), .int16(Int16(truncatingIfNeeded: hardwareCode)),
                .int16(Int16(truncatingIfNeeded: modifiers)), .int32(timestamp), .string(text), .bool(isText)])
    }

    /// The event for a key stroke; nil for a key with no X equivalent known here.
    public init?(_ k: KeyStroke) {
        type = k.pressed ? 0 : 1
        guard let evdev = Self.evdev(usage: k.usage) else { return nil }
        hardwareCode = evdev + 8
        modifiers = Self.xModifiers(k)
        timestamp = Int32(bitPattern: k.timestamp)
        if let scalar = k.character, (32...126).contains(scalar.value) {
            var c = Character(scalar)
            // Shifted letters are their capital's keysym, as X reports them.
            if modifiers & 1 != 0, c.isLetter { c = Character(c.uppercased()) }
            keysym = Int32(c.unicodeScalars.first!.value)
            text = c == " " ? "space" : String(c)
            isText = c != " "
        } else if let (sym, name) = Self.named[k.usage] {
            keysym = sym; text = name; isText = false
        } else {
            return nil
        }
    }

    /// A stroke's modifiers and locks as X's modifier bits.
    static func xModifiers(_ k: KeyStroke) -> UInt32 {
        var x: UInt32 = 0
        if k.modifiers.contains(.shift) { x |= 1 }
        if k.capsLock { x |= 2 }
        if k.modifiers.contains(.ctrl) { x |= 4 }
        if k.modifiers.contains(.alt) { x |= 8 }
        if k.numLock { x |= 16 }
        if k.modifiers.contains(.gui) { x |= 64 }
        return x
    }

    /// USB HID usage (SDL's scancode) to the Linux evdev key code (`linux/input-event-codes.h`).
    static func evdev(usage s: UInt32) -> UInt32? {
        switch s {
        case 4...29:   // A..Z
            return [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44][Int(s - 4)]
        case 30...38: return s - 28          // 1..9
        case 39: return 11                   // 0
        case 58...67: return s + 1           // F1..F10
        case 89...91: return s - 10          // KP_1..KP_3
        case 92...94: return s - 17          // KP_4..KP_6
        case 95...97: return s - 24          // KP_7..KP_9
        default: return evdevOther[s]
        }
    }

    private static let evdevOther: [UInt32: UInt32] = [
        40: 28, 41: 1, 42: 14, 43: 15, 44: 57, 45: 12, 46: 13, 47: 26, 48: 27, 49: 43, 51: 39, 52: 40, 53: 41,
        54: 51, 55: 52, 56: 53, 57: 58, 68: 87, 69: 88, 73: 110, 74: 102, 75: 104, 76: 111, 77: 107, 78: 109,
        79: 106, 80: 105, 81: 108, 82: 103, 83: 69, 84: 98, 85: 55, 86: 74, 87: 78, 88: 96, 98: 82, 99: 83,
        101: 127, 224: 29, 225: 42, 226: 56, 227: 125, 228: 97, 229: 54, 230: 100, 231: 126,
    ]

    /// Keys that type no character: their keysym and its name (X's `keysymdef.h`), by USB HID usage.
    /// Keypad keys are named as with Num Lock off, the way screen readers bind them.
    private static let named: [UInt32: (Int32, String)] = {
        var t: [UInt32: (Int32, String)] = [
            40: (0xff0d, "Return"), 41: (0xff1b, "Escape"), 42: (0xff08, "BackSpace"), 43: (0xff09, "Tab"),
            57: (0xffe5, "Caps_Lock"), 73: (0xff63, "Insert"), 74: (0xff50, "Home"), 75: (0xff55, "Page_Up"),
            76: (0xffff, "Delete"), 77: (0xff57, "End"), 78: (0xff56, "Page_Down"), 79: (0xff53, "Right"),
            80: (0xff51, "Left"), 81: (0xff54, "Down"), 82: (0xff52, "Up"), 83: (0xff7f, "Num_Lock"),
            84: (0xffaf, "KP_Divide"), 85: (0xffaa, "KP_Multiply"), 86: (0xffad, "KP_Subtract"), 87: (0xffab, "KP_Add"),
            88: (0xff8d, "KP_Enter"), 89: (0xff9c, "KP_End"), 90: (0xff99, "KP_Down"), 91: (0xff9b, "KP_Page_Down"),
            92: (0xff96, "KP_Left"), 93: (0xff9d, "KP_Begin"), 94: (0xff98, "KP_Right"), 95: (0xff95, "KP_Home"),
            96: (0xff97, "KP_Up"), 97: (0xff9a, "KP_Page_Up"), 98: (0xff9e, "KP_Insert"), 99: (0xff9f, "KP_Delete"),
            101: (0xff67, "Menu"), 224: (0xffe3, "Control_L"), 225: (0xffe1, "Shift_L"), 226: (0xffe9, "Alt_L"),
            227: (0xffeb, "Super_L"), 228: (0xffe4, "Control_R"), 229: (0xffe2, "Shift_R"), 230: (0xffea, "Alt_R"),
            231: (0xffec, "Super_R"),
        ]
        for f in 0..<12 { t[UInt32(f < 10 ? 58 + f : 68 + f - 10)] = (Int32(0xffbe + f), "F\(f + 1)") }
        return t
    }()
}
