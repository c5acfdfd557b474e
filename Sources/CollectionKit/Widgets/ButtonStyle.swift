/// How a ``Button`` looks: its text, colours for each look (resting, hovered, pressed, disabled),
/// the colours of a default (``Button/Kind/suggested``) and a destructive button, the focus ring,
/// and its padding and corners. A style made with `init()` takes the standard colours of the scheme
/// in force (``Appearance/colorScheme``) and follows the scheme when it changes, unless the app
/// changed it (see ``SchemeStandard``).
///
/// ```swift
/// var style = ButtonStyle()
/// style.suggestedBackground = brandBlue      // the app's own colour, kept in both schemes
/// let save = Button(name: "save", title: words("Save"), kind: .suggested, style: style)
/// ```
public struct ButtonStyle: Equatable, Sendable {
    /// The title's font; the backend sets it ``Appearance/textScale`` times larger.
    public var text = TextStyle(size: 14)
    public var textColor = Color(hex: 0xE6E8EC)
    public var background = Color(hex: 0x343842)
    public var hoverBackground = Color(hex: 0x404551)
    public var pressedBackground = Color(hex: 0x282B32)
    public var border = Color(hex: 0x4A505D)
    /// A disabled button's text and background.
    public var disabledText = Color(hex: 0x7D8494)
    public var disabledBackground = Color(hex: 0x2A2D33)
    /// A suggested (default) button: the action a dialog expects.
    public var suggestedText = Color.white
    public var suggestedBackground = Color(hex: 0x3574E0)
    /// A destructive button: the action that deletes.
    public var destructiveText = Color.white
    public var destructiveBackground = Color(hex: 0xC0392B)
    /// The keyboard focus ring, drawn `focusRingGap` outside the button.
    public var focusRing = Color(hex: 0x8AB4FF)
    public var focusRingWidth = 2.0
    public var focusRingGap = 2.0
    /// Room between the border and the title.
    public var padding = EdgeInsets(top: 6, left: 14, bottom: 6, right: 14)
    /// Room between a symbol and the title.
    public var symbolSpacing = 6.0
    public var cornerRadius = 6.0
    /// The smallest size a button asks for (a one-letter title still makes a button).
    public var minimumWidth = 64.0
    public var minimumHeight = 30.0

    /// The standard colours of the scheme in force (``Appearance/colorScheme``).
    public init() { self = .standard(for: Appearance.colorScheme) }
    init(darkStandard: Void) {}
}

extension ButtonStyle: SchemeStandard {
    /// The standard colours for `scheme`: light text on dark buttons (the defaults) or dark text on
    /// light ones. Sizes and spacing are the same in both.
    public static func standard(for scheme: ColorScheme) -> ButtonStyle {
        var s = ButtonStyle(darkStandard: ())
        guard scheme == .light else { return s }
        s.textColor = Color(hex: 0x1F2329)
        s.background = Color(hex: 0xE4E7EC)
        s.hoverBackground = Color(hex: 0xD8DCE3)
        s.pressedBackground = Color(hex: 0xC9CED7)
        s.border = Color(hex: 0xBFC5CF)
        s.disabledText = Color(hex: 0x9AA0AB)
        s.disabledBackground = Color(hex: 0xEEF0F3)
        s.suggestedBackground = Color(hex: 0x2F6FDB)
        s.destructiveBackground = Color(hex: 0xC42F28)
        s.focusRing = Color(hex: 0x2F6FDB)
        return s
    }
}
