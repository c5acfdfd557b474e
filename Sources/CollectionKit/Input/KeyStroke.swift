/// A key pressed or released in a window, before the application sees it, in terms no backend
/// owns: what the desktop's services are shown (a screen reader's keystroke listeners, through
/// the AT-SPI bridge). A backend makes one from its own key event; a loop that publishes it
/// does so through ``DesktopServiceHost/keyFilter``.
public struct KeyStroke: Equatable, Sendable {
    public var pressed: Bool
    /// The physical key as its USB HID usage on the keyboard page (4 is A, 0x51 Down, 0xE0 the
    /// left Control): the numbers SDL calls scancodes, which map one to one onto Linux's key codes.
    public var usage: UInt32
    /// What a printable ASCII key types with no modifier ("a" for A, "5", " " for Space); nil for
    /// other keys (arrows, function keys, the keypad).
    public var character: Unicode.Scalar?
    /// The modifier keys held.
    public var modifiers: Modifiers
    public var capsLock: Bool
    public var numLock: Bool
    /// Milliseconds, on the backend's clock of input events.
    public var timestamp: UInt32

    public init(pressed: Bool, usage: UInt32, character: Unicode.Scalar?, modifiers: Modifiers = [],
                capsLock: Bool = false, numLock: Bool = false, timestamp: UInt32) {
        self.pressed = pressed; self.usage = usage; self.character = character; self.modifiers = modifiers
        self.capsLock = capsLock; self.numLock = numLock; self.timestamp = timestamp
    }
}
