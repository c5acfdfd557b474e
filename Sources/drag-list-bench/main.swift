import CollectionKit
import CollectionKitSDL

// drag-list-bench: one list of cards in a window, for Benchmarks/gestures.sh to drag one card along
// (the like-for-like peer of Benchmarks/peers/gtk-drag-list.c and qt-drag-list.qml). A 400x800
// window with one column of 12 cards, 360x56 points, 8 apart, from (20, 20): all of them fit, so
// a drag never scrolls. A press on a card and a move past a few points lifts it (no long press),
// the others make way as it passes, a release drops it. Built from the engine's public API only:
// a `DragDropCollection` under a `DragDropManager`, as the boards are, with one list.

final class CardCell: CollectionCell {
    var number = 0
    override func draw(in frame: Rect, into list: inout DrawList) { DragList.drawCard(number, in: frame, into: &list) }
}

final class DragList: ComposedRoot {
    private(set) var size = Size(width: 400, height: 800)
    let manager = DragDropManager<Int>()
    let column: DragDropCollection<Int>
    private(set) var composition = Composition([])

    static func drawCard(_ n: Int, in frame: Rect, into list: inout DrawList) {
        list.fill(frame, Color(hex: 0x2E3440), radius: 8)
        list.text("Card \(n + 1)", in: frame.insetBy(dx: 16, dy: 0), size: 15, color: .white)
    }

    init() {
        column = DragDropCollection<Int>(name: "cards", title: "Cards", items: [Array(0..<12)],
                                         layout: { _ in GridLayout(itemsPerLine: 1, itemLength: .fixed(56), interitemSpacing: 8,
                                                                   lineSpacing: 8, insets: EdgeInsets(all: 20)) },
                                         cellForItem: { cv, ip, id in
                                             let cell = cv.dequeueReusableCell(withReuseIdentifier: "card", for: ip) as! CardCell
                                             cell.number = id
                                             return cell
                                         },
                                         drawItem: { id, rect, list in DragList.drawCard(id, in: rect, into: &list) })
        column.view.register(reuseIdentifier: "card") { CardCell(reuseIdentifier: $0) }
        try? manager.add(column)
        let background = ClosureComponent(draw: { [unowned self] list in list.fill(Rect(origin: .zero, size: size), Color(hex: 0x1E2128)) })
        composition = Composition([manager, column, background])
        layOut(for: size)
    }

    func layOut(for size: Size) {
        self.size = size
        manager.bounds = Rect(origin: .zero, size: size)
        column.view.setFrame(Rect(origin: .zero, size: size))
    }
}

WindowLoop.runOrExit(title: "Drag list", size: Size(width: 400, height: 800)) { _ in DragList() }
