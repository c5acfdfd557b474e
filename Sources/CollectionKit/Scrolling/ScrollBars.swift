/// Overlay scroll bars in the manner of GTK's: thin bars along the edges that appear while the
/// content scrolls or the pointer moves over the collection, widen when the pointer comes near,
/// and fade out after a pause. Their thumbs can be grabbed and dragged, a press on the track
/// pages toward the press (and keeps paging while held), and Shift while dragging a thumb scrolls
/// finely (a pointer point moves the content `fineRate` points), so that even with a million items
/// every item can be reached from the bar.
///
/// The state lives in `CollectionView.scrollBars`; `CollectionView.handleScrollBarEvent` takes input,
/// `update(now:)` watches the offset, and `ScrollIndicator.draw` draws. Everything is dated by the
/// `now` passed in, so showing and fading take the same time at every frame rate.
struct ScrollBars: Equatable, Sendable {
    /// Thickness of a bar at rest and when the pointer is near or it is being dragged.
    var thinWidth = 5.0
    var wideWidth = 10.0
    /// Distance from the edge within which the pointer counts as over the bar (and grabs it).
    var hitWidth = 12.0
    /// The thumb never gets shorter than this, however long the content.
    var minimumThumbLength = 36.0
    /// Seconds a bar stays fully shown after the last activity, then seconds to fade out.
    var holdTime = 1.0
    var fadeTime = 0.3
    /// Paging on a held track: first repeat after `repeatDelay`, then every `repeatInterval` seconds.
    var repeatDelay = 0.35
    var repeatInterval = 0.1
    /// Content points per pointer point while Shift is held during a thumb drag.
    var fineRate = 1.0
    /// The share of the viewport a track press pages.
    var pageFraction = 0.9

    /// When the content last moved, or the pointer last moved over the collection.
    private(set) var lastActivity: Double = -.infinity
    /// The axis whose bar the pointer is near, if any.
    private(set) var hoveredAxis: Axis?
    /// A thumb being dragged.
    private(set) var thumbDrag: ThumbDrag?
    /// A track being held: it pages toward `pointer` until the thumb reaches it.
    private(set) var trackPress: TrackPress?
    private var lastOffset: Point?

    struct ThumbDrag: Equatable, Sendable {
        var axis: Axis
        /// Where the pointer holds the thumb, from the thumb's start along the axis.
        var grab: Double
        /// Fine mode: the pointer position and offset it started from.
        var fineStart: (pointer: Double, offset: Double)?
        static func == (a: ThumbDrag, b: ThumbDrag) -> Bool {
            a.axis == b.axis && a.grab == b.grab && a.fineStart?.pointer == b.fineStart?.pointer
                && a.fineStart?.offset == b.fineStart?.offset
        }
    }

    struct TrackPress: Equatable, Sendable {
        var axis: Axis
        var pointer: Point
        /// When the next page is due.
        var nextPage: Double
    }

    init() {}

    /// True while a bar holds the pointer (a thumb drag or a held track).
    var isTracking: Bool { thumbDrag != nil || trackPress != nil }

    /// How opaque the bars are at `now`, 0...1.
    func opacity(at now: Double) -> Double {
        if isTracking || hoveredAxis != nil { return 1 }
        let t = now - lastActivity - holdTime
        if t <= 0 { return 1 }
        return max(0, 1 - t / fadeTime)
    }

    /// When the bars next change without input: a held track's next page, at once while the bars
    /// fade, at the end of the hold before a fade, never once faded (see `InteractiveRoot.nextDeadline`).
    func nextDeadline(after now: Double) -> Double? {
        if let t = trackPress { return max(now, t.nextPage) }
        if isTracking || hoveredAxis != nil || lastActivity == -.infinity { return nil }
        let fadeStart = lastActivity + holdTime
        if now < fadeStart { return fadeStart }
        return now < fadeStart + fadeTime ? now : nil
    }

    /// Notes activity at `now` (the bars show and the fade restarts).
    mutating func show(now: Double) { lastActivity = max(lastActivity, now) }

    mutating func observe(offset: Point, now: Double) {
        if let last = lastOffset, abs(last.x - offset.x) > 0.01 || abs(last.y - offset.y) > 0.01 { show(now: now) }
        lastOffset = offset
    }

    mutating func setHover(_ axis: Axis?) { hoveredAxis = axis }
    mutating func beginThumbDrag(_ d: ThumbDrag) { thumbDrag = d; trackPress = nil }
    mutating func setThumbDrag(_ d: ThumbDrag?) { thumbDrag = d }
    mutating func setTrackPress(_ p: TrackPress?) { trackPress = p }
    /// Lets go of any thumb or track (a release, focus lost).
    mutating func endTracking(now: Double) {
        if isTracking { show(now: now) }
        thumbDrag = nil; trackPress = nil
    }
}

/// Where one bar is, in window points.
struct ScrollBarGeometry: Equatable, Sendable {
    var axis: Axis
    /// The whole length the thumb travels in, and the area that takes presses.
    var track: Rect
    var thumb: Rect
    /// The largest offset along the axis.
    var maxOffset: Double

    /// Thumb travel: the track length less the thumb length.
    var travel: Double { track.size[axis] - thumb.size[axis] }

    /// The offset that puts the thumb's start at `thumbStart` (window points along the axis).
    func offset(forThumbStart thumbStart: Double) -> Double {
        guard travel > 0 else { return 0 }
        let f = (thumbStart - track[minOf: axis]) / travel
        return min(max(f, 0), 1) * maxOffset
    }
}
