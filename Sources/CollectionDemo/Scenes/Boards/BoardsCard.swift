import CollectionKit
import Foundation

/// A card on the boards: a stable identifier, a title, and whether it is locked to its board.
public struct BoardCard: Equatable, Sendable {
    public var id: Int
    public var title: String
    /// The board it is locked to (it may be reordered there, never dragged out); nil when free.
    public var lockedTo: String?
    /// A palette template or a copy of one: the kind of card it makes.
    public var kind: String?
    /// What the card says, wrapped to the card (one to five lines in the backlog); empty: its title.
    /// The title stays its short name, in status lines and for assistive technology.
    public var text = ""
    /// Whose colour the card wears: a palette copy wears its template's. Nil: its own.
    public var colorID: Int?

    public var color: Color { Theme.tileColor(colorID ?? id) }
    /// The words drawn on the card.
    public var shownText: String { text.isEmpty ? title : text }
    /// The card as sentences name it (the status line, notices, assistive technology): what it
    /// shows, cut at a word boundary after `nameLimit` characters with "…".
    public var name: String {
        let words = shownText
        guard words.count > BoardCard.nameLimit else { return words }
        // One character more, so a word ending exactly at the limit is kept whole.
        let head = words.prefix(BoardCard.nameLimit + 1)
        let cut = head.lastIndex(of: " ").map { head[..<$0] } ?? head.prefix(BoardCard.nameLimit)
        return cut.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters)) + "…"
    }
    static let nameLimit = 32

    private static let tasks = [
        "Fix login",
        "Update the onboarding screenshots 📸",
        "Write release notes for 2.4",
        "一万件を超えるファイルがあるワークスペースで書き出しがタイムアウトする原因を調べる",
        "Pair with Sam on the flaky upload test 🐛",
        "Review",
        "ترجمة صفحة الإعدادات إلى البرتغالية والتأكد من أن كل تسمية لا تزال مناسبة",
        "Investigate why exports time out for workspaces with more than ten thousand files",
        "לנסח את תוכנית ההעברה של מסד הנתונים לחיוב, כולל חזרה לאחור בכל שלב ומי מאשר כל אחד",
        "Draft the migration plan for the billing database, including a rollback at every step and who signs off on each",
        "स्टेटस पेज को नए डोमेन पर ले जाना",
        "Profile the search index rebuild on the large customer dataset and write down where the time goes",
    ]

    /// A task for card `id`, the same every run: from a couple of words to a few sentences.
    public static func task(for id: Int) -> String { tasks[(id &* 5 &+ id / 7) % tasks.count] }
    /// Cards `id` and `id + taskPeriod` have the same task: 7 × n adds 7 × n × 5 + n to the index
    /// (n tasks).
    static let taskPeriod = 7 * tasks.count
}

/// Card sizes and text placement from the measurer that draws the text.
public struct BoardCardMetrics {
    public let measurer: any TextMeasuring
    public init(measurer: any TextMeasuring) { self.measurer = measurer }
    /// A backlog card is never shorter than this.
    public static let minimumHeight = 48.0
    static let verticalPadding = 8.0

    static func style(size: Double) -> ParagraphStyle {
        ParagraphStyle(text: TextStyle(size: size, weight: .bold), maximumLines: 5, alignment: .natural)
    }
    /// The text's size in a card `w` points wide (cards shrink with small windows). It does not
    /// depend on the card's height: one kind of card in one board shows one type size, and a
    /// short card shows fewer lines instead of smaller ones (only a narrow card whose longest word
    /// would not fit a line steps smaller; see ``textSize(_:cardWidth:)``).
    static func textSize(cardHeight h: Double, cardWidth w: Double) -> Double { min(13, max(9, w / 9)) }
    /// The text's inset from the card's leading edge, and from its trailing edge (room for the
    /// padlock on a locked card).
    static func textInsets(_ card: BoardCard, cardWidth w: Double) -> (leading: Double, trailing: Double) {
        // A narrow card keeps just clear of its colour strip, so that whole words fit its lines.
        (w < 90 ? min(6, w / 4) + 4 : min(14, w / 5), card.lockedTo != nil ? 22 : w < 90 ? 4 : min(10, w / 8))
    }

