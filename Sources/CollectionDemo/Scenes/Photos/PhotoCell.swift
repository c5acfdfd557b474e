import CollectionKit

/// One picture, filling its cell with rounded corners. A picture that cannot be shown is a tile
/// of its own, told from one still loading: a broken-picture glyph and the file's name (and, under
/// the pointer, why it failed). A selected picture has a check badge in its corner over an outline.
final class PhotoCell: CollectionCell {
    var pipeline: ImagePipeline?
    var source = ""
    var scale = 1.0
    /// Why the picture failed, as the pipeline says, shown under the pointer.
    var failureReason: (String) -> String? = { _ in nil }

    override func prepareForReuse() {
        super.prepareForReuse()
        source = ""
    }

    /// The key the cell draws (and the prefetching asks for) at `size` points.
    static func key(_ source: String, size: Size, scale: Double) -> ImageKey {
        ImageKey(source: source, size: size, scale: scale)
    }

    /// The last part of a path: what a tile and the viewer call a picture.
    static func fileName(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

    override func draw(in frame: Rect, into list: inout DrawList) {
        let key = PhotoCell.key(source, size: frame.size, scale: scale)
        if let pipeline, pipeline.state(of: key) == .failed {
            PhotoCell.drawBroken(name: PhotoCell.fileName(source), reason: isHovered ? failureReason(source) : nil, in: frame, into: &list)
        } else {
            pipeline?.draw(key, in: frame, cornerRadius: 6, into: &list)
        }
        // Under the pointer: a light wash, as the other scenes' tiles have.
        if isHovered { list.fill(frame, Theme.hoverWash, radius: 6) }
        if isSelected {
            list.stroke(frame.insetBy(dx: -2, dy: -2), Theme.accent, width: 3, radius: 8)
            PhotoCell.drawCheckBadge(in: frame, into: &list)
        }
        if isFocused { FocusRing.draw(around: frame, radius: 6, outset: isSelected ? 3 : 0, into: &list) }
    }

    /// The tile of a picture that cannot be shown: a raised tile, a picture frame torn in two by a
    /// zigzag (the desktop's "broken image" glyph), and the name under it; `reason` on a second line.
    static func drawBroken(name: String, reason: String?, in frame: Rect, into list: inout DrawList) {
        list.fill(frame, Theme.surfaceRaised, radius: 6)
        let side = max(8, min(frame.width, frame.height) * 0.32)
        let glyph = Rect(x: frame.midX - side / 2, y: frame.minY + frame.height * 0.38 - side / 2, width: side, height: side * 0.8)
        let w = max(1.5, side / 16)
        // The frame, its two halves apart along the tear.
        list.stroke(glyph, Theme.textDim, width: w, radius: side / 10)
        let steps = 4
        var points: [Point] = []
        for i in 0...steps {
            let y = glyph.minY + glyph.height * Double(i) / Double(steps)
            points.append(Point(x: glyph.midX + (i % 2 == 0 ? -side / 10 : side / 10), y: y))
        }
        for i in 0..<steps {
            list.line(points[i], points[i + 1], Theme.surfaceRaised, width: w * 3)
            list.line(points[i], points[i + 1], Theme.danger, width: w)
        }
        // A hill and a sun on the left half: it was a picture.
        let hill = glyph.insetBy(dx: side / 8, dy: side / 8)
        list.line(Point(x: hill.minX, y: hill.maxY), Point(x: hill.minX + hill.width * 0.25, y: hill.midY), Theme.textDim, width: w)
        list.line(Point(x: hill.minX + hill.width * 0.25, y: hill.midY), Point(x: hill.midX - side / 8, y: hill.maxY - hill.height * 0.2), Theme.textDim, width: w)
        list.fill(Rect(x: hill.maxX - side / 5, y: hill.minY, width: side / 6, height: side / 6), Theme.textDim, radius: side / 12)
        let line = Rect(x: frame.minX + 8, y: glyph.maxY + 6, width: frame.width - 16, height: 18)
        list.text(name, in: line, size: 12, color: Theme.text, alignment: .center)
        if let reason {
            list.text(reason, in: line.offsetBy(dx: 0, dy: 18), size: 11, color: Theme.danger, alignment: .center)
        }
    }

    /// A round accent badge with a white check mark in the top-leading corner of `frame`.
    static func drawCheckBadge(in frame: Rect, into list: inout DrawList) {
        let d = min(24, max(12, min(frame.width, frame.height) * 0.16))
        let badge = Rect(x: frame.minX + 6, y: frame.minY + 6, width: d, height: d)
        list.fill(badge.insetBy(dx: -1.5, dy: -1.5), Theme.background, radius: d / 2 + 1.5)
        list.fill(badge, Theme.accent, radius: d / 2)
        let a = Point(x: badge.minX + d * 0.27, y: badge.minY + d * 0.52)
        let b = Point(x: badge.minX + d * 0.44, y: badge.minY + d * 0.69)
        let c = Point(x: badge.minX + d * 0.74, y: badge.minY + d * 0.34)
        list.line(a, b, .white, width: max(1.5, d / 9))
        list.line(b, c, .white, width: max(1.5, d / 9))
    }
}
