/// The paging rule every paging scroller shares (the carousel, and orthogonal sections of a
/// compositional layout that page by group): where a released gesture comes to rest, as a page
/// index. Pure arithmetic on offsets along one axis; O(1) calls of the two closures.
enum PagingDecision {
    /// The page a release should rest on.
    ///
    /// - A wheel burst or a release at or above `flickVelocity` is a swipe: it moves one page in
    ///   its direction from the page the gesture began on, however fast it was, except that a
    ///   swipe back toward that page after dragging away from it only returns to it.
    /// - Otherwise the page nearest the projected resting offset, so a slow drag past half a page
    ///   moves one page.
    ///
    /// - Parameters:
    ///   - count: how many pages there are (at least 1).
    ///   - proposed: where free deceleration would stop.
    ///   - velocity: the release velocity along the axis, points per second.
    ///   - startOffset: the offset when the gesture began (a flick moves at most one page from it).
    ///   - currentOffset: the offset at release.
    ///   - isWheel: true for a wheel burst, which counts as a swipe once it has moved a point.
    ///   - flickVelocity: the speed, points per second, at or above which a release is a swipe.
    ///   - restingOffset: the offset at which page `i` rests.
    ///   - nearestPage: the page whose resting offset is nearest an offset.
    static func targetPage(count: Int, proposed: Double, velocity: Double, startOffset: Double,
                                  currentOffset: Double, isWheel: Bool, flickVelocity: Double,
                                  restingOffset: (Int) -> Double, nearestPage: (Double) -> Int) -> Int {
        guard count > 0 else { return 0 }
        let start = nearestPage(startOffset)
        var direction = 0
        if abs(velocity) >= flickVelocity {
            direction = velocity > 0 ? 1 : -1
        } else if isWheel, abs(currentOffset - startOffset) >= 1 {
            direction = currentOffset > startOffset ? 1 : -1
        }
        guard direction != 0 else { return nearestPage(proposed) }
        let next = min(max(0, start + direction), count - 1)
        // Swiping back toward the start page after leaving it returns to it, as a paging scroll view does.
        let passedStart = direction > 0 ? currentOffset < restingOffset(start) - 0.5 : currentOffset > restingOffset(start) + 0.5
        return passedStart ? start : next
    }
}
