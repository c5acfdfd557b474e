import CollectionKit

/// One picture, filling its cell with rounded corners; a selection outline over it.
final class PhotoCell: CollectionCell {
    var pipeline: ImagePipeline?
    var source = ""
    var scale = 1.0

    override func prepareForReuse() {
        super.prepareForReuse()
        source = ""
    }

    /// The key the cell draws (and the prefetching asks for) at `size` points.
    static func key(_ source: String, size: Size, scale: Double) -> ImageKey {
        ImageKey(source: source, size: size, scale: scale)
    }

    override func draw(in frame: Rect, into list: inout DrawList) {
        pipeline?.draw(PhotoCell.key(source, size: frame.size, scale: scale), in: frame, cornerRadius: 6, into: &list)
        if isSelected { list.stroke(frame.insetBy(dx: -2, dy: -2), Theme.accent, width: 3, radius: 8) }
        if isFocused { FocusRing.draw(around: frame, radius: 6, outset: isSelected ? 3 : 0, into: &list) }
    }
}
