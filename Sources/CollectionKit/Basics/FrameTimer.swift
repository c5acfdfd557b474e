/// Times frames with a clock the core does not own, and keeps the figures `--stats` reports.
///
/// A driver brackets every frame (update, draw and render) with the two calls; the conforming type
/// reads whatever clock it trusts and records the figures, typically into ``FrameStats``.
public protocol FrameTimer: AnyObject {
    /// Called just before a frame's update.
    func frameBegan()
    /// Called once the frame has been drawn and rendered, with the number of cell objects alive then.
    func frameEnded(liveCells: Int)
    /// `count` frame ticks passed without drawing, because nothing could change in them.
    func framesSkipped(_ count: Int)
    /// Called after each frame a window loop ran, with whether anything of it went to the screen
    /// (false when nothing visible changed and the loop presented nothing).
    func framePresented(_ shown: Bool)
}

extension FrameTimer {
    public func framesSkipped(_ count: Int) {}
    public func framePresented(_ shown: Bool) {}
}
