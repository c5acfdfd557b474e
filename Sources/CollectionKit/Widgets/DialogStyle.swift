/// How a ``Dialog`` looks: the dimming over what is behind it, its box, its title and body text,
/// and its spacing. `init()` takes the standard colours of the scheme in force and follows the
/// scheme when it changes, unless the app changed it (see ``SchemeStandard``).
///
/// ```swift
/// var style = DialogStyle()
/// style.maximumWidth = 520
/// let dialog = Dialog(title: words("Delete 3 photos?"), message: words("They go to the trash."),
///                     buttons: [cancel, delete], measurer: measurer, style: style)
/// ```
public struct DialogStyle: Equatable, Sendable {
    /// Drawn over the whole area the dialog is given: what is behind it is dimmed.
    public var scrim = Color.black.withAlpha(0.5)
    public var background = Color(hex: 0x24272E)
    public var border = Color(hex: 0x454B57)
    public var shadow = Color.black.withAlpha(0.5)
    public var title = TextStyle(size: 17, weight: .bold)
    public var titleColor = Color(hex: 0xF2F3F5)
    public var body = TextStyle(size: 14)
    public var bodyColor = Color(hex: 0xC8CCD4)
    /// The scroll indicator shown when the text is taller than the box.
    public var scrollIndicator = Color.white.withAlpha(0.35)
    /// Room between the box's edge and what is in it.
    public var padding = 20.0
    /// Room between the title, the body, the content and the buttons.
    public var spacing = 12.0
    public var cornerRadius = 10.0
    /// The widest the box grows at the default text size, in points: it grows with the text scale,
    /// and past this only to fit its buttons.
    public var maximumWidth = 440.0
    /// The narrowest the box is at the default text size, in points (it grows with the text scale).
    public var minimumWidth = 280.0
    /// The least room kept between the box and the edges of its area.
    public var margin = 24.0

    /// The standard colours of the scheme in force (``Appearance/colorScheme``).
    public init() { self = .standard(for: Appearance.colorScheme) }
    init(darkStandard: Void) {}
}

extension DialogStyle: SchemeStandard {
    /// The standard colours for `scheme`: a dark box (the defaults) or a white one.
    public static func standard(for scheme: ColorScheme) -> DialogStyle {
        var s = DialogStyle(darkStandard: ())
        guard scheme == .light else { return s }
        s.scrim = Color.black.withAlpha(0.35)
        s.background = Color.white
        s.border = Color(hex: 0xC6CBD3)
        s.shadow = Color.black.withAlpha(0.3)
        s.titleColor = Color(hex: 0x1F2329)
        s.bodyColor = Color(hex: 0x474D57)
        s.scrollIndicator = Color.black.withAlpha(0.3)
        return s
    }
}

/// How a ``Toast`` looks: its box, its message and its spacing. `init()` takes the standard
/// colours of the scheme in force and follows the scheme when it changes, unless the app changed it.
public struct ToastStyle: Equatable, Sendable {
    public var background = Color(hex: 0x33373F)
    public var border = Color(hex: 0x4F5562)
    public var shadow = Color.black.withAlpha(0.45)
    public var text = TextStyle(size: 14)
    public var textColor = Color(hex: 0xEDEFF2)
    /// Room between the box's edge and what is in it, and between the message and the buttons.
    public var padding = 12.0
    public var spacing = 10.0
    public var cornerRadius = 8.0
    /// The widest the box grows, in points.
    public var maximumWidth = 560.0
    /// Room kept between the box and its area's bottom edge and sides.
    public var margin = 16.0

    /// The standard colours of the scheme in force (``Appearance/colorScheme``).
    public init() { self = .standard(for: Appearance.colorScheme) }
    init(darkStandard: Void) {}
}

extension ToastStyle: SchemeStandard {
    /// The standard colours for `scheme`: a dark box in both, a little lighter in light (as GNOME's
    /// toasts stay dark on light windows).
    public static func standard(for scheme: ColorScheme) -> ToastStyle {
        var s = ToastStyle(darkStandard: ())
        guard scheme == .light else { return s }
        s.background = Color(hex: 0x2B2F36)
        s.border = Color(hex: 0x2B2F36)
        s.shadow = Color.black.withAlpha(0.25)
        return s
    }
}
