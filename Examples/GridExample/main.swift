import CollectionKit
import CollectionKitSDL

/// A cell of our own: a rounded square with its number, darker when selected.
final class NumberCell: CollectionCell {
    var number = 0

    override func draw(in frame: Rect, into list: inout DrawList) {
        let hue = Double(number % 24) / 24
        list.fill(frame, .hsv(hue, 0.5, isSelected ? 0.55 : 0.9), radius: 10)
        list.text("\(number)", in: frame, size: 22, color: .white, alignment: .center, weight: .bold)
    }
}

/// The window's root and the grid's data source: 10,000 numbers in a scrolling grid.
final class Numbers: InteractiveRoot, CollectionDataSource {
    private(set) var size = Size(width: 800, height: 600)
    let grid = CollectionView(name: "numbers",
                              layout: GridLayout(minimumCrossSize: 110, itemLength: .aspect(1),
                                                 interitemSpacing: 8, lineSpacing: 8, insets: EdgeInsets(all: 8)))
    var interaction = CollectionInteraction()

    init() {
        grid.register(reuseIdentifier: "number") { NumberCell(reuseIdentifier: $0) }
        grid.dataSource = self
        grid.reloadData()
        grid.setFrame(Rect(origin: .zero, size: size))
    }

    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { 10_000 }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "number", for: ip) as! NumberCell
        cell.number = ip.item
        return cell
    }

    func handle(_ event: InputEvent, now: Double) {
        if case let .resize(newSize) = event {
            size = newSize
            grid.setFrame(Rect(origin: .zero, size: newSize))
        }
        interaction.handle(event, in: grid, now: now)
    }

    func update(now: Double) { grid.update(now: now) }
    // Nothing to draw until the grid moves or input comes: the window sleeps meanwhile.
    func nextDeadline(after now: Double) -> Double? { grid.nextDeadline(after: now) }

    func draw() -> DrawList {
        var list = DrawList()
        grid.draw(into: &list)
        ScrollIndicator.draw(for: grid, into: &list)
        return list
    }
}

WindowLoop.runOrExit(Numbers(), title: "Numbers")
