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
