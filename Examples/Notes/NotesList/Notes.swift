import CollectionKit

/// One note: a title line and a body of one to eleven wrapped lines' worth of words.
public struct Note: Equatable, Sendable {
    public var title: String
    public var body: String

    /// The `n`th of the generated notes: the same words for the same `n` on every run.
    public static func generated(_ n: Int) -> Note {
        // Words of several scripts, so that wrapping, shaping, bidirectional text and fallback
        // fonts are exercised: Arabic, Hebrew, Japanese, Devanagari and an emoji among English.
        let words = ["river", "مصباح", "quiet", "נמל", "copper", "窓辺の猫", "autumn", "letter", "बगीचा",
                     "station", "paper", "orchard", "signal", "morning", "ladder", "☁️", "market", "violin"]
        var state = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next() -> Int {
            state ^= state >> 33; state = state &* 0xFF51_AFD7_ED55_8CCD; state ^= state >> 29
            return Int(truncatingIfNeeded: state >> 11)
        }
        let count = 4 + next() % 120
        let body = (0..<count).map { _ in words[next() % words.count] }.joined(separator: " ")
        return Note(title: "Note \(n + 1)", body: body.prefix(1).uppercased() + body.dropFirst() + ".")
    }
}

/// A note as a cell: its title in bold, its body wrapped below, a selection fill and a focus ring.
final class NoteCell: CollectionCell {
    var note = Note(title: "", body: "")

    override func draw(in frame: Rect, into list: inout DrawList) {
        list.fill(frame, isSelected ? Color(hex: 0x33507A) : Color(hex: 0x262A33), radius: 6)
        let inner = frame.inset(by: NoteCell.padding)
        list.text(note.title, in: Rect(x: inner.minX, y: inner.minY, width: inner.width, height: NoteCell.titleHeight),
                  size: 14, color: .white, alignment: .leading, weight: .bold)
        list.paragraph(note.body, in: Rect(x: inner.minX, y: inner.minY + NoteCell.titleHeight, width: inner.width,
                                           height: max(0, inner.height - NoteCell.titleHeight)),
                       style: NoteCell.bodyStyle, color: Color(hex: 0xC8CCD4))
        if isFocused { list.stroke(frame.insetBy(dx: -2, dy: -2), .white, width: 2, radius: 8) }
    }

    static let padding = EdgeInsets(top: 10, left: 12, bottom: 12, right: 12)
    static let titleHeight = 22.0
    static let bodyStyle = ParagraphStyle(text: TextStyle(size: 13))

    /// How tall the note is at `width`: its title line, its wrapped body and the padding.
    static func height(of note: Note, width: Double, measurer: any TextMeasuring) -> Double {
        let body = measurer.lines(of: note.body, style: bodyStyle, width: max(1, width - padding.left - padding.right))
        return (padding.top + titleHeight + body.height + padding.bottom).rounded(.up)
    }
}

/// The window's root: a list of notes, each as tall as its wrapped text, that keeps the note being
/// read in place when the window is resized. Click selects (Shift and Ctrl extend), the arrows move
/// the focus, Home and End go to the ends, Page Up and Page Down turn a page.
public final class Notes: ComposedRoot, CollectionDataSource {
    public private(set) var size = Size(width: 900, height: 700)
    public let list: CollectionView
    /// How many notes there are; each is made when it is shown or measured (``note(at:)``).
    public let count: Int
    public let composition: Composition

    /// `count` generated notes, measured with `measurer` (the window's, so measured as drawn).
    public init(count: Int = 100_000, measurer: any TextMeasuring = EstimatedTextMeasurer()) {
        self.count = count
        let layout = SelfSizingListLayout(
            spacing: 8, insets: EdgeInsets(all: 12),
            // A guess for notes not yet seen; the real height is measured when a note comes near the view.
            estimatedHeight: { _, _ in 120 },
            measure: { ip, width in NoteCell.height(of: Note.generated(ip.item), width: width, measurer: measurer) })
        list = CollectionView(name: "notes", layout: layout)
        list.allowsMultipleSelection = true
        let controller = CollectionController(view: list)
        composition = Composition([controller], focus: FocusChain([controller]))
        list.register(reuseIdentifier: "note") { NoteCell(reuseIdentifier: $0) }
        list.dataSource = self
        list.reloadData()
        layOut(for: size)
    }

    public func layOut(for size: Size) {
        self.size = size
        list.setFrame(Rect(origin: .zero, size: size))
    }

    /// The note at `index`.
    public func note(at index: Int) -> Note { Note.generated(index) }

    public func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    public func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    public func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "note", for: ip) as! NoteCell
        cell.note = note(at: ip.item)
        return cell
    }
}
