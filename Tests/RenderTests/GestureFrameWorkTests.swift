import CollectionDemo
import CollectionKit
import CollectionKitTesting
@testable import CollectionKitSDL
import XCTest

/// The work of a drag's frames, counted: one list of twelve cards (the like-for-like drag of
/// `Benchmarks/gestures.sh`, as `drag-list-bench` draws it), a card lifted and taken down the
/// list and back, each frame drawn in part and, on a second canvas, whole; the pixels must agree.
final class GestureFrameWorkTests: XCTestCase {
    final class Card: CollectionCell {
        var number = 0
        override func draw(in frame: Rect, into list: inout DrawList) { DragList.drawCard(number, in: frame, into: &list) }
    }

    /// The bench's list: a `DragDropCollection` of 12 cards, 360x56 points, under a manager.
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
                                                 let cell = cv.dequeueReusableCell(withReuseIdentifier: "card", for: ip) as! Card
                                                 cell.number = id
                                                 return cell
                                             },
                                             drawItem: { id, rect, list in DragList.drawCard(id, in: rect, into: &list) })
            column.view.register(reuseIdentifier: "card") { Card(reuseIdentifier: $0) }
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

    /// The bench's gesture: card 2 pressed, moved 8 points a frame down four cards and back.
    static let gesture: String = {
        var lines = ["down 200 112", "wait 100"]
        for i in 0..<120 {
            let y = 112 + (i % 60 < 30 ? i % 30 : 30 - i % 30) * 8
            lines.append("move 200 \(y) 16")
        }
        lines += ["up 200 112", "wait 400"]
        return lines.joined(separator: "\n")
    }()

    /// Plays the gesture; returns the pixels each frame drew (and sent to the screen).
    func playDrag() throws -> [Int] {
        let size = Size(width: 400, height: 800)
        let partial = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let whole = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        whole.drawer.redrawsWholeFrame = true
        let root = DragList()
        let driver = HeadlessDriver(root: root, fps: 60)
        var pixels: [Int] = [], failures = 0
        driver.render = { list in
            partial.render(list)
            whole.render(list)
            let boxes = partial.drawer.changedBoxes
            pixels.append(boxes.map { $0.reduce(0) { $0 + $1.area } } ?? 400 * 800)
            if let at = partial.firstDifference(from: whole), failures < 3 {
                failures += 1
                XCTFail("frame \(pixels.count): drawn in part differs from drawn whole at \(at.x),\(at.y)")
            }
        }
        try driver.play(ScriptTimeline(InputScript.parse(GestureFrameWorkTests.gesture), fps: 60))
        return pixels
    }

    /// A drag frame draws and sends to the screen the boxes around what moved: the lifted card
    /// and its shadow (8 points a frame), the cards gliding out of its way and the gaps fading
    /// where it was and where it goes, about 98,000 pixels of the window's 320,000 (the union of
    /// the changed commands' own boxes is about 83,000: merging them costs a few per cent).
    func testADragFrameSendsOnlyWhatMoved() throws {
        let pixels = try playDrag()
        XCTAssertGreaterThan(pixels.count, 100, "the gesture ran")
        let moving = pixels.dropFirst(10).prefix(100)
        let mean = moving.reduce(0, +) / max(1, moving.count)
        print("drag: \(pixels.count) frames, mean pixels \(mean), max \(moving.max() ?? 0)")
        XCTAssertLessThanOrEqual(mean, 100_000, "a drag frame sends the boxes around what moved")
        XCTAssertLessThanOrEqual(moving.max() ?? 0, 400 * 320, "no drag frame sends more than 320 rows")
    }

    /// The lifted card, a texture recorded once and copied at its own size every frame, goes
    /// straight into the target's pixels as a cached picture does: no frame of the drag copies a
    /// texture through SDL (one a frame before, with SDL's command queue, clip and blitter). Its
    /// pixels against SDL's own copy of the same frame differ by no more than the rounding the
    /// golden images allow.
    func testTheLiftedCardIsCopiedWithoutSDL() throws {
        let size = Size(width: 400, height: 800)
        let direct = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let viaSDL = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        viaSDL.drawer.softwareSurface = nil
        let driver = HeadlessDriver(root: DragList(), fps: 60)
        var lifted = 0, copiedBySDL = 0, compared = 0
        driver.render = { list in
            direct.render(list)
            viaSDL.render(list)
            // Frames with the card held at its lifted size (not those of the lift and the landing,
            // which scale it: SDL's scaled copy).
            let atOwnSize = list.commands.contains { c in
                guard case let .texture(key, r) = c, let rec = list.textures.first(where: { $0.key == key }) else { return false }
                return abs(r.width - rec.size.width) < 0.5 && abs(r.height - rec.size.height) < 0.5
            }
            guard atOwnSize else { return }
            lifted += 1
            copiedBySDL += direct.drawer.texturesCopiedBySDL
            guard lifted % 10 == 5 else { return }
            compared += 1
            let a = direct.capture(), b = viaSDL.capture()
            XCTAssertEqual(a.differingFraction(from: b, channelTolerance: 8), 0, "frame \(lifted) of the drag: the card as SDL copies it")
        }
        try driver.play(ScriptTimeline(InputScript.parse(GestureFrameWorkTests.gesture), fps: 60))
        XCTAssertGreaterThan(lifted, 90, "the card was held lifted")
        XCTAssertGreaterThan(compared, 5)
        XCTAssertEqual(copiedBySDL, 0, "textures copied through SDL in \(lifted) frames of a drag")
    }

    /// Paging the carousel: the cards scale and fade as they turn, so a frame changes nearly all
    /// of the window below the scene bar, too much to draw in parts. The frame is drawn, and sent
    /// to the screen, in the one box around what changed: never the bar (1280 x 44 at the top),
    /// which the whole frame drew and sent every time (1,024,000 pixels a frame).
    func testPagingFramesLeaveTheBarOut() throws {
        let size = Size(width: 1280, height: 800)
        let partial = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let whole = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        whole.drawer.redrawsWholeFrame = true
        var config = SceneConfig()
        config.textMeasurer = TextMeasurerBox(partial.measurer)
        let app = try App(scene: "carousel", size: size, config: config)
        let driver = HeadlessDriver(root: app, fps: 60)
        var sent: [Int] = [], failures = 0
        driver.render = { list in
            partial.render(list)
            whole.render(list)
            sent.append(partial.drawer.changedBoxes.map { $0.reduce(0) { $0 + $1.area } } ?? 1280 * 800)
            if let at = partial.firstDifference(from: whole), failures < 3 {
                failures += 1
                XCTFail("frame \(sent.count): drawn in part differs from drawn whole at \(at.x),\(at.y)")
            }
        }
        try driver.play(ScriptTimeline(InputScript.parse(DrawAheadTests.paging), fps: 60))
        // The frames of the turns (the first frames draw the window whole, as they must).
        let turning = sent.dropFirst(5).filter { $0 > 1280 * 400 }
        XCTAssertGreaterThan(turning.count, 20, "the pages turned")
        for (i, pixels) in turning.enumerated() {
            XCTAssertLessThanOrEqual(pixels, 1280 * (800 - 44), "turning frame \(i) leaves the bar out")
        }
        print("paging: \(sent.count) frames, \(turning.count) turning, mean pixels \(turning.reduce(0, +) / max(1, turning.count))")
    }
}
