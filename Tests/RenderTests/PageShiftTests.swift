import CollectionKit
@testable import CollectionKitSDL
import XCTest

/// Pages that only translate (one flat card a page, as `page-flick-bench` and AdwCarousel draw
/// them): a canvas that keeps its last frame moves only the pixels of the card that moved, not the
/// whole view's background, and shows the very pixels of a canvas that draws every frame whole.
final class PageShiftTests: XCTestCase {
    final class Page: CollectionCell {
        var number = 0
        override func draw(in frame: Rect, into list: inout DrawList) {
            let f = Rect(x: (frame.midX - 180).rounded(), y: (frame.midY - 130).rounded(), width: 360, height: 260)
            list.shadow(f.offsetBy(dx: 0, dy: 1), Color.black.withAlpha(0.12), radius: 12, blur: 6)
            list.fill(f, Color(hex: 0x2B2D31), radius: 12)
            list.fill(Rect(x: f.minX, y: f.minY, width: f.width, height: 130), Color(hex: number % 2 == 0 ? 0xC8553D : 0x3D7DC8), radius: 12)
            list.fill(Rect(x: f.minX, y: f.minY + 118, width: f.width, height: 12), Color(hex: number % 2 == 0 ? 0xC8553D : 0x3D7DC8))
            list.text("\(number + 1)", in: Rect(x: f.minX, y: f.minY, width: f.width, height: 130), size: 48,
                      color: Color.white.withAlpha(0.85), alignment: .center, weight: .bold)
            list.text("Card \(number + 1) of 8", in: Rect(x: f.minX + 16, y: f.minY + 150, width: f.width - 32, height: 24), size: 16, color: .white)
            list.fill(Rect(x: f.maxX - 80, y: f.maxY - 50, width: 64, height: 30), Color(hex: 0x3584E4), radius: 15)
        }
    }

