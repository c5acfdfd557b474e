import CollectionKit

/// A note in the rearrange scene's waterfall (Google Keep style): a bold title and a body of
/// text, on the tile's colour. Its height comes from its text wrapped to the column's width, so
/// a long note is a tall tile and a one-liner a short one.
public final class NoteCell: CollectionCell {
    public var note = Note(title: "", body: "")
    public var number = 0
    public var isPinned = false
    /// Right to left the pin badge, its room beside the title and the check are mirrored; set by the scene.
    public var direction: LayoutDirection = .leftToRight
    /// Measures the text as the backend draws it; set by the scene.
    public var metrics = NoteMetrics(measurer: EstimatedTextMeasurer())

    public override func prepareForReuse() {
        super.prepareForReuse()
        note = Note(title: "", body: ""); number = 0; isPinned = false
    }

    public override func draw(in frame: Rect, into list: inout DrawList) {
        NoteCell.drawNote(note, number: number, pinned: isPinned, selected: isSelected, highlighted: isHighlighted,
                          hovered: isHovered, direction: direction, metrics: metrics, in: frame, into: &list)
        if isFocused { FocusRing.draw(around: frame, radius: 10, outset: isSelected ? 6 : 0, into: &list) }
    }

    /// Shared with snapshots, so a lifted note looks exactly like the note.
    public static func drawNote(_ note: Note, number: Int, pinned: Bool, selected: Bool, highlighted: Bool, hovered: Bool = false,
                                direction: LayoutDirection = .leftToRight, metrics: NoteMetrics, in frame: Rect, into list: inout DrawList) {
        let radius = 10.0
        if selected {
            list.fill(frame.insetBy(dx: -6, dy: -6), Theme.accent, radius: radius + 6)
            list.fill(frame.insetBy(dx: -2, dy: -2), Theme.background, radius: radius + 2)
        }
        var fill = Theme.tileColor(number).mixed(with: Theme.surface, 0.55)
        if highlighted { fill = fill.mixed(with: .black, 0.15) }
        if selected { fill = fill.mixed(with: Theme.accent, 0.35) }
        if hovered && !highlighted { fill = fill.mixed(with: .white, 0.14) }
        list.fill(frame, fill, radius: radius)
        if hovered && !selected { list.stroke(frame, Color.white.withAlpha(0.55), width: 2, radius: radius) }
        let ink = fill.luminance > 0.6 ? Color(hex: 0x1A1C22) : Theme.text
        let text = metrics.textFrames(note, in: frame, direction: direction)
        list.paragraph(note.title, in: text.title, style: NoteMetrics.titleStyle, color: ink)
        list.paragraph(note.body, in: text.body, style: NoteMetrics.bodyStyle, color: ink.withAlpha(0.85))
        TileCell.drawBadges(pinned: pinned, selected: selected, direction: direction, in: frame, radius: radius, into: &list)
    }
}

/// A note's words.
public struct Note: Hashable, Sendable {
    public var title: String
    public var body: String
    /// A pinned note keeps room for its pin badge beside the title and its band below the body.
    public var pinned = false
    public init(title: String, body: String, pinned: Bool = false) { self.title = title; self.body = body; self.pinned = pinned }

    private static let titles = [
        "Groceries", "Call the plumber about the kitchen sink", "Ideas", "Book club",
        "Weekend trip to the coast, if the weather holds", "Passwords to change", "Birthday presents",
        "Garden", "Recipe: lentil soup", "Questions for the landlord", "Reading list", "Bike repair",
    ]
    private static let sentences = [
        "Milk, eggs, two lemons and a loaf of rye.",
        "Ask whether the guarantee still covers the tap.",
        "Water the tomatoes every other evening while it stays this dry.",
        "Chapter nine for Thursday; bring the list of questions we did not get to last time.",
        "Check the ferry times.",
        "Pack the blue tent, the stove, and enough gas for three days.",
        "Remember that the museum is closed on Mondays.",
        "Soak the lentils overnight, then simmer with cumin, garlic and a bay leaf for forty minutes.",
        "The rear brake squeaks.",
        "Pay the electricity bill before the fifteenth.",
        "Try the new bakery on Rue des Martyrs — their rye is supposed to be excellent.",
        "Ring Grandma on Sunday.",
        "Return the library books.",
        "Renew the passport: the form wants two photos and the old passport.",
    ]

