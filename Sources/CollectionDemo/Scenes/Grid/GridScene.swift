import CollectionKit
/// A vertically scrolling grid of coloured, numbered tiles: pan with a drag, scroll with the wheel,
/// click to select.
public final class GridScene: Scene, CollectionDataSource, ShortcutListing {
    public let name = "grid"
    public let collection: CollectionView
    /// Tile `i` is numbered `i` and never moves: a count, not an array of a million numbers.
    private let itemCount: Int
    /// Pan, wheel, scroll bars, click selection, and the focus ring the arrows move.
    private let controller: CollectionController
    public let composition: Composition

    public init(itemCount: Int, layoutDirection: LayoutDirection = .leftToRight) {
        self.itemCount = max(0, itemCount)
        collection = CollectionView(name: "grid", layout: GridLayout(minimumCrossSize: 120, itemLength: .aspect(0.75),
                                                                    interitemSpacing: 10, lineSpacing: 10,
                                                                    insets: EdgeInsets(all: 12)))
        // No background fill of its own: the app has just filled the window with the same colour,
        // and a second full-screen fill is a large share of a software-rendered frame.
        collection.register(reuseIdentifier: "tile") { TileCell(reuseIdentifier: $0) }
        controller = CollectionController(view: collection, interaction: CollectionInteraction(panSlop: 4))
        composition = Composition([controller], focus: FocusChain([controller]))
        composition.collections = [collection]
        composition.collectionDumpExtras = { cv in [("selected", .array(cv.selectedItems.sorted().map { .string("\($0.item)") }))] }
        collection.layoutDirection = layoutDirection
        collection.dataSource = self
        collection.reloadData()
    }

    public func setFrame(_ frame: Rect) { collection.setFrame(frame) }

    // MARK: Data source

    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { itemCount }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
        cell.configure(number: ip.item)
        return cell
    }
}

extension GridScene {
    /// The keys the grid's controller takes (its focus ring, then keyboard scrolling, which reads
    /// the keys whatever modifier is held), for the shortcuts window.
    var shortcutSections: [ShortcutSection] {
        func plain(_ m: Modifiers) -> Bool { m.isSubset(of: [.shift, .ctrl, .alt]) }
        return [ShortcutSection(title: tr("Tiles"), shortcuts: [
            Shortcut("↑ ↓ ← →", tr("Move the focus between tiles"), matches: { k, m in plain(m) && [.up, .down, .left, .right].contains(k) }, run: nil),
            Shortcut(tr("Space  /  Enter"), tr("Select the focused tile, or scroll a page"),
                     matches: { k, m in (k == .space && plain(m)) || (k == .enter && m.isEmpty) }, run: nil),
            Shortcut(tr("Page Up  /  Page Down"), tr("Scroll a page"), matches: { k, m in plain(m) && (k == .pageUp || k == .pageDown) }, run: nil),
            Shortcut(tr("Home  /  End"), tr("Scroll to the start or the end"), matches: { k, m in plain(m) && (k == .home || k == .end) }, run: nil),
        ])]
    }
}
