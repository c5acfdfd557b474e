import CollectionKit

/// A numbered cell for engine tests: the engine ships no cells of its own.
final class TileCell: CollectionCell {
    var number = 0
    override func prepareForReuse() { super.prepareForReuse(); number = 0 }
    func configure(number: Int) { self.number = number }
    override func draw(in frame: Rect, into list: inout DrawList) {
        list.fill(frame, isHighlighted ? .black : .white)
        list.text("\(number)", in: frame, size: 12, color: .black)
    }
}

/// `count` numbered tiles, identified by their index: the data source of the layout tests.
/// (A view holds its data source weakly: a test keeps it.)
final class NumberedTiles: CollectionDataSource {
    let count: Int
    init(_ count: Int) { self.count = count }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "tile", for: ip) as! TileCell
        cell.configure(number: ip.item)
        return cell
    }
}