    /// The note shown for tile `id`: its title and one to five sentences, the same every run.
    public static func forTile(_ id: Int) -> Note {
        let h = Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) >> 33)
        let count = 1 + h % 5
        let body = (0..<count).map { sentences[(h / 5 + $0 * 3 + id) % sentences.count] }.joined(separator: " ")
        return Note(title: titles[id % titles.count], body: body)
    }
}

/// Where a note's text goes and how tall a note is, from the measurer that draws it.
public struct NoteMetrics {
    public let measurer: any TextMeasuring
    public static let padding = 12.0
    /// The room a pin badge takes beside the title, and its band below the body.
    public static let pinRoom = (side: 26.0, bottom: 8.0)
    public static let gap = 6.0
    public static let titleStyle = ParagraphStyle(text: TextStyle(size: 15, weight: .bold), maximumLines: 3, alignment: .natural)
    public static let bodyStyle = ParagraphStyle(text: TextStyle(size: 13), maximumLines: 10, alignment: .natural, lineSpacing: 1.2)

    /// Heights already worked out, by note, width and text scale: a layout pass asks for every note's height,
    /// and the notes repeat a few dozen texts, so each is wrapped once per width, not once per
    /// tile and pass. Bounded: emptied past 4,096 entries.
    private final class HeightCache {
        struct Key: Hashable { var note: Note; var width: Double; var textScale: Double }
        var heights: [Key: Double] = [:]
    }
    private let cache = HeightCache()

    public init(measurer: any TextMeasuring) { self.measurer = measurer }

    /// The title's and the body's paragraphs at a note width.
    public func layouts(_ note: Note, width: Double) -> (title: ParagraphLayout, body: ParagraphLayout) {
        let inner = max(1, width - 2 * NoteMetrics.padding)
        return (measurer.lines(of: note.title, style: NoteMetrics.titleStyle, width: titleWidth(note, inner: inner)),
                measurer.lines(of: note.body, style: NoteMetrics.bodyStyle, width: inner))
    }

    /// The height of a note `width` points wide: padding, title, gap, body, padding.
    public func height(_ note: Note, width: Double) -> Double {
        let key = HeightCache.Key(note: note, width: width, textScale: Appearance.textScale)
        if let known = cache.heights[key] { return known }
        let p = layouts(note, width: width)
        let pin = note.pinned ? NoteMetrics.pinRoom.bottom : 0
        let height = (2 * NoteMetrics.padding + p.title.height + NoteMetrics.gap + p.body.height + pin).rounded(.up)
        if cache.heights.count >= 4_096 { cache.heights.removeAll(keepingCapacity: true) }
        cache.heights[key] = height
        return height
    }

    /// The lines the note takes at a width, title and body together (for the state dump).
    public func lineCount(_ note: Note, width: Double) -> Int {
        let p = layouts(note, width: width)
        return p.title.lines.count + p.body.lines.count
    }

    /// The rects of the title and the body in a note's frame; right to left the pin's room
    /// beside the title is at its left.
    public func textFrames(_ note: Note, in frame: Rect, direction: LayoutDirection = .leftToRight) -> (title: Rect, body: Rect) {
        let p = layouts(note, width: frame.width)
        let inner = frame.insetBy(dx: NoteMetrics.padding, dy: NoteMetrics.padding)
        let titleWidth = titleWidth(note, inner: inner.width)
        let title = Rect(x: direction.isRightToLeft ? inner.maxX - titleWidth : inner.minX, y: inner.minY, width: titleWidth, height: p.title.height)
        let bottom = inner.maxY - (note.pinned ? NoteMetrics.pinRoom.bottom : 0)
        let body = Rect(x: inner.minX, y: title.maxY + NoteMetrics.gap, width: inner.width,
                        height: max(0, bottom - title.maxY - NoteMetrics.gap))
        return (title, body)
    }

    private func titleWidth(_ note: Note, inner: Double) -> Double {
        max(1, inner - (note.pinned ? NoteMetrics.pinRoom.side : 0))
    }
}
