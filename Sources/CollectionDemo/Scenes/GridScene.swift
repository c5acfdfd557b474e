import CollectionKit
/// A vertically scrolling grid of coloured, numbered tiles: pan with a drag, scroll with the wheel,
/// click to select.
public final class GridScene: Scene, CollectionDataSource {
    public let name = "grid"
    public let collection: CollectionView
    private var ids: [Int]
    private var press = ScrollPan(tolerance: GridScene.panSlop)
    /// How far the pointer may wander before a press becomes a pan.
    static let panSlop = 4.0

    public init(itemCount: Int) {
        ids = Array(0..<max(0, itemCount))
        collection = CollectionView(name: "grid", layout: GridLayout(minimumCrossSize: 120, itemLength: .aspect(0.75),
                                                                    interitemSpacing: 10, lineSpacing: 10,
                                                                    insets: EdgeInsets(all: 12)))
        collection.backgroundColor = Theme.background
        collection.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        collection.dataSource = self
        collection.reloadData()
    }

    public func setFrame(_ frame: Rect) { collection.setFrame(frame) }

    public func handle(_ event: InputEvent, now: Double) {
        switch event {
        case let .pointerDown(p, .left, _) where collection.frame.contains(p):
            press.down(at: p, now: now, physics: &collection.physics)
        case let .pointerMove(p, _):
            press.moved(to: p, now: now, physics: &collection.physics)
        case let .pointerUp(p, .left, mods):
            if press.up(at: p, now: now, physics: &collection.physics), let ip = collection.indexPathForItem(atWindowPoint: p) {
                collection.allowsMultipleSelection = mods.contains(.ctrl)
                if collection.selectedItems.contains(ip) { collection.deselectItem(ip) } else { collection.selectItem(ip) }
            }
        case let .wheel(dx, dy):
            collection.physics.wheel(dx: dx, dy: dy, now: now)
        case let .key(key, _):
            let page = collection.frame.height * 0.9
            var target = collection.physics.restingOffset
            switch key {
            case .home: target.y = 0
            case .end: target.y = collection.contentSize.height
            case .pageDown, .space: target.y += page
            case .pageUp: target.y -= page
            case .down: target.y += 80
            case .up: target.y -= 80
            default: return
            }
            collection.physics.setOffset(target, animated: true, now: now)
        case .focus(gained: false):
            press.cancel(now: now, physics: &collection.physics)
        default: break
        }
    }

    /// Leaving the scene mid-pan settles the content instead of leaving it held.
    public func didDeactivate(now: Double) { press.cancel(now: now, physics: &collection.physics) }

    public func update(now: Double) { collection.update(now: now) }
    public func draw(into list: inout DrawList) {
        collection.draw(into: &list)
        ScrollIndicator.draw(for: collection, into: &list)
    }
    public func cursor(at p: Point) -> Cursor {
        if press.isPanning { return .grabbing }
        return collection.indexPathForItem(atWindowPoint: p) != nil ? .hand : .arrow
    }
    public var liveCellCount: Int { collection.liveCellCount }
    public func dumpState() -> [(String, JSON)] {
        [("collections", .array([collection.dumpState(extra: [
            ("selected", .array(collection.selectedItems.sorted().map { .string("\(ids[$0.item])") })),
        ])]))]
    }

    // MARK: Data source

    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { ids.count }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: IndexPath) -> AnyHashable { ids[ip.item] }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: IndexPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
        cell.configure(number: ids[ip.item])
        return cell
    }
}
