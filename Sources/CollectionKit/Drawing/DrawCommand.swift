/// What the core asks the backend to draw: plain data, no graphics handles.
///
/// Commands run in order. Clip, transform and opacity are stacks: each push is matched by a pop.
/// Transforms scale and translate (no rotation); a rect drawn under transform `t` lands at
/// `t.apply(rect)`, so the core can compute hit areas with the same arithmetic.
///
/// Rects, points and sizes are in the coordinates of the current transform; the backend maps them
/// to pixels. You rarely build commands directly: ``DrawList``'s methods append them and keep the
/// pushes and pops paired.
public enum DrawCommand: Equatable, Sendable {
    /// Fills a rect with a colour, its corners rounded by `cornerRadius` (0 for square corners).
    case fill(Rect, Color, cornerRadius: Double)
    /// Outlines a rect with a line `width` points wide (at least one pixel), corners rounded by
    /// `cornerRadius`.
    case stroke(Rect, Color, width: Double, cornerRadius: Double)
    /// A soft shadow under a rounded rect: `blur` points of falloff, already offset.
    case shadow(Rect, Color, cornerRadius: Double, blur: Double)
    /// A straight segment from one point to another, `width` points wide (at least one pixel).
    case line(from: Point, to: Point, Color, width: Double)
    /// One line of text, placed, measured and cut by the backend; see ``TextRun``.
    case text(TextRun)
    /// A paragraph wrapped to its rect's width by the backend's measurer; see ``ParagraphRun``.
    case paragraph(ParagraphRun)
    /// Draws the texture recorded under `key` (see `DrawList.textures`) into `rect`.
    case texture(key: String, rect: Rect)
    /// Draws a decoded picture into a rect with a content mode and rounded corners, at device
    /// pixels; see ``ImageRun``.
    case image(ImageRun)
    /// Restricts drawing to a rect, intersected with any clip already pushed, until the matching
    /// ``DrawCommand/popClip``. The rect is mapped by the current transform.
    case pushClip(Rect)
    /// Restores the clip in force before the matching ``DrawCommand/pushClip(_:)``.
    case popClip
    /// Applies a transform on top of the current one (the current one applied after it, as
    /// ``Transform/concatenating(_:)`` composes) until the matching ``DrawCommand/popTransform``.
    case pushTransform(Transform)
    /// Restores the transform in force before the matching ``DrawCommand/pushTransform(_:)``.
    case popTransform
    /// Multiplies the opacity of everything drawn until the matching ``DrawCommand/popOpacity`` by a
    /// factor in 0...1; nested opacities multiply.
    case pushOpacity(Double)
    /// Restores the opacity in force before the matching ``DrawCommand/pushOpacity(_:)``.
    case popOpacity
}
