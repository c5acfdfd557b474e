/// The engine's own colours for both colour schemes. A style made with `init()` takes the
/// standard colours of the scheme in force (``Appearance/colorScheme``), and a style the app has
/// left as it was follows the scheme when it changes while the window runs: what draws with it
/// asks for ``DragDropStyle/following(_:)`` (and its kin), which swaps an untouched standard style
/// for the other scheme's and leaves an app's own colours alone.
///
/// ```swift
/// Appearance.colorScheme = .light            // the desktop prefers light
/// let menu = ContextMenuController()         // white panel, dark text
/// menu.style.highlight = brand               // the app's own colour: kept in both schemes
/// ```
public protocol SchemeStandard: Equatable {
    /// The engine's standard colours for `scheme`.
    static func standard(for scheme: ColorScheme) -> Self
}

extension SchemeStandard {
    /// `self`, or the standard style of `scheme` when `self` is the other scheme's standard one
    /// unchanged. O(1).
    public func following(_ scheme: ColorScheme) -> Self {
        let other: ColorScheme = scheme == .light ? .dark : .light
        return self == Self.standard(for: other) ? Self.standard(for: scheme) : self
    }
}

extension DragDropStyle: SchemeStandard {
    /// The standard colours for `scheme`: dark surfaces (the defaults) or light ones.
    public static func standard(for scheme: ColorScheme) -> DragDropStyle {
        var s = DragDropStyle(darkStandard: ())
        guard scheme == .light else { return s }
        s.gapFill = Color(hex: 0xE3E6EB)
        s.gapStroke = Color(hex: 0x2F6FDB).withAlpha(0.7)
        s.placeholderText = Color(hex: 0x5B6270)
        s.placeholderStroke = Color(hex: 0xBFC5CF)
        s.accepting = Color(hex: 0x2F6FDB)
        s.refusing = Color(hex: 0xC9362E)
        s.stackFill = Color(hex: 0xECEEF2)
        s.stackStroke = Color(hex: 0xB4BAC5)
        s.stackShadow = Color.black.withAlpha(0.2)
        s.badgeFill = Color(hex: 0x2F6FDB)
        s.copyBadgeFill = Color(hex: 0x1F883D)
        s.copyBadgeRing = Color.white
        s.swapVeil = Color.black.withAlpha(0.18)
        s.feedbackFill = Color(hex: 0xF6F7F9)
        s.feedbackText = Color(hex: 0xB42318)
        return s
    }
}

extension ContextMenuStyle: SchemeStandard {
    /// The standard colours for `scheme`: a dark panel (the defaults) or a white one.
    public static func standard(for scheme: ColorScheme) -> ContextMenuStyle {
        var s = ContextMenuStyle(darkStandard: ())
        guard scheme == .light else { return s }
        s.background = Color.white
        s.border = Color(hex: 0xC6CBD3)
        s.text = Color(hex: 0x1F2329)
        s.disabledText = Color(hex: 0x868C98)
        s.highlight = Color(hex: 0x2F6FDB)
        s.destructive = Color(hex: 0xC42F28)
        s.destructiveHighlight = Color(hex: 0xD6453D)
        return s
    }
}

extension TextFieldStyle: SchemeStandard {
    /// The standard colours for `scheme`: light text on a dark field (the defaults) or dark
    /// text on a white one. Sizes and spacing are the same in both.
    public static func standard(for scheme: ColorScheme) -> TextFieldStyle {
        var s = TextFieldStyle(darkStandard: ())
        guard scheme == .light else { return s }
        s.textColor = Color(hex: 0x1F2329)
        s.placeholderColor = Color(hex: 0x767C88)
        s.background = Color.white
        s.border = Color(hex: 0xBFC5CF)
        s.focusedBorder = Color(hex: 0x2F6FDB)
        s.selection = Color(hex: 0x2F6FDB).withAlpha(0.3)
        s.caret = Color(hex: 0x1F2329)
        s.compositionUnderline = Color(hex: 0x1F2329)
        return s
    }
}

extension ColorScheme {
    /// What a window shows where the app draws nothing: black in dark, a light grey in light.
    public var standardBackground: Color { self == .light ? Color(hex: 0xF5F6F8) : .black }
}

extension CollectionView {
    /// The empty message's standard colour for each scheme.
    static let standardEmptyMessageColors: (dark: Color, light: Color) = (Color(hex: 0x9AA1B0), Color(hex: 0x5B6270))

    /// The empty message's colour as drawn now: the app's, or the standard one of the scheme in force.
    var emptyMessageColorInForce: Color {
        let standard = CollectionView.standardEmptyMessageColors
        guard emptyMessageColor == standard.dark || emptyMessageColor == standard.light else { return emptyMessageColor }
        return Appearance.colorScheme == .light ? standard.light : standard.dark
    }
}
