/// A reusable cell. Subclasses draw themselves; the collection view configures them through the
/// data source when they come into view and recycles them when they leave.
open class CollectionCell {
    public let reuseIdentifier: String
    /// The item this cell shows now; nil while it waits in the reuse pool.
    public internal(set) var indexPath: IndexPath?
    public internal(set) var isSelected = false
    public var isHighlighted = false

    public required init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }

    /// Called before the cell is handed out again: clear anything the previous item set.
    open func prepareForReuse() { isHighlighted = false; isSelected = false }

    /// Draws the cell into `frame` (content coordinates; the collection view has set up the transform).
    open func draw(in frame: Rect, into list: inout DrawList) {}

    /// Draws the cell faded to `alpha`. The default fades each command on its own, so overlapping
    /// layers show through one another; a cell made of stacked layers may override this to fade as
    /// one piece.
    open func draw(in frame: Rect, alpha: Double, into list: inout DrawList) {
        list.withOpacity(alpha) { list in draw(in: frame, into: &list) }
    }
}

/// Answers the collection view's questions about the data. Updates go to the data source first,
/// then to the view (`performBatchUpdates`).
public protocol CollectionDataSource: AnyObject {
    func numberOfSections(in collectionView: CollectionView) -> Int
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// A stable identifier for the item: it follows the item through moves.
    func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable
    /// Dequeue a cell (`dequeueReusableCell`) and configure it for the item.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionCell
    /// Draws a supplementary element (a header) into `frame`.
    func collectionView(_ collectionView: CollectionView, drawSupplementary kind: String, at indexPath: IndexPath,
                        in frame: Rect, into list: inout DrawList)
    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// The data source moves its item; called once when an interactive move ends. Items that cannot
    /// move keep their indices and the others shift around them (`Array.moveKeepingAnchors`).
    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath)
}

extension CollectionDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: CollectionView, drawSupplementary kind: String, at indexPath: IndexPath,
                               in frame: Rect, into list: inout DrawList) {}
    public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
    public func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {}
}

/// A change already made in the data source, which the view now applies.
public enum CollectionUpdate: Equatable, Sendable {
    case insert([IndexPath])
    case delete([IndexPath])
    case move(IndexPath, IndexPath)
    case reload([IndexPath])
}

/// Why an update was refused. The view is left exactly as it was.
public struct CollectionUpdateError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// UIKit's collection view idea: a scroll view whose items come from a data source, are placed by a
/// layout and drawn by reused cells. Only visible cells exist; they are kept in `visibleCells`.
public final class CollectionView {
    public var name: String
    /// The viewport in window points.
    public private(set) var frame: Rect = .zero
    public private(set) var layout: any CollectionLayout
    public weak var dataSource: (any CollectionDataSource)?
    public var physics = ScrollPhysics()
    public var backgroundColor: Color? = nil

    public private(set) var itemCounts: [Int] = []
    private var factories: [String: (String) -> CollectionCell] = [:]
    private var reusePool: [String: [CollectionCell]] = [:]
    public internal(set) var visibleCells: [IndexPath: CollectionCell] = [:]
    /// The elements in view, finalized for the current bounds, sorted by z-order.
    public private(set) var visibleAttributes: [LayoutAttributes] = []
    /// Identifiers of the visible items as of the last refresh: an update needs the identity of
    /// what was on screen after the data source has already changed.
    private var visibleIdentifiers: [IndexPath: AnyHashable] = [:]
    /// Items whose cells must stay alive and configured even out of view (a dragged item).
    public internal(set) var retainedItems: Set<IndexPath> = []
    /// Items drawn as a gap: their cells exist but are not drawn.
    public var hiddenItems: Set<IndexPath> = []
    /// Items drawn as a gap wherever they are, by identifier: hiding follows an item through
    /// moves and cell reuse (a dragged or landing item).
    public var hiddenIdentifiers: Set<AnyHashable> = []
    /// The interactive movement in progress (see InteractiveMovement.swift): while it lasts the
    /// view shows the items in the order it implies and the data source keeps its own order.
    public internal(set) var interactiveMove: InteractiveMove?
    public internal(set) var selectedItems: Set<IndexPath> = []
    public var allowsMultipleSelection = false
    /// Frames animating to their layout positions after an update, by item identifier.
    var frameAnimations: [AnyHashable: RectAnimation] = [:]
    public private(set) var peakLiveCells = 0
    /// The time of the last `update(now:)`, for calls that take no time of their own.
    public private(set) var now: Double = 0

