import CSDL2
import CollectionKit

/// A rect of whole pixels, half-open: columns `x0..<x1`, rows `y0..<y1`.
struct PixelBox: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    static let empty = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)

    init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }

    init(_ r: SDL_Rect) { self.init(x0: Int(r.x), y0: Int(r.y), x1: Int(r.x) + Int(r.w), y1: Int(r.y) + Int(r.h)) }

    /// Every pixel `r` touches, grown by `margin` on each side; a rect that is not finite covers
    /// everything.
    init(covering r: Rect, margin: Double) {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
            self.init(x0: -1 << 40, y0: -1 << 40, x1: 1 << 40, y1: 1 << 40)
            return
        }
        func clamp(_ v: Double) -> Int { Int(max(-1e12, min(1e12, v))) }
        self.init(x0: clamp((r.minX - margin).rounded(.down)), y0: clamp((r.minY - margin).rounded(.down)),
                  x1: clamp((r.maxX + margin).rounded(.up)), y1: clamp((r.maxY + margin).rounded(.up)))
    }

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
    var sdl: SDL_Rect { SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0)) }

    func intersection(_ o: PixelBox) -> PixelBox {
        let b = PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return b.isEmpty ? .empty : b
    }

    /// The pixels of this box that none of `cuts` covers, in bands from top to bottom: the
    /// bands' edges are the box's and the cuts' top and bottom edges, and each band lists, left
    /// to right, the column spans between the cuts that cross it whole.
    func uncutBands(_ cuts: [PixelBox]) -> [(y0: Int, y1: Int, spans: [(x0: Int, x1: Int)])] {
        let cs = cuts.map { $0.intersection(self) }.filter { !$0.isEmpty }.sorted { $0.x0 < $1.x0 }
        var edges = [y0, y1]
        for c in cs { edges.append(c.y0); edges.append(c.y1) }
        edges = Array(Set(edges)).sorted()
        return zip(edges, edges.dropFirst()).map { top, bottom in
            var spans: [(x0: Int, x1: Int)] = [], x = x0
            for c in cs where c.y0 <= top && c.y1 >= bottom {
                if c.x0 > x { spans.append((x, c.x0)) }
                x = Swift.max(x, c.x1)
            }
            if x < x1 { spans.append((x, x1)) }
            return (top, bottom, spans)
        }
    }

    func union(_ o: PixelBox) -> PixelBox {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelBox(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    func intersects(_ o: PixelBox) -> Bool { max(x0, o.x0) < min(x1, o.x1) && max(y0, o.y0) < min(y1, o.y1) }

    func offsetBy(_ dx: Int, _ dy: Int) -> PixelBox {
        isEmpty ? .empty : PixelBox(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }

    /// Appends the parts of `self` outside `o` (at most four boxes) to `out`.
    func subtract(_ o: PixelBox, into out: inout [PixelBox]) {
        guard !isEmpty else { return }
        let cut = intersection(o)
        guard !cut.isEmpty else { out.append(self); return }
        if cut.y0 > y0 { out.append(PixelBox(x0: x0, y0: y0, x1: x1, y1: cut.y0)) }
        if cut.y1 < y1 { out.append(PixelBox(x0: x0, y0: cut.y1, x1: x1, y1: y1)) }
        if cut.x0 > x0 { out.append(PixelBox(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1)) }
        if cut.x1 < x1 { out.append(PixelBox(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1)) }
    }
}

/// Where one frame's drawing commands landed, kept to compare with the next frame's.
///
/// Each drawing command has an entry: the transform and opacity it was drawn under, the clip in
/// force (a chain of the clips pushed, each in pixels), and the pixels it can touch. Pushes and
/// pops have no entry; their effect is in the entries after them.
struct DrawnFrame {
    struct Entry {
        /// Index of the command in `commands`.
        var command: Int32
        /// The clip in force (an index into `clips`), -1 for none.
        var clip: Int32
        var transform: Transform
        var opacity: Double
        /// The pixels the command can touch, before clipping (a bound, not exact).
        var bounds: PixelBox
        /// `bounds` cut to the clip and the target.
        var visible: PixelBox
        /// A square fill: `visible` is exactly the pixels it covers, all in one colour.
        var uniform: Bool
        /// Whether its pixels move exactly with a whole-pixel translation wherever it lies (not
        /// so for what SDL rasterises from float coordinates that may be negative).
        var shiftsExactly: Bool
        /// Whether a clip changes the pixels it draws inside the clip (SDL's scaled copy of a
        /// texture samples from where the clip starts): drawn whole or not at all.
        var drawsWhole: Bool
        /// Pixels it paints opaque whatever was under them (an opaque fill's straight parts),
        /// in two boxes, each cut to the clip and the target: what it covers up (see `Occlusion`).
        var opaque = PixelBox.empty, opaqueCross = PixelBox.empty
        /// Whether drawing it clipped to part of its pixels draws those pixels as drawing it whole
        /// does (fills, shadows and text, which go straight into the pixels): it may then be
        /// drawn only where nothing opaque drawn later covers it.
        var drawsInParts = false
    }

    struct Clip {
        var parent: Int32
        /// The rect pushed, in pixels, before intersecting with the clips it is pushed inside.
        var rect: PixelBox
        /// The clip in force: `rect` cut to its parents' and the target.
        var effective: PixelBox
    }

    var commands: [DrawCommand] = []
    var entries: [Entry] = []
    var clips: [Clip] = []
    /// The target's pixels.
    var target = PixelBox.empty
    var pixelScale = 1.0
    /// The surface drawn into, to know a new one (a resized window) from the one drawn before.
    var surface: UnsafeMutableRawPointer?
    /// Whether the frame starts by clearing the target to black.
    var clears = false

    mutating func reset(target: PixelBox, pixelScale: Double, surface: UnsafeMutableRawPointer?, clears: Bool) {
        self.clears = clears
        commands = []
        entries.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        self.target = target
        self.pixelScale = pixelScale
        self.surface = surface
    }
}

/// What of a frame must be drawn, given the one before it on the same target.
struct RedrawPlan {
    /// Pixels to move within each of `regions` by `dx`, `dy` before drawing, in this order: the
    /// content of a scrolled view, whose pixels are the last frame's moved by the scroll. Each
    /// region is the box around where a part of the moved content was and where it is now, so
    /// the pixels moved are only those of what moved (a page's card, not the background around
    /// it); none is moved onto the source of one after it.
    var shift: (regions: [PixelBox], dx: Int, dy: Int)?
    /// Boxes to draw, each with every command that reaches it, clipped to it.
    var boxes: [PixelBox]
    /// Pixels within the shift's regions that show already what the frame draws there (the
    /// middle of a flat card that moved): the shift leaves them, and they are not sent again.
    var keep: [PixelBox] = []

    /// Where the shift writes: the regions' pixels that receive moved ones, less `keep`.
    var shiftedBoxes: [PixelBox] {
        guard let s = shift else { return [] }
        let landed = s.regions.map { $0.intersection($0.offsetBy(s.dx, s.dy)) }.filter { !$0.isEmpty }
        return keep.isEmpty ? landed : RedrawPlan.cutting(keep, from: landed)
    }
}

extension DrawnFrame {
    /// The boxes of the target that `next` must draw over this frame's pixels, after moving the
    /// part of them that scrolled: nil when the whole frame must be drawn (nothing to compare, or
    /// too little in common for a partial redraw to pay).
    ///
    /// Commands are matched in order (each next command against this frame's from where the
    /// last match left, looking ahead a little), so the matched pairs keep their order. A pixel
    /// outside every box is then drawn by the same commands in the same order as before, with
    /// the same result:
    /// - a command matched with the same transform, opacity and clips draws the same pixels;
    /// - a command matched with a translation of whole pixels and clips that either stayed or
    ///   moved with it draws the same pixels moved, within the clips that stayed (the shifted
    ///   region): the pixels moved along with it, within the box around where such commands
    ///   now land; where they were or are outside that box is in a box;
    /// - everything else (new, gone, changed, or still while its region moved) is in a box.
    func damage(to next: DrawnFrame) -> RedrawPlan? {
        guard !commands.isEmpty, next.target == target, next.pixelScale == pixelScale, next.surface == surface else { return nil }
        let old = entries, new = next.entries
        // The old entry matched with each new one (-1: none), within a budget of comparisons.
        var match = [Int32](repeating: -1, count: new.count)
        var j = 0
        let lookahead = 96
        var budget = 12 * (new.count + old.count) + 64
        var compared = 0  // the new entries the walk reached
        for i in new.indices {
            guard j < old.count else { break }
            compared = i + 1
            let c = next.commands[Int(new[i].command)]
            let end = min(old.count, j + lookahead)
            var k = j
            while k < end {
                budget -= 1
                if commands[Int(old[k].command)] == c, old[k].transform.scale == new[i].transform.scale,
                   old[k].opacity == new[i].opacity { break }
                k += 1
            }
            if k < end {
                match[i] = Int32(k)
                j = k + 1
            }
            // Out of comparisons (many commands changed: cards that scale as they move): the
            // rest are left unmatched, drawn where they were and where they are, which is
            // right for any of them; only the whole frame could cost less (see the end).
            if budget < 0 { break }
        }
        if budget < 0 {
            // What is drawn last often stayed as it was (a bar over the cards): the two frames'
            // ends are matched from the back, one comparison each, as far as they agree.
            var a = new.count - 1, b = old.count - 1
            while a >= compared, b >= j {
                let c = next.commands[Int(new[a].command)]
                guard commands[Int(old[b].command)] == c, old[b].transform.scale == new[a].transform.scale,
                      old[b].opacity == new[a].opacity else { break }
                match[a] = Int32(b)
                a -= 1; b -= 1
            }
        }

        // The translation most matched commands moved by, with the region they stayed clipped to.
        struct Motion { var dx: Int, dy: Int, region: PixelBox, area: Int }
        var motions: [Motion] = []
        var motionOf = [Int32](repeating: -1, count: new.count)
        var unchanged = [Bool](repeating: false, count: new.count)
        for i in new.indices where match[i] >= 0 {
            let a = old[Int(match[i])], b = new[i]
            let tx = b.transform.translation.x - a.transform.translation.x
            let ty = b.transform.translation.y - a.transform.translation.y
            guard tx == tx.rounded(), ty == ty.rounded(), abs(tx) < 1e6, abs(ty) < 1e6 else { continue }
            let dx = Int(tx), dy = Int(ty)
            let region: PixelBox
            switch clipsAgree(a.clip, next, b.clip, dx, dy) {
            case .differ: continue
            case .same: unchanged[i] = true; continue
            case let .moved(within): region = within
            }
            guard a.shiftsExactly || (a.bounds.x0 >= 0 && a.bounds.y0 >= 0 && b.bounds.x0 >= 0 && b.bounds.y0 >= 0) else { continue }
            if let m = motions.firstIndex(where: { $0.dx == dx && $0.dy == dy && $0.region == region }) {
                motions[m].area += b.visible.area
                motionOf[i] = Int32(m)
            } else {
                motionOf[i] = Int32(motions.count)
                motions.append(Motion(dx: dx, dy: dy, region: region, area: b.visible.area))
            }
        }
        var boxes: [PixelBox] = []
        var shift: (regions: [PixelBox], dx: Int, dy: Int)?
        var valid: [PixelBox] = []  // where the shifted pixels are right
        var dx = 0, dy = 0
        // The motion group whose pixels move (-1: none): its commands are drawn by the move.
        var movedGroup: Int32 = -1
        if let best = motions.indices.max(by: { motions[$0].area < motions[$1].area }) {
            let m = motions[best]
            dx = m.dx; dy = m.dy
            let region = m.region.intersection(target)
            // Only the pixels of what moved are moved: the boxes around where its commands land,
            // within the part of the region whose source lies in it. Pages that only translate
            // move their cards, not the view's background around and between them.
            let within = region.intersection(region.offsetBy(dx, dy))
            var reach: [PixelBox] = []
            for i in new.indices where motionOf[i] == Int32(best) {
                let v = new[i].visible.intersection(within)
                guard !v.isEmpty else { continue }
                // A cell's commands come one after another and mostly overlap: one box each.
                if let last = reach.last, last.intersects(v) { reach[reach.count - 1] = last.union(v) } else { reach.append(v) }
            }
            valid = RedrawPlan.shiftOrder(reach, dx, dy)
            if !valid.isEmpty {
                // The boxes whose pixels within them `PixelTarget.shift` moves onto `valid`.
                shift = (valid.map { $0.union($0.offsetBy(-dx, -dy)) }, dx, dy)
                movedGroup = Int32(best)
                // Where what moved was or is now, outside the moved pixels: the trail it left,
                // and what scrolled in.
                for i in new.indices where motionOf[i] == Int32(best) {
                    subtract(valid, from: new[i].visible, into: &boxes)
                    subtract(valid, from: old[Int(match[i])].visible, into: &boxes)
                }
            } else {
                dx = 0; dy = 0
            }
        }
        func moved(_ i: Int) -> Bool { movedGroup >= 0 && motionOf[i] == movedGroup }
        // The old frame's commands that are not drawn again where they were.
        var keptOld = [Bool](repeating: false, count: old.count)
        for i in new.indices where match[i] >= 0 && (moved(i) || unchanged[i]) { keptOld[Int(match[i])] = true }
        for k in old.indices where !keptOld[k] {
            let v = old[k].visible
            guard !v.isEmpty else { continue }
            boxes.append(v)
            if shift != nil { addClipped(v.offsetBy(dx, dy), valid, &boxes) }
        }
        for i in new.indices where !moved(i) {
            let v = new[i].visible
            guard !v.isEmpty else { continue }
            if unchanged[i] {
                // Still while the region under it moved: what the shift brought over it is wrong.
                guard shift != nil else { continue }
                if new[i].uniform {
                    var parts: [PixelBox] = []
                    v.subtract(v.offsetBy(dx, dy), into: &parts)
                    v.offsetBy(dx, dy).subtract(v, into: &parts)
                    for p in parts { addClipped(p, valid, &boxes) }
                } else {
                    addClipped(v, valid, &boxes)
                    addClipped(v.offsetBy(dx, dy), valid, &boxes)
                }
            } else {
                boxes.append(v)
            }
        }
        // Where an opaque fill of one colour lies on top in both frames, its pixels stay as they
        // are however the fill moved: a flat card that slides changes only along its edges and
        // where what is drawn on it moved. With a shift those pixels are neither moved nor sent
        // to the screen; without one they leave the boxes, which are then joined only where that
        // adds few pixels (joining the edges of a card around its middle would draw the middle).
        var joinWaste = 4, joinLimit = 12
        var keep: [PixelBox] = []
        if let flat = flatInteriors(of: next, match: match, unchanged: unchanged) {
            if shift != nil {
                keep = flat.filter { f in valid.contains { $0.intersects(f) } }
            } else {
                boxes = RedrawPlan.cutting(flat, from: RedrawPlan.merge(boxes.map { $0.intersection(target) }.filter { !$0.isEmpty }))
                joinWaste = 16; joinLimit = 32
            }
        }
        var merged = RedrawPlan.merge(boxes.map { $0.intersection(target) }.filter { !$0.isEmpty }, joinWaste: joinWaste, limit: joinLimit)
        // A command that must be drawn whole widens the box that reaches it to all of it.
        var settled = false
        for _ in 0..<8 where !settled {
            var widened = false
            for e in new where e.drawsWhole && !e.visible.isEmpty {
                for b in merged.indices where merged[b].intersects(e.visible) && merged[b].intersection(e.visible) != e.visible {
                    merged[b] = merged[b].union(e.visible)
                    widened = true
                }
            }
            if widened { merged = RedrawPlan.merge(merged, joinWaste: joinWaste, limit: joinLimit) } else { settled = true }
        }
        guard settled else { return nil }
        let drawn = merged.reduce(0) { $0 + $1.area }
        // Drawing most of the frame in parts costs more than drawing it in one pass: then the one
        // box around every change is drawn (and sent to the screen), the whole frame only when
        // that box is all of it. Cards that scale and fade as a carousel turns change nearly
        // every pixel, but not the bar above them: it is neither drawn nor sent.
        if drawn > target.area * 3 / 4 {
            // Not moving the scrolled pixels: whatever moved with them lies in their region,
            // which is drawn instead.
            let changed = merged + (shift.map { s in s.regions.map { $0.intersection(target) } } ?? [])
            guard let around = RedrawPlan.enclosing(changed, widenedFor: new) else { return nil }
            return around.area < target.area ? RedrawPlan(shift: nil, boxes: [around]) : nil
        }
        return RedrawPlan(shift: shift, boxes: merged, keep: keep)
    }

    /// The pixels that keep their colour from this frame to `next` because an opaque fill of
    /// one colour covers them in both, with nothing drawn over them in either but what both draw
    /// there alike (the same command, still, after that fill in each frame): the middle of a flat
    /// card that moved, less where its text was and is. Nil when no fill moved or changed, or
    /// when too many did for the search to pay (a scrolled grid: the shift moves it whole).
    func flatInteriors(of next: DrawnFrame, match: [Int32], unchanged: [Bool]) -> [PixelBox]? {
        let old = entries, new = next.entries
        func flatColor(_ e: DrawnFrame.Entry, _ commands: [DrawCommand]) -> Color? {
            guard !e.opaque.isEmpty || !e.opaqueCross.isEmpty, case let .fill(_, color, _) = commands[Int(e.command)] else { return nil }
            return color
        }
        // The new frame's fills that moved or changed, and the old frame's not drawn again as they were.
        var moved: [(index: Int, color: Color)] = []
        for i in new.indices where !unchanged[i] {
            guard let color = flatColor(new[i], next.commands) else { continue }
            moved.append((i, color))
            if moved.count > 48 { return nil }
        }
        guard !moved.isEmpty else { return nil }
        var partnerOf = [Int32](repeating: -1, count: old.count)  // an old command's new one, when still
        for i in new.indices where match[i] >= 0 && unchanged[i] { partnerOf[Int(match[i])] = Int32(i) }
        var gone: [(index: Int, color: Color)] = []
        for k in old.indices where partnerOf[k] < 0 {
            guard let color = flatColor(old[k], commands) else { continue }
            gone.append((k, color))
            if gone.count > 96 { return nil }
        }
        // The entries each frame draws anew (not the same still command in both), and the still
        // ones, in order; matched pairs keep their order, so the still commands' partners rise.
        // Listed when the first pair of fills is found.
        var oldAnew: [Int] = [], oldStill: [Int] = [], newAnew: [Int] = [], newStill: [Int] = []
        var listed = false
        /// The position in `a` (ascending) of its first element past `x`.
        func firstPast(_ x: Int, in a: [Int]) -> Int {
            var lo = 0, hi = a.count
            while lo < hi { let mid = (lo + hi) / 2; if a[mid] <= x { lo = mid + 1 } else { hi = mid } }
            return lo
        }
        var clean: [PixelBox] = []
        var pairs = 0
        search: for (i, color) in moved {
            let b = new[i]
            for (k, other) in gone where other == color {
                let a = old[k]
                // The pixels both fills cover: each is two bands (a rounded fill's middle and its
                // full width between the corners), met band with band.
                var both: [PixelBox] = []
                for c in [a.opaque.intersection(b.opaque), a.opaqueCross.intersection(b.opaqueCross)] where !c.isEmpty { both.append(c) }
                guard !both.isEmpty else { continue }
                pairs += 1
                if pairs > 64 { break search }
                if !listed {
                    listed = true
                    for k in old.indices { if partnerOf[k] < 0 { oldAnew.append(k) } else { oldStill.append(k) } }
                    for i in new.indices { if unchanged[i] { newStill.append(i) } else { newAnew.append(i) } }
                }
                // Less what either frame draws over them after the fill, unless both draw it alike.
                // (A still command after the fill in one frame and before it in the other counts:
                // those come first among the still ones after it.)
                var dirty: [PixelBox] = []
                func reach(_ v: PixelBox) { if !v.isEmpty, both.contains(where: { $0.intersects(v) }) { dirty.append(v) } }
                for n in firstPast(k, in: oldAnew)..<oldAnew.count { reach(old[oldAnew[n]].visible) }
                var n = firstPast(k, in: oldStill)
                while n < oldStill.count, partnerOf[oldStill[n]] <= Int32(i) { reach(old[oldStill[n]].visible); n += 1 }
                for n in firstPast(i, in: newAnew)..<newAnew.count { reach(new[newAnew[n]].visible) }
                n = firstPast(i, in: newStill)
                while n < newStill.count, match[newStill[n]] <= Int32(k) { reach(new[newStill[n]].visible); n += 1 }
                for box in both { subtract(dirty, from: box, into: &clean) }
                if clean.count > 256 { break search }
            }
        }
        guard !clean.isEmpty else { return nil }
        // Pairs of fills meet in boxes that often lie in one another: only the outer ones count.
        clean.sort { $0.area > $1.area }
        var outer: [PixelBox] = []
        for c in clean where !outer.contains(where: { $0.x0 <= c.x0 && $0.y0 <= c.y0 && $0.x1 >= c.x1 && $0.y1 >= c.y1 }) {
            outer.append(c)
        }
        return outer
    }

    private func addClipped(_ b: PixelBox, _ within: [PixelBox], _ out: inout [PixelBox]) {
        for w in within {
            let c = b.intersection(w)
            if !c.isEmpty { out.append(c) }
        }
    }

    /// Appends the parts of `b` outside every one of `cuts` to `out`.
    private func subtract(_ cuts: [PixelBox], from b: PixelBox, into out: inout [PixelBox]) {
        guard !b.isEmpty else { return }
        var parts = [b], scratch: [PixelBox] = []
        for c in cuts where c.intersects(b) {
            scratch.removeAll(keepingCapacity: true)
            for p in parts { p.subtract(c, into: &scratch) }
            swap(&parts, &scratch)
            if parts.isEmpty { return }
        }
        out.append(contentsOf: parts)
    }

    /// How the clips of an old command and of the same command in the next frame compare.
    private enum ClipMatch {
        /// Some clip neither stayed nor moved with the command.
        case differ
        /// Every clip stayed, and the command did not move.
        case same
        /// The command moved, its clips stayed or moved with it, and those that stayed meet in
        /// `within` (the region whose pixels can move).
        case moved(within: PixelBox)
    }

    /// Compares the clip chains `a` (of this frame) and `b` (of `next`) of a command that moved
    /// by `dx`, `dy`: each clip must stay or move with it, and moved content must lie inside a
    /// clip that stayed.
    private func clipsAgree(_ a: Int32, _ next: DrawnFrame, _ b: Int32, _ dx: Int, _ dy: Int) -> ClipMatch {
        var a = a, b = b
        var still: PixelBox?
        while a >= 0 || b >= 0 {
            guard a >= 0, b >= 0 else { return .differ }
            let ca = clips[Int(a)], cb = next.clips[Int(b)]
            if cb.rect == ca.rect {
                still = still.map { $0.intersection(cb.rect) } ?? cb.rect
            } else if cb.rect != ca.rect.offsetBy(dx, dy) {
                return .differ
            }
            a = ca.parent; b = cb.parent
        }
        if dx == 0, dy == 0 { return .same }
        return still.map { .moved(within: $0) } ?? .differ
    }
}

extension RedrawPlan {
    /// `boxes` less the pixels of `cuts`, as boxes: each box is cut in bands between the cuts'
    /// top and bottom edges, and a band's uncut spans continue the boxes above them that have
    /// the same columns.
    static func cutting(_ cuts: [PixelBox], from boxes: [PixelBox]) -> [PixelBox] {
        var out: [PixelBox] = []
        for b in boxes where !b.isEmpty {
            var open: [PixelBox] = []
            for band in b.uncutBands(cuts) {
                var next: [PixelBox] = []
                for (x0, x1) in band.spans {
                    if let k = open.firstIndex(where: { $0.x0 == x0 && $0.x1 == x1 }) {
                        var o = open.remove(at: k)
                        o.y1 = band.y1
                        next.append(o)
                    } else {
                        next.append(PixelBox(x0: x0, y0: band.y0, x1: x1, y1: band.y1))
                    }
                }
                out.append(contentsOf: open)  // not continued in this band: done
                open = next
            }
            out.append(contentsOf: open)
        }
        return out
    }

    /// The boxes of moved pixels (`reach`, where they land) joined into a few that do not
    /// overlap, in an order in which moving each by `dx`, `dy` writes over no pixel a later one
    /// still reads; the one box around them all when there are many or no such order holds.
    static func shiftOrder(_ reach: [PixelBox], _ dx: Int, _ dy: Int) -> [PixelBox] {
        guard let first = reach.first else { return [] }
        let hull = reach.dropFirst().reduce(first) { $0.union($1) }
        guard reach.count > 1, reach.count <= 32 else { return [hull] }
        // Leading boxes first: those furthest along the motion.
        let boxes = merge(reach).sorted { dx * $0.x0 + dy * $0.y0 > dx * $1.x0 + dy * $1.y0 }
        for i in boxes.indices {
            for j in boxes.indices where j > i && boxes[i].intersects(boxes[j].offsetBy(-dx, -dy)) { return [hull] }
        }
        return boxes
    }

    /// The one box around `boxes`, widened to all of every command in `entries` that must be
    /// drawn whole and that it reaches in part; nil when there are no boxes or the widening does
    /// not settle.
    static func enclosing(_ boxes: [PixelBox], widenedFor entries: [DrawnFrame.Entry]) -> PixelBox? {
        guard var around = boxes.first else { return nil }
        for b in boxes.dropFirst() { around = around.union(b) }
        for _ in 0..<8 {
            var widened = false
            for e in entries where e.drawsWhole && !e.visible.isEmpty
                && around.intersects(e.visible) && around.intersection(e.visible) != e.visible {
                around = around.union(e.visible)
                widened = true
            }
            if !widened { return around }
        }
        return nil
    }

    /// Joins boxes that overlap or nearly touch while the join adds little (less than a
    /// `joinWaste`th of the joined box), and keeps the count at most `limit`: each box is one
    /// pass over the commands.
    static func merge(_ input: [PixelBox], joinWaste: Int = 4, limit: Int = 12) -> [PixelBox] {
        var boxes = input
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < boxes.count {
                var k = i + 1
                while k < boxes.count {
                    let u = boxes[i].union(boxes[k])
                    // Joined when the union wastes less than a quarter of itself (or the two overlap).
                    let waste = u.area - boxes[i].area - boxes[k].area + boxes[i].intersection(boxes[k]).area
                    // (Boxes that overlap are joined too, unless a stricter waste is asked for:
                    // boxes cut around pixels that stay, which a join would draw again.)
                    if (joinWaste <= 4 && boxes[i].intersects(boxes[k])) || waste * joinWaste <= u.area {
                        boxes[i] = u
                        boxes.remove(at: k)
                        changed = true
                    } else {
                        k += 1
                    }
                }
                i += 1
            }
        }
        // Many small boxes: one pass each costs more than a few larger ones.
        while boxes.count > limit {
            boxes.sort { $0.y0 == $1.y0 ? $0.x0 < $1.x0 : $0.y0 < $1.y0 }
            var joined: [PixelBox] = []
            var idx = 0
            while idx < boxes.count {
                if idx + 1 < boxes.count { joined.append(boxes[idx].union(boxes[idx + 1])) } else { joined.append(boxes[idx]) }
                idx += 2
            }
            boxes = merge(joined, joinWaste: joinWaste, limit: limit)
        }
        return boxes
    }
}

extension DrawListRenderer {
    /// Where each drawing command of `commands` lands, with the transforms, clips and opacities
    /// `run` applies and the same arithmetic as the drawing: one entry per drawing command.
    func survey(_ commands: [DrawCommand], into frame: inout DrawnFrame) {
        frame.commands = commands
        var t = Transform(scale: pixelScale), transforms: [Transform] = []
        var opacity = 1.0, opacities: [Double] = []
        var clip: Int32 = -1
        let target = frame.target
        for (index, command) in commands.enumerated() {
            var bounds = PixelBox.empty, uniform = false, exact = true, whole = false
            var opaque = PixelBox.empty, opaqueCross = PixelBox.empty, inParts = false
            switch command {
            case let .fill(r, color, radius):
                let px = snapped(hairline(t.apply(r), points: r))
                guard color.a > 0, !px.isEmpty else { break }
                let rad = DrawListRenderer.cornerRadius(radius * t.scale, of: px)
                let covers = color.a == 255 && opacity >= 1
                if rad < 0.5 {
                    // As the fill draws it: whole pixels, at least one wide and high.
                    let x0 = Int(px.minX), y0 = Int(px.minY)
                    bounds = PixelBox(x0: x0, y0: y0, x1: x0 + max(1, Int(px.width)), y1: y0 + max(1, Int(px.height)))
                    uniform = true
                    inParts = true
                    if covers { opaque = bounds }
                } else {
                    bounds = PixelBox(covering: px, margin: 1)
                    exact = Int(rad) <= DrawListRenderer.largestCachedDisc
                    // Its corners are blits of a cached disc when exact, else SDL's geometry.
                    inParts = exact
                    if covers {
                        // The bands `fill` draws opaque: the middle from top to bottom, and
                        // the full width between the corners.
                        let x0 = Int(px.minX), y0 = Int(px.minY), x1 = Int(px.maxX), y1 = Int(px.maxY), k = Int(rad)
                        opaque = PixelBox(x0: x0 + k, y0: y0, x1: x1 - k, y1: y1)
                        opaqueCross = PixelBox(x0: x0, y0: y0 + k, x1: x1, y1: y1 - k)
                    }
                }
            case let .stroke(r, color, width, radius):
                let px = snapped(t.apply(r))
                guard color.a > 0, !px.isEmpty else { break }
                let (_, rad, c) = DrawListRenderer.strokeShape(px, width: lineWidth(width, scale: t.scale), radius: radius * t.scale)
                bounds = PixelBox(covering: px, margin: 1)
                exact = 2 * c < px.width && 2 * c < px.height && Int(rad) <= DrawListRenderer.largestCachedDisc
            case let .shadow(r, color, radius, blur):
                let px = snapped(t.apply(r))
                guard color.a > 0, !px.isEmpty else { break }
                inParts = true
                let (b, _) = DrawListRenderer.shadowShape(px, radius: radius * t.scale, blur: blur * t.scale)
                // As the shadow draws it: its texture reaches `padding` past the rect (a blur under
                // a pixel draws the rect itself).
                bounds = PixelBox(covering: px, margin: Double((b >= 1 ? ShapeTextures.padding(blur: b) : 0) + 1))
            case let .line(a, b, color, width):
                guard color.a > 0 else { break }
                let p = t.apply(a), q = t.apply(b)
                let span = Rect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(p.x - q.x), height: abs(p.y - q.y))
                bounds = PixelBox(covering: span, margin: lineWidth(width, scale: t.scale) / 2 + 2)
                exact = false
            case let .text(run):
                bounds = textBounds(run, t)
                inParts = true
            case let .paragraph(p):
                // The lines as `execute` draws them: a natural alignment resolved by the whole text.
                for run in p.resolvingNaturalAlignment(neutral: neutralTextDirection).lineRuns(measurer) {
                    bounds = bounds.union(textBounds(run, t))
                }
            case let .image(run):
                // Copied as `drawImage` places it: whole pixels, sampled from the picture's own
                // origin, so it moves exactly with a whole-pixel shift and a clip cuts it cleanly.
                bounds = imageBounds(run, t)
            case let .texture(key, r):
                bounds = PixelBox(covering: t.apply(r), margin: 1)
                exact = false
                whole = true
                // Copied at its own size (as `execute` places it: whole pixels) and not faded,
                // its opaque parts replace what is under them.
                if opacity >= 1, let parts = snapshotOpaque[key] {
                    let dst = frect(t.apply(r))
                    if abs(dst.w - Float(parts.width)) < 0.75, abs(dst.h - Float(parts.height)) < 0.75,
                       dst.x.isFinite, dst.y.isFinite, abs(dst.x) < 1e6, abs(dst.y) < 1e6 {
                        let x = Int(dst.x.rounded()), y = Int(dst.y.rounded())
                        opaque = parts.columns.offsetBy(x, y)
                        opaqueCross = parts.rows.offsetBy(x, y)
                    }
                }
            case let .pushClip(r):
                let box = PixelBox(DrawListRenderer.clipPixels(t.apply(r)))
                let within = clip >= 0 ? frame.clips[Int(clip)].effective : target
                frame.clips.append(DrawnFrame.Clip(parent: clip, rect: box, effective: box.intersection(within)))
                clip = Int32(frame.clips.count - 1)
                continue
            case .popClip:
                if clip >= 0 { clip = frame.clips[Int(clip)].parent }
                continue
            case let .pushTransform(next):
                transforms.append(t)
                t = DrawListRenderer.pushing(next, onto: t)
                continue
            case .popTransform:
                t = transforms.popLast() ?? t
                continue
            case let .pushOpacity(o):
                opacities.append(opacity)
                opacity *= max(0, min(1, o))
                continue
            case .popOpacity:
                opacity = opacities.popLast() ?? 1
                continue
            }
            let within = clip >= 0 ? frame.clips[Int(clip)].effective : target
            frame.entries.append(DrawnFrame.Entry(command: Int32(index), clip: clip, transform: t, opacity: opacity,
                                                  bounds: bounds, visible: bounds.intersection(within),
                                                  uniform: uniform, shiftsExactly: exact, drawsWhole: whole,
                                                  opaque: opaque.intersection(within), opaqueCross: opaqueCross.intersection(within),
                                                  drawsInParts: inParts))
        }
    }

    /// The pixels a line of text can touch: where its texture lands when it is cached already
    /// (as `drawText` places it, a pixel more each side); else its rect's width (text is cut to
    /// it), and a band about its middle tall enough for any fallback face's line.
    private func textBounds(_ run: TextRun, _ t: Transform) -> PixelBox {
        let (r, key) = DrawListRenderer.textPlacement(run, t)
        guard r.width >= 1, run.color.a > 0 else { return .empty }
        if let e = text.cachedTexture(run.text, key, color: run.color, maxWidth: Int32(r.width),
                                      neutralRightToLeft: neutralTextDirection.isRightToLeft) {
            return PixelBox(covering: textDestination(run, in: r, e), margin: 1)
        }
        let px = Double(key.pixelSize)
        return PixelBox(covering: Rect(x: r.minX - px, y: r.midY - 3 * px, width: r.width + 2 * px, height: 6 * px), margin: 2)
    }
}

