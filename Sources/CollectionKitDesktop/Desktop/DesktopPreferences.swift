import CollectionKit

/// The desktop's look-and-feel settings an app follows: the freedesktop colour-scheme preference,
/// the text scaling factor and whether animations are on. Plain values, read by ``DesktopSettings``.
public struct DesktopPreferences: Equatable, Sendable {
    /// The preferred scheme; nil when the desktop states none (the app keeps its own default).
    public var colorScheme: ColorScheme?
    /// GNOME's `text-scaling-factor`: 1 unless the user changed it.
    public var textScale = 1.0
    /// GNOME's `enable-animations`: false asks for reduced motion.
    public var animations = true
    /// Where the values came from: "portal" (org.freedesktop.portal.Settings), "gsettings"
    /// (org.gnome.desktop.interface), both joined by "+" when each gave some, or "none" when neither answered.
    public var source = "none"

    public init(colorScheme: ColorScheme? = nil, textScale: Double = 1, animations: Bool = true, source: String = "none") {
        self.colorScheme = colorScheme; self.textScale = textScale; self.animations = animations; self.source = source
    }

    /// The portal's `org.freedesktop.appearance` `color-scheme`: 1 prefers dark, 2 prefers light,
    /// 0 (or anything else) states no preference.
    public static func colorScheme(portal value: UInt32) -> ColorScheme? {
        switch value {
        case 1: .dark
        case 2: .light
        default: nil
        }
    }

    /// GSettings' `org.gnome.desktop.interface` `color-scheme`: 'prefer-dark', 'prefer-light' or 'default'.
    public static func colorScheme(gsettings value: String) -> ColorScheme? {
        switch value {
        case "prefer-dark": .dark
        case "prefer-light": .light
        default: nil
        }
    }

    /// A text scaling factor as the engine takes it: finite and within `Appearance.textScaleRange`, else 1.
    public static func textScale(_ value: Double) -> Double {
        value.isFinite && Appearance.textScaleRange.contains(value) ? value : 1
    }
}