    public init(name: String, layout: any CollectionLayout) {
        self.name = name
        self.layout = layout
        physics.axes = [layout.scrollAxis]
    }

    // MARK: Cells

    public func register(reuseIdentifier: String, _ make: @escaping (String) -> CollectionCell) {
        factories[reuseIdentifier] = make
    }

    /// A pooled cell for `reuseIdentifier`, or a new one. Data sources call this from `cellForItemAt`.
    public func dequeueReusableCell(withReuseIdentifier id: String, for indexPath: IndexPath) -> CollectionCell {
        let cell: CollectionCell
        if var pool = reusePool[id], let reused = pool.popLast() {
            reusePool[id] = pool
            reused.prepareForReuse()
            cell = reused
        } else {
            guard let make = factories[id] else { preconditionFailure("no cell registered for reuse identifier '\(id)'") }
            cell = make(id)
        }
        cell.indexPath = indexPath
        cell.isSelected = selectedItems.contains(indexPath)
        return cell
    }

    /// Cell objects alive now: on screen, retained, and pooled.
    public var liveCellCount: Int { visibleCells.count + reusePool.values.reduce(0) { $0 + $1.count } }

    public func cellForItem(at indexPath: IndexPath) -> CollectionCell? { visibleCells[indexPath] }

    func recycle(_ cell: CollectionCell) {
        cell.indexPath = nil
        var pool = reusePool[cell.reuseIdentifier, default: []]
        // A pool larger than a screenful only holds memory.
        if pool.count < max(8, visibleCells.count) { pool.append(cell) }
        reusePool[cell.reuseIdentifier] = pool
    }

    // MARK: Geometry

    public var contentOffset: Point { physics.offset }
    public var contentSize: Size { layout.contentSize }
    public var bounds: Rect { Rect(origin: physics.offset, size: frame.size) }

    /// Converts a window point to content coordinates.
    public func contentPoint(fromWindow p: Point) -> Point { p - frame.origin + physics.offset }
    public func windowPoint(fromContent p: Point) -> Point { p + frame.origin - physics.offset }
    public func windowRect(fromContent r: Rect) -> Rect { r.offset(by: frame.origin - physics.offset) }

    /// Moves or resizes the viewport. The layout reflows and the first visible item stays in place.
    public func setFrame(_ newFrame: Rect) {
        let resized = newFrame.size != frame.size
        let anchor = resized ? visibleAttributes.filter { $0.kind == .cell }.min { $0.indexPath < $1.indexPath } : nil
        let anchorDelta = anchor.map { $0.frame.origin - physics.offset }
        frame = newFrame
        guard resized else { return }
        prepareLayout()
        if let anchor, let delta = anchorDelta, let f = layout.attributesForItem(at: anchor.indexPath)?.frame {
            var target = physics.offset
            target[layout.scrollAxis] = (f.origin - delta)[layout.scrollAxis]
            physics.jump(to: target)
        } else {
            physics.jump(to: physics.offset)
        }
        refreshVisible(reconfigureAll: false)
    }

    public func setLayout(_ newLayout: any CollectionLayout) {
        interactiveMove = nil
        layout = newLayout
        physics.axes = [newLayout.scrollAxis]
        frameAnimations.removeAll()
        prepareLayout()
        physics.jump(to: .zero)
        refreshVisible(reconfigureAll: true)
    }

    /// Lets a caller change layout parameters in place (the layout is a value).
    public func updateLayout(_ change: (inout any CollectionLayout) -> Void) {
        change(&layout)
        prepareLayout()
        physics.jump(to: physics.offset)
        refreshVisible(reconfigureAll: false)
    }

    func prepareLayout() {
        var context = LayoutContext(boundsSize: frame.size, itemCounts: itemCounts)
        context.interactiveMove = interactiveMove
        layout.prepare(context)
        physics.boundsSize = frame.size
        physics.contentSize = layout.contentSize
    }

    // MARK: Data

    private func queryCounts() -> [Int] {
        guard let ds = dataSource else { return [] }
        return (0..<ds.numberOfSections(in: self)).map { ds.collectionView(self, numberOfItemsInSection: $0) }
    }

