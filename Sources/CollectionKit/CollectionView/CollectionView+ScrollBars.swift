/// The overlay scroll bars of a collection view: their geometry, their input and their per-frame state.
extension CollectionView {
    /// The bar for `axis` at `width` thickness, or nil when the content fits along that axis.
    /// O(1): the thumb's size is the visible share of the content, at least the minimum length.
    /// `offset` places the thumb for another offset than the current one (where a motion is heading).
    func scrollBarGeometry(_ axis: Axis, width: Double? = nil, offset: Point? = nil) -> ScrollBarGeometry? {
        let content = contentSize[axis], visible = frame.size[axis]
        guard physics.axes.contains(axis), content > visible + 1, visible > 40 else { return nil }
        let w = width ?? scrollBars.wideWidth
        let margin = 2.0
        let inset = 4.0
        let track: Rect
        if axis == .vertical {
            track = Rect(x: frame.maxX - margin - w, y: frame.minY + inset, width: w, height: frame.height - 2 * inset)
        } else {
            track = Rect(x: frame.minX + inset, y: frame.maxY - margin - w, width: frame.width - 2 * inset, height: w)
        }
        let length = track.size[axis]
        let thumbLength = min(length, max(scrollBars.minimumThumbLength, length * visible / content))
        let maxOffset = content - visible
        // Past an end (a rubber band) the thumb stays at that end.
        let progress = min(1, max(0, (offset ?? physics.offset)[axis] / maxOffset))
        let start = track[minOf: axis] + progress * (length - thumbLength)
        let thumb = axis == .vertical
            ? Rect(x: track.minX, y: start, width: w, height: thumbLength)
            : Rect(x: start, y: track.minY, width: thumbLength, height: w)
        return ScrollBarGeometry(axis: axis, track: track, thumb: thumb, maxOffset: maxOffset)
    }

    /// True when a bar could show: the content overflows the view along an axis it scrolls.
    var hasScrollBars: Bool { scrollBarGeometry(.vertical) != nil || scrollBarGeometry(.horizontal) != nil }

    /// The axis whose bar area (the strip `hitWidth` wide along an edge) holds `p`; nil where the
    /// view shows no bars.
    public func scrollBarAxis(at p: Point) -> Axis? {
        guard showsScrollBars, frame.contains(p) else { return nil }
        for axis in [Axis.vertical, .horizontal] {
            guard let g = scrollBarGeometry(axis) else { continue }
            let cross: Axis = axis == .vertical ? .horizontal : .vertical
            let edge = frame[maxOf: cross]
            if p[cross] >= edge - scrollBars.hitWidth, p[axis] >= g.track[minOf: axis], p[axis] <= g.track[maxOf: axis] {
                return axis
            }
        }
        return nil
    }

