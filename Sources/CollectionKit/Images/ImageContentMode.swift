/// How a picture fills the rect it is drawn into (UIKit's `contentMode`, CSS's `object-fit`).
public enum ImageContentMode: String, Hashable, Sendable {
    /// Scaled to cover the rect, the overflow cropped equally on both sides.
    case fill
    /// Scaled to fit inside the rect, whole, centred; the rest of the rect is left undrawn.
    case fit
    /// At one picture pixel per device pixel, centred, cropped by the rect; never scaled up.
    case center

    /// The factor that takes a picture of `source` pixels to its drawn size in `box` pixels.
    ///
    /// `.center` draws at 1 but is made no larger than the box, so its thumbnail scales like `.fit`
    /// capped at 1; the others are capped at 1 too when a picture is made (pictures are never
    /// scaled up), and not when drawn.
    public func scale(from source: PixelSize, to box: PixelSize) -> Double {
        guard source.width > 0, source.height > 0 else { return 1 }
        let sx = Double(box.width) / Double(source.width), sy = Double(box.height) / Double(source.height)
        switch self {
        case .fill: return max(sx, sy)
        case .fit: return min(sx, sy)
        case .center: return min(1, sx, sy)
        }
    }

    /// Which part of a picture of `image` pixels is drawn, and where, in a rect `into` (pixels).
    ///
    /// Both rects are in pixels; the source is within the picture and the destination within
    /// `into`. A picture made for the rect's pixels (see ``ImageKey``) comes out one to one.
    ///
    /// ```swift
    /// let p = ImageContentMode.fill.placement(image: PixelSize(width: 400, height: 200),
    ///                                         into: Rect(0, 0, 100, 100))
    /// // p.source == Rect(100, 0, 200, 200), p.destination == Rect(0, 0, 100, 100)
    /// ```
    public func placement(image: PixelSize, into r: Rect) -> (source: Rect, destination: Rect) {
        let iw = Double(image.width), ih = Double(image.height)
        let whole = Rect(x: 0, y: 0, width: iw, height: ih)
        guard iw > 0, ih > 0, !r.isEmpty else { return (whole, Rect(origin: r.origin, size: .zero)) }
        switch self {
        case .fill:
            let s = max(r.width / iw, r.height / ih)
            let w = min(iw, r.width / s), h = min(ih, r.height / s)
            return (Rect(x: (iw - w) / 2, y: (ih - h) / 2, width: w, height: h), r)
        case .fit:
            let s = min(r.width / iw, r.height / ih)
            let w = iw * s, h = ih * s
            return (whole, Rect(x: r.midX - w / 2, y: r.midY - h / 2, width: w, height: h))
        case .center:
            let drawn = Rect(x: (r.midX - iw / 2).rounded(.down), y: (r.midY - ih / 2).rounded(.down), width: iw, height: ih)
            let shown = drawn.intersection(r)
            guard !shown.isEmpty else { return (whole, Rect(origin: r.origin, size: .zero)) }
            return (shown.offsetBy(dx: -drawn.minX, dy: -drawn.minY), shown)
        }
    }
}