/// The opaque parts of a frame's fills, in drawing order, for drawing each command only where
/// nothing opaque drawn after it covers it (an opaque fill replaces every pixel under it).
struct Occlusion {
    /// Each opaque box within the box drawn, with the index of its command's entry.
    private var boxes: [(entry: Int, box: PixelBox)] = []
    /// The first of `boxes` whose entry comes after the command asked about last.
    private var next = 0

    init(_ entries: [DrawnFrame.Entry], within drawn: PixelBox) {
        for (i, e) in entries.enumerated() {
            for b in [e.opaque, e.opaqueCross] {
                let c = b.intersection(drawn)
                if !c.isEmpty { boxes.append((i, c)) }
            }
        }
    }

    /// The parts of `v` that no opaque box of an entry after `entry` covers: empty when they
    /// cover it all; nil when more than `limit` parts are left (then drawn whole). Asked in the
    /// order of the entries.
    mutating func uncovered(_ v: PixelBox, before entry: Int, limit: Int) -> [PixelBox]? {
        while next < boxes.count, boxes[next].entry <= entry { next += 1 }
        var parts = [v]
        var scratch: [PixelBox] = []
        for k in next..<boxes.count {
            let o = boxes[k].box
            guard o.intersects(v) else { continue }
            scratch.removeAll(keepingCapacity: true)
            for p in parts { p.subtract(o, into: &scratch) }
            swap(&parts, &scratch)
            if parts.isEmpty { return [] }
            // Not worth drawing in many parts; left whole, unless something covers it all.
            if parts.count > max(limit, 1) * 4 { break }
        }
        if parts.count > limit { return limit == 0 && parts.isEmpty ? [] : nil }
        return parts
    }
}