    /// Gives a pointer event to the scroll bars. Returns true when a bar used it: a press on a
    /// thumb grabs it, a press on a track pages toward the press, and moves and the release belong
    /// to the bar until it lets go. Any other pointer motion over the collection shows the bars.
    /// A ``Composition`` routes its views' bars itself, before any part.
    @discardableResult
    func handleScrollBarEvent(_ event: InputEvent, now: Double) -> Bool {
        var bars = scrollBars
        defer { scrollBars = bars }
        switch event {
        case let .pointerDown(p, .left, mods):
            guard let axis = scrollBarAxis(at: p), let g = scrollBarGeometry(axis) else {
                // A press elsewhere while the bar holds the pointer (its release was lost) replaces
                // that hold, as a new press replaces a pan: the track stops paging under the new
                // press, and the new press's release is its own, not the bar's.
                if bars.isTracking { bars.endTracking(now: now); physics.touchUp(now: now) }
                return false
            }
            physics.touchDown(now: now)
            bars.show(now: now)
            if g.thumb.insetBy(dx: -2, dy: -2).contains(p) {
                var d = ScrollBars.ThumbDrag(axis: axis, grab: p[axis] - g.thumb[minOf: axis])
                if mods.contains(.shift) { d.fineStart = (p[axis], physics.offset[axis]) }
                bars.beginThumbDrag(d)
            } else {
                bars.setTrackPress(ScrollBars.TrackPress(axis: axis, pointer: p, nextPage: now + bars.repeatDelay))
                pageTowardTrackPress(p, axis: axis, now: now)
            }
            return true
        case let .pointerMove(p, mods):
            if frame.contains(p) || bars.isTracking { bars.show(now: now) }
            bars.setHover(bars.thumbDrag?.axis ?? scrollBarAxis(at: p))
            if var d = bars.thumbDrag, let g = scrollBarGeometry(d.axis) {
                // Shift switches to fine scrolling from wherever the thumb is; letting go of Shift
                // takes the thumb back under the pointer where it holds it.
                if mods.contains(.shift), d.fineStart == nil { d.fineStart = (p[d.axis], physics.offset[d.axis]) }
                if !mods.contains(.shift), d.fineStart != nil {
                    d.fineStart = nil
                    d.grab = min(max(p[d.axis] - g.thumb[minOf: d.axis], 0), g.thumb.size[d.axis])
                }
                bars.setThumbDrag(d)
                var target = physics.offset
                if let fine = d.fineStart {
                    target[d.axis] = min(max(fine.offset + (p[d.axis] - fine.pointer) * bars.fineRate, 0), g.maxOffset)
                } else {
                    target[d.axis] = g.offset(forThumbStart: p[d.axis] - d.grab)
                }
                physics.jump(to: target)
                return true
            }
            if var t = bars.trackPress { t.pointer = p; bars.setTrackPress(t); return true }
            return false
        case .pointerUp(_, .left, _):
            guard bars.isTracking else { return false }
            bars.endTracking(now: now)
            // A paging layout (a carousel) settles on its nearest page.
            physics.touchUp(now: now)
            return true
        case .wheel:
            bars.show(now: now)
            return false
        case .focus(gained: false):
            if bars.isTracking { bars.endTracking(now: now); physics.touchUp(now: now) }
            bars.setHover(nil)
            return false
        case .pointerExited:
            bars.setHover(nil)
            return false
        default:
            return false
        }
    }

    /// One page toward `p` along `axis`, animated, unless the thumb is already under `p`.
    func pageTowardTrackPress(_ p: Point, axis: Axis, now: Double) {
        // Judged where the content is heading, so a held track stops paging once the thumb will be under the pointer.
        guard let g = scrollBarGeometry(axis, offset: physics.restingOffset) else { return }
        let direction: Double
        if p[axis] < g.thumb[minOf: axis] { direction = -1 } else if p[axis] > g.thumb[maxOf: axis] { direction = 1 } else { return }
        var target = physics.restingOffset
        target[axis] += direction * frame.size[axis] * scrollBars.pageFraction
        physics.setOffset(target, animated: true, now: now)
    }

    /// Per frame: notes content motion (to show the bars) and repeats paging on a held track.
    func updateScrollBars(now: Double) {
        var bars = scrollBars
        bars.observe(offset: physics.offset, now: now)
        if var t = bars.trackPress, t.nextPage <= now + 1e-9 {
            // Every page due since the last frame, each started at its own time (the motions are
            // closed-form, so one started in the past is where it would be had a frame fallen
            // there): a slow frame rate neither pages less nor later.
            while t.nextPage <= now + 1e-9 {
                pageTowardTrackPress(t.pointer, axis: t.axis, now: t.nextPage)
                t.nextPage += bars.repeatInterval
            }
            bars.setTrackPress(t)
            physics.update(now: now)
        }
        scrollBars = bars
    }

    /// The cursor the bars want at `p`: an arrow over a bar (it is not content to grab), nil elsewhere.
    public func scrollBarCursor(at p: Point) -> Cursor? {
        scrollBars.isTracking || scrollBarAxis(at: p) != nil ? .arrow : nil
    }
}