    /// Forgets everything and asks the data source again.
    public func reloadData() {
        itemCounts = queryCounts()
        interactiveMove = nil
        selectedItems.removeAll()
        retainedItems.removeAll()
        hiddenItems.removeAll()
        frameAnimations.removeAll()
        prepareLayout()
        physics.jump(to: physics.offset)
        refreshVisible(reconfigureAll: true)
    }

    public var numberOfItems: Int { itemCounts.reduce(0, +) }

    public func identifier(at indexPath: IndexPath) -> AnyHashable? {
        guard let ds = dataSource, itemCounts.indices.contains(indexPath.section),
              (0..<itemCounts[indexPath.section]).contains(indexPath.item) else { return nil }
        return ds.collectionView(self, identifierForItemAt: dataIndexPath(forDisplayed: indexPath))
    }

    /// Applies changes the data source has already made. Checks that they add up (counts, ranges,
    /// identifiers) and throws without touching the view when they do not. Moved items keep their
    /// identity; with `animated`, items glide from their old frames to their new ones.
    /// `identifiersKnownUnique` skips the O(n) scan for duplicate identifiers (counts and ranges
    /// are still checked): for a caller that changed only identifiers it knows to be unique, such
    /// as a drag-and-drop collection moving its placeholder gap through 100,000 items.
    public func performBatchUpdates(_ updates: [CollectionUpdate], animated: Bool = true,
                                    identifiersKnownUnique: Bool = false) throws {
        guard interactiveMove == nil else {
            throw CollectionUpdateError(message: "\(name): an interactive movement is in progress; end or cancel it before updating")
        }
        let old = itemCounts
        let new = queryCounts()
        guard old.count == new.count else {
            throw CollectionUpdateError(message: "\(name): the data source has \(new.count) sections, the view has \(old.count); section changes need reloadData()")
        }
        var delta = Array(repeating: 0, count: old.count)
        var deleted = Set<IndexPath>(), inserted = Set<IndexPath>()
        func check(_ ip: IndexPath, in counts: [Int], _ what: String) throws {
            guard counts.indices.contains(ip.section), ip.item >= 0, ip.item < counts[ip.section] else {
                let count = counts.indices.contains(ip.section) ? "\(counts[ip.section]) items" : "no such section"
                throw CollectionUpdateError(message: "\(name): \(what) index path \(ip) is out of range (\(count))")
            }
        }
        for u in updates {
            switch u {
            case let .delete(ips):
                for ip in ips {
                    try check(ip, in: old, "deleted")
                    guard deleted.insert(ip).inserted else { throw CollectionUpdateError(message: "\(name): item \(ip) deleted twice") }
                    delta[ip.section] -= 1
                }
            case let .insert(ips):
                for ip in ips {
                    try check(ip, in: new, "inserted")
                    guard inserted.insert(ip).inserted else { throw CollectionUpdateError(message: "\(name): item \(ip) inserted twice") }
                    delta[ip.section] += 1
                }
            case let .move(from, to):
                try check(from, in: old, "moved-from")
                try check(to, in: new, "moved-to")
                guard deleted.insert(from).inserted, inserted.insert(to).inserted else {
                    throw CollectionUpdateError(message: "\(name): move \(from) → \(to) touches an item another update also changes")
                }
                delta[from.section] -= 1
                delta[to.section] += 1
            case let .reload(ips):
                for ip in ips { try check(ip, in: old, "reloaded") }
            }
        }
        for s in old.indices where old[s] + delta[s] != new[s] {
            throw CollectionUpdateError(message: "\(name): section \(s) had \(old[s]) items and the updates add \(delta[s]), so it should have \(old[s] + delta[s]), but the data source has \(new[s])")
        }
        // Identifiers must stay unique: check the sections the updates touched.
        if let ds = dataSource, !identifiersKnownUnique {
            let touched = Set(deleted.map(\.section) + inserted.map(\.section))
            var seen = Set<AnyHashable>()
            for s in touched.sorted() {
                for i in 0..<new[s] {
                    let id = ds.collectionView(self, identifierForItemAt: IndexPath(item: i, section: s))
                    guard seen.insert(id).inserted else {
                        throw CollectionUpdateError(message: "\(name): identifier \(id) appears twice after the update (item [\(s), \(i)])")
                    }
                }
            }
        }

        // It adds up: remember where visible items were drawn, then apply.
        var oldFrames: [AnyHashable: Rect] = [:]
        if animated {
            for a in visibleAttributes where a.kind == .cell {
                if let id = visibleIdentifiers[a.indexPath] { oldFrames[id] = presentedFrame(for: a, id: id) }
            }
        }
        // Selection, retention and hiding follow their items.
        let remap: (IndexPath) -> IndexPath? = { ip in
            CollectionView.indexAfterUpdates(ip, updates: updates)
        }
        selectedItems = Set(selectedItems.compactMap(remap))
        retainedItems = Set(retainedItems.compactMap(remap))
        hiddenItems = Set(hiddenItems.compactMap(remap))
        itemCounts = new
        prepareLayout()
        physics.jump(to: physics.offset)
        refreshVisible(reconfigureAll: true)
        if animated {
            for a in visibleAttributes where a.kind == .cell {
                guard let id = identifier(at: a.indexPath), let from = oldFrames[id], from != a.frame else { continue }
                frameAnimations[id] = RectAnimation(from: from, to: a.frame, start: now)
            }
        }
    }

