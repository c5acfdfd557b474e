/// Told which items are about to come into view, so their content (pictures) can be loaded
/// before their cells appear: UIKit's `UICollectionViewDataSourcePrefetching`.
///
/// Index paths are the data source's. Items that come into view are not cancelled: their cells
/// now want the content themselves.
public protocol CollectionPrefetchingDataSource: AnyObject {
    /// Items about to appear, nearest first: start loading what their cells will show.
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [ItemPath])
    /// Items no longer about to appear (the scroll turned or slowed): stop loading for them.
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [ItemPath])
}

/// How far ahead of the viewport a collection view prefetches, and what it prefetches now.
///
/// The region runs ahead of the viewport in the direction of travel by the distance the scroll
/// covers in ``lookahead`` seconds at its current speed (measured from the offset frame to frame,
/// so a drag, a wheel and a fling all count), at least ``minimumLead`` viewports and at most
/// ``maximumLead``; behind it, ``trailingLead`` viewports. At rest, ``minimumLead`` on both sides.
public struct Prefetching {
    /// Seconds of travel to prefetch ahead: the time a picture takes to be ready.
    public var lookahead = 0.75
    /// Viewports prefetched ahead (and on both sides at rest), whatever the speed.
    public var minimumLead = 0.5
    /// Viewports prefetched ahead at most, however fast the scroll.
    public var maximumLead = 4.0
    /// Viewports kept behind the direction of travel (a scroll that turns back finds them).
    public var trailingLead = 0.25
    /// The speed along the scroll axis, points per second, smoothed over a few frames.
    public private(set) var velocity = 0.0
    /// The items (displayed index paths) prefetched now.
    public private(set) var items: Set<ItemPath> = []
    private var last: (offset: Double, time: Double)?

    public init() {}

    /// Takes the offset at `now` and returns the region to prefetch around `bounds` along `axis`.
    mutating func region(bounds: Rect, axis: Axis, now: Double) -> Rect {
        let offset = bounds.origin[axis]
        if let last, now > last.time {
            let dt = now - last.time
            let measured = (offset - last.offset) / dt
            // A pause longer than a few frames starts afresh; otherwise a short average.
            velocity = dt > 0.2 ? measured : 0.5 * velocity + 0.5 * measured
        }
        last = (offset, now)
        let length = bounds.size[axis]
        let ahead = min(maximumLead * length, max(minimumLead * length, abs(velocity) * lookahead))
        let moving = abs(velocity) > 1
        let before = moving ? (velocity > 0 ? trailingLead * length : ahead) : minimumLead * length
        let after = moving ? (velocity > 0 ? ahead : trailingLead * length) : minimumLead * length
        var r = bounds
        r.origin[axis] -= before
        r.size[axis] += before + after
        return r
    }

    /// Replaces the prefetched items: returns those to start and those to cancel.
    mutating func replace(with next: Set<ItemPath>) -> (added: Set<ItemPath>, removed: Set<ItemPath>) {
        defer { items = next }
        return (next.subtracting(items), items.subtracting(next))
    }
}

extension CollectionView {
    /// Tells the prefetching data source which items are about to appear and which no longer
    /// are, from the viewport and the scroll velocity. Called by `update(now:)`.
    /// O(log n + k) for the k items in the prefetched region.
    func updatePrefetching(now: Double) {
        guard let pds = prefetchDataSource, !frame.isEmpty else { return }
        let axis = layout.scrollAxis
        let region = prefetching.region(bounds: bounds, axis: axis, now: now)
        let forward = prefetching.velocity >= 0
        var next = Set<ItemPath>()
        var distance: [ItemPath: Double] = [:]
        for a in layout.attributesForElements(in: region) where a.kind == .cell && visibleCells[a.indexPath] == nil {
            next.insert(a.indexPath)
            distance[a.indexPath] = forward ? a.frame[minOf: axis] - bounds[maxOf: axis] : bounds[minOf: axis] - a.frame[maxOf: axis]
        }
        let (added, removed) = prefetching.replace(with: next)
        // Items that came into view are not cancelled: their cells want them now.
        let cancelled = removed.filter { visibleCells[$0] == nil }
        if !cancelled.isEmpty {
            pds.collectionView(self, cancelPrefetchingForItemsAt: cancelled.sorted().map { dataIndexPath(forDisplayed: $0) })
        }
        if !added.isEmpty {
            let ordered = added.sorted { (distance[$0] ?? 0, $0) < (distance[$1] ?? 0, $1) }
            pds.collectionView(self, prefetchItemsAt: ordered.map { dataIndexPath(forDisplayed: $0) })
        }
    }
}
