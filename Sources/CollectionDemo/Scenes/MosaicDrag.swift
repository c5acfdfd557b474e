import CollectionKit

/// The mosaic's long-press drag, all in one place: lift a snapshot of the card, move it with the
/// pointer while the collection's interactive movement re-forms the groups, auto-scroll at the
/// edges, drop it (the snapshot flies into its slot), or cancel (it flies home). A new drag may
/// start while earlier drops are still landing (seed 004's bug).
final class MosaicDrag {
    private unowned let collection: CollectionView
    /// Draws card `id` into a rect of the given size (for the lifted snapshot).
    private let drawCard: (Int, Rect, inout DrawList) -> Void
    private(set) var session: DragSession?
    private var autoScroller = AutoScroller()
    /// Snapshots flying into a slot, with the data index path of their item.
    private var landings: [(flight: SnapshotFlight, indexPath: IndexPath)] = []
    private var snapshotsTaken = 0
    private var pointer = Point(x: -1, y: -1)

    init(collection: CollectionView, drawCard: @escaping (Int, Rect, inout DrawList) -> Void) {
        self.collection = collection
        self.drawCard = drawCard
    }

    var isDragging: Bool { session != nil }
    var isLanding: Bool { !landings.isEmpty }
    var landingIDs: [Int] { landings.compactMap { $0.flight.itemID.base as? Int } }

    /// A long press fired at `time` on `start`: lifts the card there. False when nothing there can move.
    func lift(at start: Point, pointer p: Point, time: Double, now: Double) -> Bool {
        pointer = p
        guard session == nil, let ip = collection.indexPathForItem(atWindowPoint: start),
              let id = collection.identifier(at: ip)?.base as? Int,
              collection.beginInteractiveMovementForItem(at: ip) else { return false }
        // A card still landing from the previous drop is picked up where its slot is.
        landings.removeAll { $0.flight.itemID == AnyHashable(id) }
        guard let content = collection.presentedFrameForItem(at: ip) else { collection.cancelInteractiveMovement(); return false }
        let frame = collection.windowRect(fromContent: content)
        snapshotsTaken += 1
        var scratch = DrawList()
        scratch.recordTexture(key: "mosaic-snapshot-\(snapshotsTaken)", size: frame.size) { list in
            drawCard(id, Rect(origin: .zero, size: frame.size), &list)
        }
        session = DragSession(itemID: id, snapshot: scratch.textures[scratch.textures.count - 1], liftFrame: frame,
                              grabPoint: start, pointer: p, now: time)
        collection.hiddenIdentifiers.insert(AnyHashable(id))
        autoScroller.reset()
        autoScroller.track(pointer: p, viewport: collection.frame, axis: .vertical, now: time)
        moved(to: p, now: now)
        return true
    }

    /// The pointer moved: scroll by what the edge auto-scroll covered, then follow.
    func moved(to p: Point, now: Double) {
        pointer = p
        guard var s = session else { return }
        advanceAutoScroll(to: now)
        s.pointer = p
        session = s
        autoScroller.track(pointer: p, viewport: collection.frame, axis: .vertical, now: now)
        retarget()
    }

    private func advanceAutoScroll(to now: Double) {
        var offset = collection.physics.offset
        let moved = autoScroller.advance(offset: offset.y, range: 0...max(0, collection.physics.maxOffset.y), to: now)
        guard moved != offset.y else { return }
        offset.y = moved
        collection.physics.jump(to: offset)
    }

    /// The target follows the snapshot's centre, so a card grabbed by its corner goes where it is seen.
    private func retarget() {
        guard let s = session else { return }
        collection.updateInteractiveMovementTargetPosition(collection.contentPoint(fromWindow: s.frame.center))
    }

    /// Drops the card where it is shown; the data source hears of the move once. Returns (id, from, to).
    @discardableResult
    func drop(now: Double) -> (id: Int, from: Int, to: Int)? {
        guard let s = session, let move = collection.interactiveMove else { return nil }
        advanceAutoScroll(to: now)
        retarget()
        let from = s.visualFrame(at: now)
        let source = move.source
        let final = collection.endInteractiveMovement() ?? source
        if final != source {
            let remap = [CollectionUpdate.move(source, final)]
            for i in landings.indices {
                landings[i].indexPath = CollectionView.indexAfterUpdates(landings[i].indexPath, updates: remap) ?? landings[i].indexPath
            }
        }
        landings.append((SnapshotFlight(itemID: s.itemID, snapshot: s.snapshot, from: from, start: now), final))
        session = nil
        autoScroller.reset()
        return (s.itemID.base as? Int ?? -1, source.item, final.item)
    }

    /// Puts every card back; the snapshot flies home.
    func cancel(now: Double) {
        guard let s = session, let move = collection.interactiveMove else { return }
        let from = s.visualFrame(at: now)
        collection.cancelInteractiveMovement()
        landings.append((SnapshotFlight(itemID: s.itemID, snapshot: s.snapshot, from: from, start: now), move.source))
        session = nil
        autoScroller.reset()
    }

    /// Finishes every landing at once (before the data changes under them).
    func landAll() {
        for l in landings { collection.hiddenIdentifiers.remove(l.flight.itemID) }
        landings.removeAll()
    }

    /// The lift, auto-scroll while a card is held, and landing snapshots.
    func nextDeadline(after now: Double) -> Double? {
        let autoScroll = session == nil ? nil : autoScroller.nextDeadline(
            after: now, offset: collection.physics.offset.y, range: 0...max(0, collection.physics.maxOffset.y))
        return Deadline.earliest(session?.nextDeadline(after: now), autoScroll,
                                 Deadline.earliest(of: landings.map { $0.flight.nextDeadline(after: now) }))
    }

    func update(now: Double) {
        if session != nil {
            advanceAutoScroll(to: now)
            retarget()
        }
        for l in landings where l.flight.isFinished(at: now) { collection.hiddenIdentifiers.remove(l.flight.itemID) }
        landings.removeAll { $0.flight.isFinished(at: now) }
    }

    /// The gap, the landing snapshots (inside the collection) and the lifted card (above everything).
    func draw(into list: inout DrawList) {
        let now = collection.now
        list.clipped(to: collection.frame) { list in
            if let gap = collection.movingItemIndexPath.flatMap({ collection.presentedFrameForItem(at: $0) }) {
                let r = collection.windowRect(fromContent: gap).insetBy(dx: 2, dy: 2)
                list.fill(r, Theme.surface, radius: 12)
                list.stroke(r, Theme.border, width: 2, radius: 12)
            }
            for l in landings {
                let ip = collection.displayedIndexPath(forData: l.indexPath)
                guard let slot = collection.presentedFrameForItem(at: ip) else { continue }
                l.flight.draw(into: &list, now: now, to: collection.windowRect(fromContent: slot))
            }
        }
        session?.draw(into: &list, now: now)
    }
}