    final class Pages: CollectionDataSource {
        let view: CollectionView
        init(size: Size) {
            view = CollectionView(name: "pages", layout: CarouselLayout(widthFraction: 1, spacing: 24, topMargin: 0, bottomMargin: 20,
                                                                        maximumHeightRatio: 10, sideScale: 1, sideAlpha: 1))
            view.register(reuseIdentifier: "page") { Page(reuseIdentifier: $0) }
            view.dataSource = self
            view.reloadData()
            view.setFrame(Rect(origin: .zero, size: size))
        }
        func numberOfSections(in cv: CollectionView) -> Int { 1 }
        func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { 8 }
        func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
        func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "page", for: ip) as! Page
            cell.number = ip.item
            return cell
        }
        /// The window at content offset `x`: the background, then the pages.
        func frame(at x: Double, size: Size) -> DrawList {
            view.physics.jump(to: Point(x: x, y: 0))
            view.update(now: 0)
            var list = DrawList()
            list.fill(Rect(origin: .zero, size: size), Color(hex: 0xFAFAFA))
            view.draw(into: &list)
            return list
        }
    }

    /// Renders `list` on both canvases; when they differ, fails saying where (both pictures saved
    /// beside the golden images' failures as `partial-NAME.png` and `whole-NAME.png`) and returns false.
    private func drawsAlike(_ list: DrawList, _ partial: HeadlessCanvas, _ whole: HeadlessCanvas, saving name: String, _ frame: String,
                            file: StaticString = #filePath, line: UInt = #line) -> Bool {
        partial.render(list)
        whole.render(list)
        guard let at = partial.firstDifference(from: whole) else { return true }
        let dir = Golden.failures
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? partial.capture().writePNG(to: dir.appendingPathComponent("partial-\(name).png").path)
        try? whole.capture().writePNG(to: dir.appendingPathComponent("whole-\(name).png").path)
        XCTFail("\(frame): drawn in part differs from drawn whole at \(at.x),\(at.y)", file: file, line: line)
        return false
    }

    /// Offsets forward and back, by small and large steps, across a page boundary and with
    /// fractional offsets (the renderer puts a translation on whole pixels, so they move pixels
    /// too): every frame equals a whole redraw pixel for pixel, a step moves at most the boxes of
    /// the cards in view and their shadows, not the background around them, and most steps
    /// neither move nor draw the flat middle of a card, whose pixels stay as they were.
    func testPagesThatTranslateMoveOnlyTheCardsPixels() throws {
        let size = Size(width: 640, height: 400)
        let partial = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let whole = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        whole.drawer.redrawsWholeFrame = true
        let pages = Pages(size: size)
        let stride = (pages.view.layout as! CarouselLayout).stride
        let offsets: [Double] = [0, 7, 40, 41, 120, 100, 99, 60, 300, 310.5, 311, 330, 329.25, 320, stride - 5, stride, stride + 37,
                                 stride + 12, stride - 60, 250, 3, 0]
        var light = 0
        // The card is 360x260, its shadow reaches 6 points and a few pixels more around it.
        let cardReach = (360 + 2 * 16) * (260 + 2 * 16)
        for (n, x) in offsets.enumerated() {
            let list = pages.frame(at: x, size: size)
            guard drawsAlike(list, partial, whole, saving: "pages", "offset \(x) (frame \(n))") else { return }
            guard n > 0 else { continue }
            let shifted = partial.drawer.lastShiftedPixels
            XCTAssertLessThanOrEqual(shifted, 2 * cardReach, "offset \(x): moved \(shifted) pixels, more than the cards in view")
            XCTAssertLessThan(shifted, Int(size.width * size.height) / 2, "offset \(x): moved most of the view")
            // What the step changed on the target: pixels moved and pixels drawn.
            if shifted + partial.drawer.lastRedraw.pixels < cardReach / 2 { light += 1 }
        }
        // A flat card that slid changes along its edges and where its text was and is: its
        // middle keeps its pixels (moving the card's box whole, the rule before, touches more
        // than the card at every step).
        XCTAssertGreaterThanOrEqual(light, offsets.count / 2, "most steps leave the flat middle of the card as it was")
    }

    /// Flat cards drawn where they are (no translation to match them by), as the cards of a list
    /// making way for a dragged one: one sliding down by steps of 1 to 60 points, another of the
    /// same colour passing over it, a translucent band and a still label over them, a card that
    /// changes colour in place, and the still label drawn before the cards in one frame and after
    /// them in the next, and the sliding card drawn under the label in one frame and over it in
    /// the next. Every frame equals a whole redraw, pixel for pixel; small steps draw less than a
    /// card.
    func testFlatCardsThatSlideRedrawTheirEdges() throws {
        let size = Size(width: 400, height: 500)
        let partial = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let whole = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        whole.drawer.redrawsWholeFrame = true
        let card = Color(hex: 0x2E3440)
        func frame(_ y: Double, other: Double, tint: Bool, labelLast: Bool, cardFirst: Bool = false) -> DrawList {
            var list = DrawList()
            list.fill(Rect(origin: .zero, size: size), Color(hex: 0x1E2128))
            let label = Rect(x: 60, y: 200, width: 200, height: 24)
            func sliding() {
                list.fill(Rect(x: 20, y: y, width: 360, height: 56), card, radius: 8)
                list.text("Card 3", in: Rect(x: 36, y: y, width: 300, height: 56), size: 15, color: .white)
            }
            if cardFirst { sliding() }
            if !labelLast { list.text("Still label", in: label, size: 14, color: .white) }
            if !cardFirst { sliding() }
            list.fill(Rect(x: 40, y: other, width: 300, height: 40), card, radius: 8)
            list.fill(Rect(x: 20, y: 400, width: 360, height: 56), tint ? Color(hex: 0x3B4252) : card, radius: 8)
            list.fill(Rect(x: 0, y: 240, width: 400, height: 20), Color.white.withAlpha(0.2))
            if labelLast { list.text("Still label", in: label, size: 14, color: .white) }
            return list
        }
        let steps: [(y: Double, other: Double, tint: Bool, labelLast: Bool)] = [
            (100, 20, false, false), (101, 20, false, false), (109, 20, false, false), (117, 20, false, false), (140, 60, false, false),
            (180, 100, false, false), (181, 140, true, false), (190, 170, true, false), (250, 200, false, true), (251, 230, false, false),
            (240, 300, false, false), (232, 300, false, false), (224, 300, false, false), (160, 300, false, false), (100, 300, false, false),
        ]
        // The still label over the sliding card, then under it, then over it again: drawn alike
        // in both frames, but before the card in one and after it in the other.
        let reordered: [(y: Double, cardFirst: Bool)] = [(190, false), (192, true), (194, false), (196, false)]
        var light = 0
        let frames = steps.map { frame($0.y, other: $0.other, tint: $0.tint, labelLast: $0.labelLast) }
            + reordered.map { frame($0.y, other: 300, tint: false, labelLast: false, cardFirst: $0.cardFirst) }
        for (n, list) in frames.enumerated() {
            let s = n < steps.count ? steps[n] : (y: reordered[n - steps.count].y, other: 300.0, tint: false, labelLast: false)
            guard drawsAlike(list, partial, whole, saving: "flat-cards", "step \(n) (card at \(s.y))") else { return }
            if n > 0, n < steps.count, partial.drawer.lastRedraw.pixels < 360 * 56 { light += 1 }
        }
        // The steps of a few points with the other card still (1, 8, 8 and 8 down; 8 up twice).
        XCTAssertGreaterThanOrEqual(light, 5, "a card sliding a few points draws its edges and its text, not its middle")
    }
}
