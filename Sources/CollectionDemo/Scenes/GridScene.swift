import CollectionKit
/// A vertically scrolling grid of coloured, numbered tiles: pan with a drag, scroll with the wheel,
/// click to select.
public final class GridScene: Scene, CollectionDataSource {
    public let name = "grid"
    public let collection: CollectionView
    /// Tile `i` is numbered `i` and never moves: a count, not an array of a million numbers.
    private let itemCount: Int
    private var interaction = CollectionInteraction(panSlop: 4)

    public init(itemCount: Int) {
        self.itemCount = max(0, itemCount)
        collection = CollectionView(name: "grid", layout: GridLayout(minimumCrossSize: 120, itemLength: .aspect(0.75),
                                                                    interitemSpacing: 10, lineSpacing: 10,
                                                                    insets: EdgeInsets(all: 12)))
        // No background fill of its own: the app has just filled the window with the same colour,
        // and a second full-screen fill is a large share of a software-rendered frame.
        collection.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        collection.dataSource = self
        collection.reloadData()
        // One focus model: the arrows move a focus ring, Enter selects, Escape clears.
        interaction.movesFocus = true
    }

    public func setFrame(_ frame: Rect) { collection.setFrame(frame) }

    public func handle(_ event: InputEvent, now: Double) { interaction.handle(event, in: collection, now: now) }

    /// Leaving the scene mid-pan settles the content instead of leaving it held.
    public func didDeactivate(now: Double) { interaction.cancel(in: collection, now: now) }

    public func update(now: Double) { collection.update(now: now) }
    public func nextDeadline(after now: Double) -> Double? { collection.nextDeadline(after: now) }
    public func draw(into list: inout DrawList) {
        collection.draw(into: &list)
        ScrollIndicator.draw(for: collection, into: &list)
    }
    public func cursor(at p: Point) -> Cursor { interaction.cursor(at: p, in: collection) }
    public var liveCellCount: Int { collection.liveCellCount }
    public func dumpState() -> [(String, JSON)] {
        [("collections", .array([collection.dumpState(extra: [
            ("selected", .array(collection.selectedItems.sorted().map { .string("\($0.item)") })),
        ])]))]
    }

    // MARK: Data source

    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { itemCount }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
        cell.configure(number: ip.item)
        return cell
    }
}
