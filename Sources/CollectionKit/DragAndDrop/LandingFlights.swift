/// Snapshots flying to where their items now are (after a drop) or back home (after a cancel).
/// An item stays hidden in its view while its snapshot flies to it, so it is never shown twice;
/// the flight's destination is read from the view at each frame, so a view that scrolls or
/// reflows meanwhile still receives it in the right place.
struct LandingFlights {
    struct Landing {
        var flight: SnapshotFlight
        var id: AnyHashable
        /// The collection whose view hides the item until the flight lands; nil for a trash.
        var site: (any LandingSite)?
        /// Where a flight into a non-collection ends (the trash's centre).
        var fixedDestination: Rect?
    }

    private(set) var landings: [Landing] = []

    var isEmpty: Bool { landings.isEmpty }

    /// A snapshot of `id` flies from `from` into its slot in `site`, which hides the item until
    /// it lands. A flight already going to `id` is replaced.
    mutating func land(_ id: AnyHashable, snapshot: TextureRecording, from: Rect, into site: any LandingSite, now: Double) {
        forget(id)
        site.view.hiddenIdentifiers.insert(id)
        landings.append(Landing(flight: SnapshotFlight(itemID: id, snapshot: snapshot, from: from, start: now), id: id, site: site))
    }

    /// A snapshot of `id` shrinks into `end` (a trash, which shows no item).
    mutating func vanish(_ id: AnyHashable, snapshot: TextureRecording, from: Rect, into end: Rect, now: Double) {
        landings.append(Landing(flight: SnapshotFlight(itemID: id, snapshot: snapshot, from: from, start: now, duration: 0.3),
                                id: id, site: nil, fixedDestination: end))
    }

    /// Stops the flight to `id` without showing the item (it is being lifted again).
    mutating func forget(_ id: AnyHashable) { landings.removeAll { $0.id == id } }

    /// Ends every flight at once, showing the items (before the data changes under them).
    mutating func finishAll() {
        for l in landings { l.site?.view.hiddenIdentifiers.remove(l.id) }
        landings.removeAll()
    }

    /// Ends the flights that have arrived by `now`, showing their items.
    mutating func retire(at now: Double) {
        for l in landings where l.flight.isFinished(at: now) { l.site?.view.hiddenIdentifiers.remove(l.id) }
        landings.removeAll { $0.flight.isFinished(at: now) }
    }

    /// The next frame a flight needs: at once while any flies.
    func nextDeadline(after now: Double) -> Double? {
        Deadline.earliest(of: landings.map { $0.flight.nextDeadline(after: now) })
    }

    func draw(into list: inout DrawList, now: Double) {
        for l in landings {
            let destination = l.fixedDestination ?? l.site?.windowFrame(of: l.id) ?? l.flight.from
            l.flight.draw(into: &list, now: now, to: destination)
        }
    }
}

/// Where a snapshot lands: a collection whose view hides the item until its flight ends.
public protocol LandingSite: AnyObject {
    var view: CollectionView { get }
    /// The item's frame as drawn now, in window points.
    func windowFrame(of id: AnyHashable) -> Rect?
}