    /// The text's size in a card `w` points wide for this card's words: the width's size, a point
    /// smaller at a time (to 8 points) while the longest word is wider than a line, so that a word
    /// is broken inside only when it is wider than the card's line at the smallest size.
    func textSize(_ card: BoardCard, cardWidth w: Double) -> Double {
        var size = BoardCardMetrics.textSize(cardHeight: .infinity, cardWidth: w)
        let insets = BoardCardMetrics.textInsets(card, cardWidth: w)
        let line = w - insets.leading - insets.trailing
        // The units a line may not break inside, as the measurer's line breaking (UAX #14) finds
        // them: words between spaces, and each ideograph or kana of Japanese or Chinese.
        let scalars = Array(card.shownText.unicodeScalars)
        var start = 0
        let words: [String] = measurer.lineBreaks(in: card.shownText).compactMap { b in
            let end = min(max(b.offset, start), scalars.count)
            defer { start = end }
            var unit = String.UnicodeScalarView(scalars[start..<end])
            while let last = unit.last, last.properties.isWhitespace { unit.removeLast() }
            return unit.isEmpty ? nil : String(unit)
        }
        // No bold glyph is wider than 0.8 em: a card whose longest word is surely narrower than its
        // line measures nothing.
        guard let most = words.map(\.count).max(), Double(most) * size * 0.8 > line else { return size }
        func longest(_ s: Double) -> Double {
            words.lazy.map { self.measurer.width(of: String($0), style: TextStyle(size: s, weight: .bold)) }.max() ?? 0
        }
        while size > 8, longest(size) > line { size -= 1 }
        return size
    }

    /// The height of a card `width` points wide whose text wraps to at most five lines.
    public func height(_ card: BoardCard, width: Double) -> Double {
        let r = width - 4
        let insets = BoardCardMetrics.textInsets(card, cardWidth: r)
        let size = textSize(card, cardWidth: r)
        let p = measurer.lines(of: card.shownText, style: BoardCardMetrics.style(size: size),
                               width: max(1, r - insets.leading - insets.trailing))
        return max(BoardCardMetrics.minimumHeight, (p.height + 2 * BoardCardMetrics.verticalPadding + 4).rounded(.up))
    }

    /// Where a card's text goes in the card's frame, in what style, and how many lines show:
    /// as many as the card holds, centred, the last one ending in "…" when text remains.
    public func textPlacement(_ card: BoardCard, cardFrame frame: Rect) -> (rect: Rect, style: ParagraphStyle, lines: Int) {
        place(card, cardFrame: frame, measure(card, cardWidth: frame.width))
    }

    /// What placing a card's text measures, for a card `cardWidth` wide whatever its height: the
    /// type size its words fit at, a line's height, and how many lines the words wrap to.
    struct TextMeasure {
        var size: Double
        var lineHeight: Double
        var wrappedLines: Int
    }

    func measure(_ card: BoardCard, cardWidth: Double) -> TextMeasure {
        let w = cardWidth - 4
        let style = BoardCardMetrics.style(size: textSize(card, cardWidth: w))
        let insets = BoardCardMetrics.textInsets(card, cardWidth: w)
        let width = max(0, w - insets.leading - insets.trailing)
        return TextMeasure(size: style.text.size, lineHeight: measurer.lineHeight(style: style.text),
                           wrappedLines: measurer.lines(of: card.shownText, style: style, width: max(1, width)).lines.count)
    }

    /// The text's place in the card's frame from what was measured: as many lines as the card
    /// holds, centred.
    func place(_ card: BoardCard, cardFrame frame: Rect, _ m: TextMeasure) -> (rect: Rect, style: ParagraphStyle, lines: Int) {
        let r = frame.insetBy(dx: 2, dy: 2)
        let style = BoardCardMetrics.style(size: m.size)
        let insets = BoardCardMetrics.textInsets(card, cardWidth: r.width)
        let width = max(0, r.width - insets.leading - insets.trailing)
        let room = max(m.lineHeight, r.height - 2 * BoardCardMetrics.verticalPadding)
        let fitting = max(1, Int((room + 0.5) / m.lineHeight))
        let lines = max(1, min(fitting, m.wrappedLines))
        let h = Double(lines) * m.lineHeight
        return (Rect(x: r.minX + insets.leading, y: r.midY - h / 2, width: width, height: h), style, lines)
    }
}

