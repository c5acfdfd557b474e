import CollectionKit

/// A card as a cell: its title, with the selection and focus rings the engine tells it about.
final class CardCell: CollectionCell {
    var title = ""

    override func draw(in frame: Rect, into list: inout DrawList) {
        CardCell.drawCard(title, in: frame, into: &list)
        if isSelected { list.stroke(frame.insetBy(dx: 1, dy: 1), Color(hex: 0x4C8DFF), width: 3, radius: 8) }
        if isFocused { list.stroke(frame.insetBy(dx: -1, dy: -1), .white, width: 1, radius: 9) }
    }

    /// The card's text, wrapped to the card's width.
    static let textStyle = ParagraphStyle(text: TextStyle(size: 14))
    /// Space around the text inside the card.
    static let padding = EdgeInsets(top: 14, left: 12, bottom: 14, right: 12)

    /// Shared with the drag snapshot, so a lifted card looks like the card.
    static func drawCard(_ title: String, in frame: Rect, into list: inout DrawList) {
        list.fill(frame.insetBy(dx: 2, dy: 2), Color(hex: 0x2E3440), radius: 8)
        list.paragraph(title, in: frame.inset(by: padding), style: textStyle, color: .white)
    }

    /// How tall a card with `title` is at `width`: its wrapped lines and the padding.
    static func height(of title: String, width: Double, measurer: any TextMeasuring) -> Double {
        let text = measurer.lines(of: title, style: textStyle, width: max(1, width - padding.left - padding.right))
        return max(48, (padding.top + text.height + padding.bottom).rounded(.up))
    }
}

/// A kanban: columns of cards dragged between them, a trash, undo, and the file saved after
/// every change. Escape cancels a drag; Space picks up the focused card and the arrows move it;
/// Tab moves between the columns.
public final class Kanban: ComposedRoot {
    public private(set) var size = Size(width: 900, height: 600)
    /// Its refusals are drawn by this view itself (with its own status), not as the manager's line.
    public let manager: DragDropManager<Int> = { let m = DragDropManager<Int>(); m.drawsFeedback = false; return m }()
    public private(set) var columns: [DragDropCollection<Int>] = []
    public let trash = DropZone(name: "trash", title: "Trash")
    var cards: [Int: Card] = [:]
    private let save: (KanbanFile) throws -> Void
    /// Measures card titles, so each card is as tall as its wrapped text.
    let measurer: any TextMeasuring
    /// The field that adds and renames cards in place.
    public let editor: InPlaceEditor
    /// Double-clicks on cards, which rename them.
    var clicks = ClickCounter()
    /// Each column's "+ Add a card" button: a Tab stop after its column, Enter or a click adds.
    public private(set) var addCardButtons: [Button] = []
    /// Where each column's "+ Add a card" button is.
    public var addButtons: [Rect] { addCardButtons.map(\.frame) }
    /// The column a new card is being typed for, while it is.
    public internal(set) var adding: Int?
    private var saveError: String?
    /// The drag machinery on top, the focus chain over the columns, the columns, and the chrome
    /// (titles, trash, status line) beneath.
    public private(set) var composition = Composition([])

