/// A drag in flight, in window coordinates and independent of any one collection view: the item's
/// identity, a snapshot recorded once when it was lifted, and where the pointer holds it.
/// Whoever owns the drag (a scene, or a manager across several collections) decides what the
/// pointer is over; the session only knows how to show the lifted item.
///
/// ```swift
/// // Lift: record the item once, at its window frame.
/// let frame = collectionView.windowRect(fromContent: collectionView.presentedFrameForItem(at: ip)!)
/// var snapshot = DrawList()
/// snapshot.recordTexture(key: "drag-\(id)", size: frame.size) { list in
///     cell.draw(in: Rect(origin: .zero, size: frame.size), into: &list)
/// }
/// var drag = DragSession(itemID: id, snapshot: snapshot.textures.last!, liftFrame: frame,
///                        grabPoint: pointer, pointer: pointer, now: now)
/// collectionView.hiddenIdentifiers.insert(id)     // the slot shows a gap meanwhile
///
/// // Every pointer move, then every frame:
/// drag.pointer = newPointer
/// drag.draw(into: &list, now: now)
/// ```
public struct DragSession {
    /// The dragged item's identifier, as the data source gives it.
    public var itemID: AnyHashable
    /// The item drawn once into a texture at lift; every frame reuses it.
    public var snapshot: TextureRecording
    /// Where the pointer grabbed the item, from the item's top-left corner (unscaled points).
    public var grabOffset: Point
    /// The pointer's window position now; update it on every move.
    public var pointer: Point
    /// When the item was lifted; the lift animation runs from here.
    public var liftTime: Double
    /// The window frame the item was lifted from.
    public var liftFrame: Rect
    /// When set, the snapshot is drawn inside this rect (window points, usually the scene's area):
    /// a pointer captured past the window's edge drags the snapshot along the edge instead of out
    /// of sight. Targeting still follows the pointer (``frame``), so a release outside stays one.
    public var bounds: Rect?

    /// The scale a lifted item grows to.
    public static let liftScale = 1.06
    /// How long the lift takes, in seconds.
    public static let liftDuration = 0.15

    /// Starts a drag of the item drawn in `snapshot`, lifted from `liftFrame` (window points) with the
    /// pointer at `grabPoint`, which is kept under the pointer as it moves.
    public init(itemID: AnyHashable, snapshot: TextureRecording, liftFrame: Rect, grabPoint: Point, pointer: Point, now: Double) {
        self.itemID = itemID
        self.snapshot = snapshot
        self.liftFrame = liftFrame
        self.grabOffset = grabPoint - liftFrame.origin
        self.pointer = pointer
        self.liftTime = now
    }

    /// The item's unscaled size: its snapshot's.
    public var size: Size { snapshot.size }

    /// `now` while the item is still rising (its scale and shadow change every frame), nil once
    /// lifted: after that it moves only with the pointer.
    public func nextDeadline(after now: Double) -> Double? {
        liftProgress(at: now) < 1 ? now : nil
    }

    /// How far the item has risen, eased, 0...1 (1 at once when motion is reduced).
    private func liftProgress(at now: Double) -> Double {
        TimingCurve.easeOut.value(Appearance.linearProgress(now: now, start: liftTime, duration: DragSession.liftDuration))
    }

    /// The frame under the pointer before the lift scale: the grab offset is kept.
    public var frame: Rect { Rect(origin: pointer - grabOffset, size: size) }

    /// Scale at `now`: eases from 1 to `liftScale` as the item rises.
    public func scale(at now: Double) -> Double {
        lerp(1, DragSession.liftScale, liftProgress(at: now))
    }

    /// The frame as drawn: scaled about the grab point, so the spot under the pointer stays under
    /// it, and kept inside ``bounds``.
    public func visualFrame(at now: Double) -> Rect {
        kept(Transform.scale(scale(at: now), about: pointer).apply(frame))
    }

    /// `r` moved the least distance that puts it inside ``bounds`` (its top-left corner inside
    /// when it is larger than them).
    private func kept(_ r: Rect) -> Rect {
        guard let b = bounds else { return r }
        let x = max(b.minX, min(r.minX, b.maxX - r.width))
        let y = max(b.minY, min(r.minY, b.maxY - r.height))
        return Rect(x: x, y: y, width: r.width, height: r.height)
    }