/// The cell that draws a card.
public final class BoardCardCell: CollectionCell {
    public var card = BoardCard(id: 0, title: "")
    /// Wraps the card's text; set by the scene.
    public var metrics = BoardCardMetrics(measurer: EstimatedTextMeasurer()) { didSet { measured = nil } }
    /// Right to left the card is its mirror image: the colour band on the right, the padlock at the left.
    public var direction = LayoutDirection.leftToRight

    /// What the text's measure was taken for: the words, the padlock's room, the card's width and
    /// the desktop's text scale (the measurer's sizes follow it).
    struct MeasureKey: Equatable {
        var text: String
        var locked: Bool
        var width: Double
        var textScale: Double
    }
    /// The card's text measured (its type size, wrapped lines): taken again when the words, the
    /// card's width, the metrics or the text scale change, not on every frame the card is drawn
    /// (fitting and wrapping the words was a third of a frame of the boards under random input).
    /// Where the text goes is worked out from it each frame, with the same arithmetic.
    private var measured: (key: MeasureKey, measure: BoardCardMetrics.TextMeasure)?
    /// How many times this cell measured its text (for tests).
    private(set) var measures = 0

    public override func prepareForReuse() {
        super.prepareForReuse()
        card = BoardCard(id: 0, title: "")
    }

    /// The text's placement in `frame`, measured again only when something it depends on changed.
    func textPlacement(in frame: Rect) -> (rect: Rect, style: ParagraphStyle, lines: Int) {
        let key = MeasureKey(text: card.shownText, locked: card.lockedTo != nil, width: frame.width, textScale: Appearance.textScale)
        let measure: BoardCardMetrics.TextMeasure
        if let measured, measured.key == key {
            measure = measured.measure
        } else {
            measures += 1
            measure = metrics.measure(card, cardWidth: frame.width)
            measured = (key, measure)
        }
        return metrics.place(card, cardFrame: frame, measure)
    }

    public override func draw(in frame: Rect, into list: inout DrawList) {
        let text = textPlacement(in: frame)
        HeaderMirror.draw(in: frame, direction, into: &list) { list in
            BoardCardCell.drawCard(card, text: text, in: frame, into: &list)
        }
        // The rings the drag-and-drop manager's state asks for: selection inside, focus outside.
        if isSelected { list.stroke(frame.insetBy(dx: 1, dy: 1), Theme.accent, width: 3, radius: 8) }
        if isFocused { FocusRing.draw(around: frame.insetBy(dx: 2, dy: 2), radius: 8, into: &list) }
    }

    /// Shared with the drag snapshot, so a lifted card looks exactly like the card.
    public static func drawCard(_ card: BoardCard, metrics: BoardCardMetrics, in frame: Rect, into list: inout DrawList) {
        drawCard(card, text: metrics.textPlacement(card, cardFrame: frame), in: frame, into: &list)
    }

    /// The card with its text placed as `text` says (``BoardCardMetrics/textPlacement(_:cardFrame:)``).
    static func drawCard(_ card: BoardCard, text: (rect: Rect, style: ParagraphStyle, lines: Int), in frame: Rect, into list: inout DrawList) {
        let r = frame.insetBy(dx: 2, dy: 2)
        let radius = min(8, r.width / 8, r.height / 4)
        list.fill(r, Theme.surfaceRaised, radius: radius)
        list.fill(Rect(x: r.minX, y: r.minY, width: min(6, r.width / 4), height: r.height), card.color, radius: min(3, radius))
        // The text wraps to the card and is centred in it; the lines that do not fit end in "…".
        list.paragraph(card.shownText, in: text.rect, style: text.style, color: Theme.text)
        if card.lockedTo != nil {
            // A padlock in the corner: body and shackle.
            let c = Point(x: r.maxX - 12, y: r.minY + min(14, r.height / 2))
            list.stroke(Rect(x: c.x - 4, y: c.y - 8, width: 8, height: 9), Theme.textDim, width: 2, radius: 4)
            list.fill(Rect(x: c.x - 6, y: c.y - 3, width: 12, height: 9), Theme.textDim, radius: 2)
        }
    }
}