/// The parts of an ARGB picture that are opaque, as two boxes: the longest run of columns
/// opaque from top to bottom, and the longest run of rows opaque from side to side (a card with
/// rounded corners: its middle, and its full width between the corners). Empty when none is.
struct OpaqueParts {
    var width: Int, height: Int
    var columns = PixelBox.empty, rows = PixelBox.empty

    init(argb px: [UInt32], width w: Int, height h: Int) {
        width = w; height = h
        guard w > 0, h > 0, px.count >= w * h else { return }
        var columnOpaque = [Bool](repeating: true, count: w)
        var rowOpaque = [Bool](repeating: true, count: h)
        for y in 0..<h {
            for x in 0..<w where px[y * w + x] >> 24 != 0xFF {
                columnOpaque[x] = false
                rowOpaque[y] = false
            }
        }
        func longestRun(_ flags: [Bool]) -> Range<Int>? {
            var best: Range<Int>?, start: Int?
            for i in 0...flags.count {
                if i < flags.count, flags[i] { if start == nil { start = i }; continue }
                if let s = start, i - s > (best?.count ?? 0) { best = s..<i }
                start = nil
            }
            return best
        }
        if let c = longestRun(columnOpaque) { columns = PixelBox(x0: c.lowerBound, y0: 0, x1: c.upperBound, y1: h) }
        if let r = longestRun(rowOpaque) { rows = PixelBox(x0: 0, y0: r.lowerBound, x1: w, y1: r.upperBound) }
    }
}