    /// Draws the lifted item at `now`: its snapshot at ``visualFrame(at:)``, with a shadow that grows
    /// as it rises.
    public func draw(into list: inout DrawList, now: Double) {
        Snapshot.draw(snapshot, in: visualFrame(at: now), shadow: liftProgress(at: now), into: &list)
    }
}

/// A snapshot flying from where it was let go to its item's slot (a drop, or a cancel going home).
/// The slot may still be moving (other items animating), so the destination is passed in each frame.
///
/// ```swift
/// // Drop: fly from where the item was let go to its slot, then show the cell again.
/// var flight = SnapshotFlight(itemID: drag.itemID, snapshot: drag.snapshot,
///                             from: drag.visualFrame(at: now), start: now)
/// // Every frame, toward wherever the slot is now:
/// let slot = collectionView.windowRect(fromContent: collectionView.presentedFrameForItem(at: ip)!)
/// flight.draw(into: &list, now: now, to: slot)
/// if flight.isFinished(at: now) { collectionView.hiddenIdentifiers.remove(flight.itemID) }
/// ```
public struct SnapshotFlight {
    /// The item's identifier.
    public var itemID: AnyHashable
    /// The item as recorded at lift.
    public var snapshot: TextureRecording
    /// The frame the flight starts from (window points).
    public var from: Rect
    /// When the flight started.
    public var start: Double
    /// How long the flight takes, in seconds.
    public var duration: Double
    /// Starts a flight from `from` at `start`; it lasts 0.4 seconds unless told otherwise.
    public init(itemID: AnyHashable, snapshot: TextureRecording, from: Rect, start: Double, duration: Double = 0.4) {
        self.itemID = itemID; self.snapshot = snapshot; self.from = from; self.start = start; self.duration = duration
    }

    /// Eased progress at `now`, 0...1.
    public func progress(at now: Double) -> Double {
        TimingCurve.easeOut.value(Appearance.linearProgress(now: now, start: start, duration: duration))
    }
    /// True once `duration` has passed since `start`; at once when motion is reduced.
    public func isFinished(at now: Double) -> Bool { Appearance.reducesMotion || now - start >= duration }
    /// `now` while the snapshot flies, nil once it has landed.
    public func nextDeadline(after now: Double) -> Double? { isFinished(at: now) ? nil : now }

    /// The frame at `now`, between ``from`` and `destination` (window points).
    public func frame(at now: Double, to destination: Rect) -> Rect { lerp(from, destination, progress(at: now)) }

    /// Draws the snapshot at ``frame(at:to:)``, its shadow fading as it lands.
    public func draw(into list: inout DrawList, now: Double, to destination: Rect) {
        Snapshot.draw(snapshot, in: frame(at: now, to: destination), shadow: 1 - progress(at: now), into: &list)
    }
}

/// Drawing shared by lifted and flying snapshots.
enum Snapshot {
    /// `recording` redrawn at ``DragSession/liftScale`` (a texture of its own, made once by the
    /// backend since its key does not change).
    static func lifted(_ recording: TextureRecording) -> TextureRecording {
        let k = DragSession.liftScale
        return TextureRecording(key: recording.key + "-lifted", size: Size(width: recording.size.width * k, height: recording.size.height * k),
                                commands: [.pushTransform(Transform(scale: k))] + recording.commands + [.popTransform])
    }

    /// Draws `recording` into `rect` with a shadow of strength `shadow` (0...1). The recording is
    /// handed to this frame's list as is: it was built once, and the backend keeps the texture
    /// while frames keep naming it.
    static func draw(_ recording: TextureRecording, in rect: Rect, shadow: Double, into list: inout DrawList) {
        // At the lifted size the item is drawn from a recording made at that size, so the texture
        // meets the screen pixel for pixel (sharp text) instead of being stretched by 6%.
        let recording = abs(rect.width - recording.size.width * DragSession.liftScale) < 0.01 * recording.size.width
            && abs(rect.width - recording.size.width) > 0.5 ? lifted(recording) : recording
        if !list.textures.contains(where: { $0.key == recording.key }) { list.textures.append(recording) }
        if shadow > 0.01 {
            let radius = min(12, rect.width / 8)
            list.shadow(rect.offsetBy(dx: 0, dy: 8 * shadow), Color.black.withAlpha(0.6 * shadow), radius: radius, blur: 16 * shadow)
        }
        list.append(.texture(key: recording.key, rect: rect))
    }
}