    /// Where an old index path lands after `updates` (nil if deleted). Deletes apply before inserts,
    /// as UIKit does.
    public static func indexAfterUpdates(_ ip: IndexPath, updates: [CollectionUpdate]) -> IndexPath? {
        var deletes: [IndexPath] = [], inserts: [IndexPath] = []
        var moves: [(IndexPath, IndexPath)] = []
        for u in updates {
            switch u {
            case let .delete(d): deletes += d
            case let .insert(i): inserts += i
            case let .move(a, b): moves.append((a, b))
            case .reload: break
            }
        }
        if deletes.contains(ip) { return nil }
        if let m = moves.first(where: { $0.0 == ip }) { return m.1 }
        let removed = deletes + moves.map(\.0)
        var item = ip.item - removed.filter { $0.section == ip.section && $0.item < ip.item }.count
        let added = (inserts + moves.map(\.1)).filter { $0.section == ip.section }.map(\.item).sorted()
        for a in added where a <= item { item += 1 }
        return IndexPath(item: item, section: ip.section)
    }

    // MARK: Per frame

    /// Advances scrolling and animations to `now` and brings the visible cells up to date.
    public func update(now: Double) {
        self.now = now
        physics.update(now: now)
        frameAnimations = frameAnimations.filter { !$0.value.isFinished(at: now) }
        refreshVisible(reconfigureAll: false)
    }

    /// Keeps `indexPath`'s cell alive and configured while it is out of view.
    public func retainItem(_ indexPath: IndexPath) { retainedItems.insert(indexPath); refreshVisible(reconfigureAll: false) }
    public func releaseItem(_ indexPath: IndexPath) { retainedItems.remove(indexPath); refreshVisible(reconfigureAll: false) }

    func refreshVisible(reconfigureAll: Bool) {
        guard let ds = dataSource, !frame.isEmpty else {
            for (_, c) in visibleCells { recycle(c) }
            visibleCells.removeAll(); visibleAttributes.removeAll(); visibleIdentifiers.removeAll()
            return
        }
        let visible = bounds
        var attrs = layout.attributesForElements(in: visible)
        for i in attrs.indices { layout.finalize(&attrs[i], visibleBounds: visible) }
        attrs.sort { ($0.zIndex, $0.indexPath) < ($1.zIndex, $1.indexPath) }
        visibleAttributes = attrs
        var wanted = Set(attrs.lazy.filter { $0.kind == .cell && !$0.isHidden }.map(\.indexPath))
        wanted.formUnion(retainedItems)
        // The moving item's cell lives as long as the movement, in view or not.
        if let move = interactiveMove { wanted.insert(move.target) }
        if reconfigureAll {
            for (_, c) in visibleCells { recycle(c) }
            visibleCells.removeAll()
        } else {
            for (ip, c) in visibleCells where !wanted.contains(ip) {
                recycle(c)
                visibleCells[ip] = nil
            }
        }
        visibleIdentifiers.removeAll(keepingCapacity: true)
        for ip in wanted.sorted() {
            // The data source may have changed ahead of an update the view has not been told of.
            guard itemCounts.indices.contains(ip.section), ip.item < itemCounts[ip.section],
                  ip.item < ds.collectionView(self, numberOfItemsInSection: ip.section) else { continue }
            if visibleCells[ip] == nil {
                let cell = ds.collectionView(self, cellForItemAt: dataIndexPath(forDisplayed: ip))
                cell.indexPath = ip
                visibleCells[ip] = cell
            }
            visibleIdentifiers[ip] = ds.collectionView(self, identifierForItemAt: dataIndexPath(forDisplayed: ip))
        }
        peakLiveCells = max(peakLiveCells, liveCellCount)
    }

