import CollectionKit

/// The product's palette, so scenes agree on a look.
public enum Theme {
    public static let background = Color(hex: 0x1C1E24)
    public static let surface = Color(hex: 0x262A33)
    public static let surfaceRaised = Color(hex: 0x313642)
    public static let border = Color(hex: 0x3D4350)
    public static let text = Color(hex: 0xE8EAF0)
    public static let textDim = Color(hex: 0x9AA1B0)
    public static let accent = Color(hex: 0x4C8DFF)
    public static let danger = Color(hex: 0xE5534B)
    /// The keyboard focus ring, in every scene.
    public static let focusRing = Color(hex: 0xF5F7FA)
    public static let tabBarHeight: Double = 44
    /// A picture's cell until its picture is ready: a tile a step above the background.
    public static let photoPlaceholder = Color(hex: 0x2E323B)

    /// A stable, pleasant colour for item number `n`.
    public static func tileColor(_ n: Int) -> Color {
        // Golden-ratio hue steps keep neighbours distinct.
        let h = (Double(n) * 0.618033988749895).truncatingRemainder(dividingBy: 1)
        return Color.hsv(h, 0.55, 0.85)
    }
}

/// The one keyboard focus ring every scene draws around its focused item: a light ring outside
/// the item with a thin gap of the background, so it reads on every item colour and beside the
/// selection's accent ring. `outset` is where the item's own decoration (a selection ring) ends.
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
        style.padding = padding
        return style
    }
}
