import CollectionKit

/// The product's palette, so scenes agree on a look. Its colours follow the engine's
/// ``Appearance/colorScheme`` (the desktop's light or dark preference, or `--color-scheme`): each
/// is read when drawn, so a change shows in the next frame.
public enum Theme {
    /// Every colour of one look.
    public struct Palette: Equatable, Sendable {
        public var background: Color
        public var surface: Color
        public var surfaceRaised: Color
        public var border: Color
        public var text: Color
        public var textDim: Color
        public var accent: Color
        public var danger: Color
        /// The keyboard focus ring, in every scene.
        public var focusRing: Color
        /// A picture's cell until its picture is ready: a tile a step off the background.
        public var photoPlaceholder: Color
        /// A calendar day on a weekend, a step off an ordinary day.
        public var weekendTint: Color
        /// The carousel's card panel under its text.
        public var cardPanel: Color
        /// The notice bar's box (its border is `danger`).
        public var noticeFill: Color
        /// A hover wash laid over a surface.
        public var hoverWash: Color
    }

    /// Light text on dark surfaces: the demo's own look, and the default.
    public static let dark = Palette(
        background: Color(hex: 0x1C1E24), surface: Color(hex: 0x262A33), surfaceRaised: Color(hex: 0x313642),
        border: Color(hex: 0x3D4350), text: Color(hex: 0xE8EAF0), textDim: Color(hex: 0x9AA1B0),
        accent: Color(hex: 0x4C8DFF), danger: Color(hex: 0xE5534B), focusRing: Color(hex: 0xF5F7FA),
        photoPlaceholder: Color(hex: 0x2E323B), weekendTint: Color(hex: 0x2B2F3D), cardPanel: Color(hex: 0x2A2F3A),
        noticeFill: Color(hex: 0x4A2326), hoverWash: Color.white.withAlpha(0.12))

    /// Dark text on light surfaces, for a desktop that prefers light.
    public static let light = Palette(
        background: Color(hex: 0xF6F6F8), surface: Color(hex: 0xE9EBEF), surfaceRaised: Color(hex: 0xFFFFFF),
        border: Color(hex: 0xC3C8D1), text: Color(hex: 0x1D2028), textDim: Color(hex: 0x5B6271),
        accent: Color(hex: 0x2F74D8), danger: Color(hex: 0xC7322B), focusRing: Color(hex: 0x1D2028),
        photoPlaceholder: Color(hex: 0xDDE0E6), weekendTint: Color(hex: 0xDFE2E8), cardPanel: Color(hex: 0xF1F2F5),
        noticeFill: Color(hex: 0xFBE3E1), hoverWash: Color.black.withAlpha(0.08))

    /// The palette of the engine's colour scheme now.
    public static var palette: Palette { Appearance.colorScheme == .light ? light : dark }

    public static var background: Color { palette.background }
    public static var surface: Color { palette.surface }
    public static var surfaceRaised: Color { palette.surfaceRaised }
    public static var border: Color { palette.border }
    public static var text: Color { palette.text }
    public static var textDim: Color { palette.textDim }
    public static var accent: Color { palette.accent }
    public static var danger: Color { palette.danger }
    /// The keyboard focus ring, in every scene.
    public static var focusRing: Color { palette.focusRing }
    /// A picture's cell until its picture is ready: a tile a step off the background.
    public static var photoPlaceholder: Color { palette.photoPlaceholder }
    public static var weekendTint: Color { palette.weekendTint }
    public static var cardPanel: Color { palette.cardPanel }
    public static var noticeFill: Color { palette.noticeFill }
    public static var hoverWash: Color { palette.hoverWash }

    public static let tabBarHeight: Double = 44

    /// A stable, pleasant colour for item number `n` (the same in both schemes: items keep their colour).
    public static func tileColor(_ n: Int) -> Color {
        // Golden-ratio hue steps keep neighbours distinct.
        let h = (Double(n) * 0.618033988749895).truncatingRemainder(dividingBy: 1)
        return Color.hsv(h, 0.55, 0.85)
    }
}

/// The one keyboard focus ring every scene draws around its focused item: a ring outside the item
/// in the scheme's contrasting colour with a thin gap of the background, so it reads on every item
/// colour and beside the selection's accent ring. `outset` is where the item's own decoration (a
/// selection ring) ends.
public enum FocusRing {
    public static func draw(around frame: Rect, radius: Double, outset: Double = 0, into list: inout DrawList) {
        let gap = outset + 2, width = 2.5
        list.stroke(frame.insetBy(dx: -gap - width / 2, dy: -gap - width / 2), Theme.focusRing, width: width,
                    radius: radius + gap + width / 2)
    }
}

extension Theme {
    /// A text field typed in place over an item, in the theme's colours: bold text of `size`.
    static func fieldStyle(size: Double, padding: EdgeInsets) -> TextFieldStyle {
        var style = TextFieldStyle()
        style.text = TextStyle(size: size, weight: .bold)
        style.textColor = Theme.text
        style.placeholderColor = Theme.textDim
        style.background = Theme.surfaceRaised
        style.border = Theme.border
        style.focusedBorder = Theme.accent
        if Appearance.colorScheme == .light {
            style.caret = Theme.text
            style.compositionUnderline = Theme.text
        }
        style.padding = padding
        return style
    }
}

extension ButtonStyle {
    /// The engine's button in the demo's colours, for the scenes' header bars: 13 pt text, as
    /// narrow as its title, the chosen one of a switch in the accent colour. Read it each frame:
    /// it follows the colour scheme in force.
    static var header: ButtonStyle {
        var s = ButtonStyle()
        s.text = TextStyle(size: 13)
        s.textColor = Theme.text
        s.background = Theme.surfaceRaised
        s.hoverBackground = Theme.surfaceRaised.mixed(with: Theme.text, 0.08)
        s.pressedBackground = Theme.background
        s.border = Theme.border
        s.disabledText = Theme.textDim.withAlpha(0.5)
        s.disabledBackground = Theme.surfaceRaised
        s.suggestedBackground = Theme.accent
        s.suggestedText = .white
        s.focusRing = Theme.focusRing
        s.focusRingWidth = 2.5
        s.minimumWidth = 0
        return s
    }
}
