import CollectionKit

/// Pointer moves with no button held that the window delivered in one batch, folded to the last
/// of each run: a hover depends only on where the pointer is now, so a mouse that reports a
/// thousand times a second costs a frame one hit test, not eight. Moves while a button is held
/// all stay (a pan's or a drag's speed is measured from them), and so does every other event and
/// the order of all.
struct HoverCoalescing {
    /// Buttons pressed and not yet released, as the events told.
    private(set) var buttonsHeld = 0

    /// `events` with each run of consecutive hover moves (same modifiers) reduced to its last. O(n).
    mutating func coalesce(_ events: [(event: InputEvent, time: Double?)]) -> [(event: InputEvent, time: Double?)] {
        var out: [(event: InputEvent, time: Double?)] = []
        out.reserveCapacity(events.count)
        for e in events {
            switch e.event {
            case .pointerDown: buttonsHeld += 1
            case .pointerUp: buttonsHeld = max(0, buttonsHeld - 1)
            case let .pointerMove(_, modifiers) where buttonsHeld == 0:
                // A move just before, with no press or release between: it was a hover too.
                if case let .pointerMove(_, before)? = out.last?.event, before == modifiers {
                    out[out.count - 1] = e
                    continue
                }
            default: break
            }
            out.append(e)
        }
        return out
    }
}