    /// Shows `file`; `save` is called with the whole board after every committed change. Throws
    /// when a card identifier appears twice.
    public init(file: KanbanFile, measurer: any TextMeasuring = EstimatedTextMeasurer(), services: TextServices = TextServices(),
                save: @escaping (KanbanFile) throws -> Void) throws {
        self.save = save
        self.measurer = measurer
        var fieldStyle = TextFieldStyle()
        fieldStyle.text = TextStyle(size: 14)
        fieldStyle.background = Color(hex: 0x2E3440)
        fieldStyle.padding = EdgeInsets(top: 14, left: 12, bottom: 14, right: 12)
        editor = InPlaceEditor(measurer: measurer, services: services, style: fieldStyle)
        for card in file.columns.flatMap(\.cards) + file.trash { cards[card.id] = card }
        var words = DragDropStrings()
        words.pickedUpSeveral = { "\($0) cards picked up" }
        words.overNothing = "over no column"
        manager.strings = words
        for (k, column) in file.columns.enumerated() {
            // One column of cards, each as tall as its wrapped title at the column's width: the
            // collection measures again when the width changes, and the view keeps its place.
            let c = DragDropCollection<Int>(name: "column\(k)", title: column.title, items: [column.cards.map(\.id)],
                                            layout: { GridLayout(itemsPerLine: 1, itemLength: .table($0), interitemSpacing: 6,
                                                                 lineSpacing: 6, insets: EdgeInsets(all: 8)) },
                                            cellForItem: { [unowned self] cv, ip, id in
                                                let cell = cv.dequeueReusableCell(withReuseIdentifier: "card", for: ip) as! CardCell
                                                cell.title = title(of: id)
                                                return cell
                                            },
                                            drawItem: { [unowned self] id, rect, list in CardCell.drawCard(title(of: id), in: rect, into: &list) })
            c.view.register(reuseIdentifier: "card") { CardCell(reuseIdentifier: $0) }
            c.measureItem = { [unowned self] id, width in CardCell.height(of: title(of: id), width: width, measurer: self.measurer) }
            c.describeItem = { [unowned self] id in title(of: id) }
            c.emptyText = "drop cards here"
            try manager.add(c)
            columns.append(c)
        }
        trash.items = file.trash.map { AnyHashable($0.id) }
        manager.add(trash)
        // The one place the app learns that cards moved: save the board as it now stands.
        manager.onChange = { [unowned self] _ in
            do { try self.save(snapshot()); saveError = nil } catch { saveError = "not saved: \(error)" }
        }
        addCardButtons = columns.indices.map { k in
            Button(name: "add\(k)", title: Kanban.addCardTitle) { [unowned self] now in beginAdding(in: k, now: now) }
        }
        // Reading order: each column, then the button under it.
        let stops: [any FocusStop] = zip(manager.focusStops(), addCardButtons).flatMap { [$0.0, $0.1 as any FocusStop] }
        let focus = FocusChain(stops)
        let chrome = ClosureComponent(draw: { [unowned self] list in drawChrome(into: &list) })
        let commands = ClosureComponent(handle: { [unowned self] event, now in handleEditingCommand(event, now: now) })
        let parts: [any Component] = [editor, commands, focus, manager] + columns + addCardButtons + [chrome]
        composition = Composition(parts, focus: focus)
        layOut(for: size)
    }

    func title(of id: Int) -> String { cards[id]?.title ?? "?" }

    /// The board as a file, from the columns' data and the trash.
    public func snapshot() -> KanbanFile {
        func cardList<S: Sequence>(_ ids: S) -> [Card] where S.Element == Int { ids.compactMap { cards[$0] } }
        return KanbanFile(columns: columns.map { Column(title: $0.title, cards: cardList($0.identifiers.joined())) },
                          trash: cardList(trash.items.identifiers(as: Int.self)))
    }

    /// Columns side by side above a trash strip and a status line.
    public func layOut(for size: Size) {
        self.size = size
        manager.bounds = Rect(origin: .zero, size: size)
        let m = 12.0, statusH = 28.0, trashH = 70.0, titleH = 24.0, addH = 34.0
        let width = (size.width - m * Double(columns.count + 1)) / Double(max(1, columns.count))
        let height = max(0, size.height - 3 * m - trashH - statusH - titleH - addH)
        for (k, c) in columns.enumerated() {
            c.view.setFrame(Rect(x: m + Double(k) * (width + m), y: m + titleH, width: max(0, width), height: height))
            addCardButtons[k].setFrame(Rect(x: c.view.frame.minX + 8, y: c.view.frame.maxY + 2, width: max(0, width - 16), height: addH - 4))
        }
        trash.dropFrame = Rect(x: m, y: size.height - statusH - m - trashH, width: max(0, size.width - 2 * m), height: trashH)
    }

    /// The window's background, the column titles, the trash and the status line.
    private func drawChrome(into list: inout DrawList) {
        list.fill(Rect(origin: .zero, size: size), Color(hex: 0x1E2128))
        for c in columns {
            list.text("\(c.title)  \(c.count)", in: Rect(x: c.view.frame.minX, y: c.view.frame.minY - 24, width: c.view.frame.width, height: 24),
                      size: 14, color: Color(hex: 0x9AA1B0), alignment: .leading, weight: .bold)
        }
        let accent = trash.isRefusing ? Color(hex: 0xE5534B) : trash.isHovered ? Color(hex: 0x4C8DFF) : Color(hex: 0x3D4350)
        list.stroke(trash.dropFrame, accent, width: 2, radius: 8)
        list.text("Trash  \(trash.items.count)", in: trash.dropFrame, size: 14, color: Color(hex: 0x9AA1B0), alignment: .center)
        let status = saveError ?? manager.feedback?.text ?? manager.statusLine
            ?? "Drag cards between columns or into the trash. F2 renames, Delete deletes, Ctrl+N adds, Ctrl+Z undoes."
        list.text(status, in: Rect(x: 12, y: size.height - 34, width: size.width - 24, height: 28), size: 13,
                  color: Color(hex: 0xC8CCD4), alignment: .leading)
    }
}
