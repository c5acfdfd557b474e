import Synchronization

/// The user's look-and-feel preferences the engine follows, set by the app (the backend reads the
/// desktop's settings; the engine never does).
///
/// - ``reducesMotion``: animations finish at once. Springs, rect animations, landing and
///   cancelling flights, the lift of a dragged item, items appearing and vanishing, and paging
///   reach their end values in the frame that starts them; what they end on is the same as
///   with motion. A free fling (scrolling released without paging) still glides: it follows the
///   hand, as GTK's kinetic scrolling does with animations off.
/// - ``colorScheme``: the light or dark look an app's theme picks its colours for.
/// - ``textScale``: how much larger than its points text is set (the desktop's text scaling
///   factor). A backend's measurer and renderer both apply it, so cells that size themselves
///   from measured text grow with it and layouts reflow.
///
/// Both may change at any moment (the desktop's setting changed); the next frame follows.
///
/// ```swift
/// Appearance.reducesMotion = true    // --reduce-motion, or enable-animations=false
/// Appearance.colorScheme = .light    // the desktop prefers light
/// ```
public enum Appearance {
    private static let reduced = Atomic<Bool>(false)
    private static let light = Atomic<Bool>(false)
    private static let textScaleBits = Atomic<UInt64>(1.0.bitPattern)

    /// The range ``textScale`` is kept in.
    public static let textScaleRange = 0.5...3.0

    /// True when animations finish at once. O(1), safe from any thread.
    public static var reducesMotion: Bool {
        get { reduced.load(ordering: .relaxed) }
        set { reduced.store(newValue, ordering: .relaxed) }
    }

    /// The colour scheme the app shows; `.dark` until told otherwise.
    public static var colorScheme: ColorScheme {
        get { light.load(ordering: .relaxed) ? .light : .dark }
        set { light.store(newValue == .light, ordering: .relaxed) }
    }

    /// Text is set this many times its size in points: 1 by default, kept within ``textScaleRange``.
    public static var textScale: Double {
        get { Double(bitPattern: textScaleBits.load(ordering: .relaxed)) }
        set {
            let v = newValue.isFinite ? min(max(newValue, textScaleRange.lowerBound), textScaleRange.upperBound) : 1
            textScaleBits.store(v.bitPattern, ordering: .relaxed)
        }
    }

    /// Progress of an animation that started at `start` and lasts `duration`, 0...1 and not eased:
    /// 1 at once when motion is reduced (or the duration is not positive).
    static func linearProgress(now: Double, start: Double, duration: Double) -> Double {
        guard duration > 0, !reducesMotion else { return 1 }
        return min(1, max(0, (now - start) / duration))
    }
}

/// Light text on dark surfaces, or dark text on light ones.
public enum ColorScheme: String, CaseIterable, Sendable {
    case dark, light
}