    /// The frame an element is drawn at now: its layout frame, or where its update animation has got to.
    func presentedFrame(for a: LayoutAttributes, id: AnyHashable?) -> Rect {
        if let id, let anim = frameAnimations[id] { return anim.value(at: now) }
        return a.frame
    }

    public var isAnimatingUpdates: Bool { !frameAnimations.isEmpty }

    // MARK: Drawing

    public func draw(into list: inout DrawList) {
        guard let ds = dataSource else { return }
        list.clipped(to: frame) { list in
            if let bg = backgroundColor { list.fill(frame, bg) }
            let origin = frame.origin - physics.offset
            list.transformed(.translate(origin.x, origin.y)) { list in
                for a in visibleAttributes {
                    switch a.kind {
                    case let .supplementary(kind):
                        ds.collectionView(self, drawSupplementary: kind, at: a.indexPath, in: a.frame, into: &list)
                    case .cell:
                        guard !a.isHidden, !hiddenItems.contains(a.indexPath), let cell = visibleCells[a.indexPath] else { continue }
                        if !hiddenIdentifiers.isEmpty, let id = visibleIdentifiers[a.indexPath], hiddenIdentifiers.contains(id) { continue }
                        let f = frameAnimations.isEmpty ? a.frame : presentedFrame(for: a, id: visibleIdentifiers[a.indexPath])
                        list.transformed(a.scale == 1 ? .identity : .scale(a.scale, about: f.center)) { list in
                            cell.draw(in: f, alpha: a.alpha, into: &list)
                        }
                    }
                }
            }
        }
    }

    // MARK: Hit testing and selection

    /// The topmost visible item under a window point.
    public func indexPathForItem(atWindowPoint p: Point) -> IndexPath? {
        guard frame.contains(p) else { return nil }
        let c = contentPoint(fromWindow: p)
        return visibleAttributes.last { $0.kind == .cell && !$0.isHidden && $0.visualFrame.contains(c) }?.indexPath
    }

    public func selectItem(_ ip: IndexPath) {
        if !allowsMultipleSelection {
            for other in selectedItems { visibleCells[other]?.isSelected = false }
            selectedItems.removeAll()
        }
        selectedItems.insert(ip)
        visibleCells[ip]?.isSelected = true
    }
    public func deselectItem(_ ip: IndexPath) {
        selectedItems.remove(ip)
        visibleCells[ip]?.isSelected = false
    }

    /// Scrolls so the item is in view (centred along the scroll axis when `centered`).
    public func scrollToItem(_ ip: IndexPath, centered: Bool = true, animated: Bool) {
        guard let f = layout.attributesForItem(at: ip)?.frame else { return }
        var target = physics.offset
        let axis = layout.scrollAxis
        if centered {
            target[axis] = f.center[axis] - frame.size[axis] / 2
        } else if f[minOf: axis] < target[axis] {
            target[axis] = f[minOf: axis]
        } else if f[maxOf: axis] > target[axis] + frame.size[axis] {
            target[axis] = f[maxOf: axis] - frame.size[axis]
        }
        physics.setOffset(target, animated: animated, now: now)
    }

    // MARK: State dump

    /// The collection as the state dump shows it. Frames are listed for up to 10,000 items.
    public func dumpState(extra: [(String, JSON)] = []) -> JSON {
        var ids: [JSON] = []
        var frames: [JSON] = []
        let listFrames = numberOfItems <= 10_000
        for (s, count) in itemCounts.enumerated() {
            for i in 0..<count {
                let ip = IndexPath(item: i, section: s)
                ids.append(.string(identifier(at: ip).map { "\($0.base)" } ?? ""))
                if listFrames { frames.append(.rect(layout.attributesForItem(at: ip)?.frame ?? .zero)) }
            }
        }
        var pairs: [(String, JSON)] = [
            ("name", .string(name)),
            ("items", .array(ids)),
            ("contentOffset", .point(physics.offset)),
            ("viewport", .rect(frame)),
        ]
        if listFrames { pairs.append(("frames", .array(frames))) }
        return .object(pairs + extra)
    }
}
