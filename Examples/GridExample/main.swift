import CollectionKit
import CollectionKitSDL
import CollectionKitDesktop

/// A cell of our own: a rounded square with its number, darker when selected, ringed when it has
/// the keyboard focus.
final class NumberCell: CollectionCell {
    var number = 0

    override func draw(in frame: Rect, into list: inout DrawList) {
        let hue = Double(number % 24) / 24
        list.fill(frame, .hsv(hue, 0.5, isSelected ? 0.55 : 0.9), radius: 10)
        list.text("\(number)", in: frame, size: 22, color: .white, alignment: .center, weight: .bold)
        if isFocused { list.stroke(frame.insetBy(dx: -3, dy: -3), .white, width: 2, radius: 13) }
    }
}

/// The window's root and the grid's data source: 10,000 numbers in a scrolling grid.
final class Numbers: ComposedRoot, CollectionDataSource {
    private(set) var size = Size(width: 800, height: 600)
    let grid: CollectionView
    /// The root's parts: here one, the grid with its everyday interaction.
    let composition: Composition

    init() {
        grid = CollectionView(name: "numbers",
                              layout: GridLayout(minimumCrossSize: 110, itemLength: .aspect(1),
                                                 interitemSpacing: 8, lineSpacing: 8, insets: EdgeInsets(all: 8)))
        // Pan, fling, wheel, scroll bars, click to select; the arrows move a focus ring, Enter selects.
        let controller = CollectionController(view: grid)
        composition = Composition([controller], focus: FocusChain([controller]))
        grid.register(reuseIdentifier: "number") { NumberCell(reuseIdentifier: $0) }
        grid.dataSource = self
        grid.reloadData()
        layOut(for: size)
    }

    func layOut(for size: Size) {
        self.size = size
        grid.setFrame(Rect(origin: .zero, size: size))
    }

    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { 10_000 }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "number", for: ip) as! NumberCell
        cell.number = ip.item
        return cell
    }
}

WindowLoop.runOrExit(Numbers(), title: "Numbers", prepare: { $0.followDesktopAppearance() })
