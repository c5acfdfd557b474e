/// The system's clipboard, as a text field reaches it: the backend implements it over the
/// platform's (CollectionKitSDL's `SDLTextServices` over SDL's), tests use CollectionKitTesting's
/// `MemoryClipboard`.
public protocol Clipboard: AnyObject {
    /// The text on the clipboard; nil when it holds none.
    var text: String? { get }
    /// Puts `text` on the clipboard.
    func setText(_ text: String)
}

/// The clipboard of a program with no window: text kept in memory (``TextServices``' default).
/// Tests use CollectionKitTesting's `MemoryClipboard`.
final class ProcessClipboard: Clipboard {
    private(set) var text: String?
    init() {}
    func setText(_ text: String) { self.text = text }
}

/// The platform's text input, as a text field asks for it: start taking text (and input-method
/// compositions) while a field has the focus, stop when none has, and place the input method's
/// candidate window at the caret. The backend implements it (over `SDL_StartTextInput`,
/// `SDL_StopTextInput` and `SDL_SetTextInputRect`).
public protocol TextInputHost: AnyObject {
    /// A field took the focus; its caret is at `caret` (window points).
    func startTextInput(caret: Rect)
    /// The caret of the focused field moved (typing, scrolling, a composition changing).
    func moveTextInput(caret: Rect)
    /// No field has the focus any more.
    func stopTextInput()
}

/// The text input of a program with no window: there is no input method to tell anything
/// (``TextServices``' default). Tests use CollectionKitTesting's `RecordingTextInputHost`.
final class NoTextInputHost: TextInputHost {
    init() {}
    func startTextInput(caret: Rect) {}
    func moveTextInput(caret: Rect) {}
    func stopTextInput() {}
}

/// The platform services text editing needs, handed to every field of a window: one value an
/// app makes once (from its backend) and passes to the parts that edit.
///
/// ```swift
/// let services = TextServices(clipboard: SDLTextServices.shared, input: SDLTextServices.shared)   // a window
/// let services = TextServices()                                                                // no window: in memory
/// let services = TextServices(clipboard: MemoryClipboard(), input: RecordingTextInputHost())   // tests (CollectionKitTesting)
/// ```
public final class TextServices {
    public let clipboard: any Clipboard
    public let input: any TextInputHost
    /// The X11/Wayland PRIMARY selection, where the platform has one: a field puts the text the
    /// user selects there, and a middle click in a field pastes it at the click. Nil: neither.
    public let primarySelection: (any Clipboard)?
    /// Without arguments: a clipboard in memory, no input method and no primary selection, for a
    /// program with no window.
    public init(clipboard: (any Clipboard)? = nil, input: (any TextInputHost)? = nil, primarySelection: (any Clipboard)? = nil) {
        self.clipboard = clipboard ?? ProcessClipboard(); self.input = input ?? NoTextInputHost()
        self.primarySelection = primarySelection
    }
}

/// The colours, font and spacing of a text field; an app's theme sets them.
public struct TextFieldStyle: Equatable, Sendable {
    public var text = TextStyle(size: 14)
    public var textColor = Color(hex: 0xE6E8EC)
    public var placeholderColor = Color(hex: 0x7D8494)
    public var background = Color(hex: 0x1B1E24)
    public var border = Color(hex: 0x3D4350)
    public var focusedBorder = Color(hex: 0x4C8DFF)
    public var selection = Color(hex: 0x4C8DFF).withAlpha(0.45)
    public var caret = Color(hex: 0xFFFFFF)
    public var compositionUnderline = Color(hex: 0xE6E8EC)
    /// Room between the border and the text.
    public var padding = EdgeInsets(top: 6, left: 8, bottom: 6, right: 8)
    public var cornerRadius = 6.0
    /// Seconds the caret is shown, then hidden, while it blinks.
    public var blinkInterval = 0.53
    /// Seconds after the last input the caret stops blinking and stays on (as GTK's
    /// `gtk-cursor-blink-timeout`); nil blinks for ever.
    public var blinkTimeout: Double? = 10
    /// The standard colours of the scheme in force (``Appearance/colorScheme``).
    public init() { self = .standard(for: Appearance.colorScheme) }
    init(darkStandard: Void) {}
}

/// The words a text field may show; an app replaces them with its own or translated ones.
public struct TextFieldStrings: Sendable {
    /// Shown in an empty field that has no placeholder of its own.
    public var placeholder = ""
    /// The undo history's summary of a committed edit ("rename Item 3").
    public var renameSummary: @Sendable (String) -> String = { TextDomain.fill(TextDomain.collectionKit("rename %@"), $0) }
    /// The undo history's summary of a new item.
    public var addSummary: @Sendable (String) -> String = { TextDomain.fill(TextDomain.collectionKit("add %@"), $0) }
    /// The undo history's summary of a delete.
    public var deleteSummary: @Sendable (String) -> String = { TextDomain.fill(TextDomain.collectionKit("delete %@"), $0) }
    /// Shown under a field whose length limit kept typing or a paste out.
    public var limitReached: @Sendable (Int) -> String = {
        TextDomain.fill(TextDomain.collectionKit.plural("At most %@ character: the rest was left out.",
                                                        "At most %@ characters: the rest was left out.", $0), "\($0)")
    }
    public init() {}
}
