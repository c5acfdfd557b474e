import CollectionKit
@testable import CollectionKitSDL
import XCTest

/// The work of a frame, counted: what the software target redraws and sends to the screen, and
/// what it leaves out because an opaque fill covers it later. Each frame is also drawn whole on a
/// second canvas (every command, nothing left out), and the pixels must be the same.
final class FrameWorkTests: XCTestCase {
    let size = Size(width: 400, height: 300)
    let background = Color(hex: 0x1E2128)

    /// Renders each list on a canvas that draws in part and on one that draws every frame whole;
    /// calls `after` with the partial canvas after each frame, and fails where the pixels differ.
    func render(_ lists: [DrawList], after: (Int, HeadlessCanvas) -> Void = { _, _ in },
                file: StaticString = #filePath, line: UInt = #line) throws {
        let partial = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let whole = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        whole.drawer.redrawsWholeFrame = true
        for (i, list) in lists.enumerated() {
            partial.render(list)
            whole.render(list)
            if let at = partial.firstDifference(from: whole) {
                XCTFail("frame \(i): differs from the frame drawn whole at \(at.x),\(at.y)", file: file, line: line)
            }
            after(i, partial)
        }
    }

    /// A shadow that moves (a lifted card's, 8 points a frame) redraws where its texture reaches
    /// and no further: the blur's three sigma past the rect (24 pixels for a blur of 16), where the
    /// survey used to count twice the blur (34), a quarter more pixels redrawn and sent each frame.
    func testAMovedShadowRedrawsOnlyWhereItsTextureReaches() throws {
        func frame(_ y: Double) -> DrawList {
            var list = DrawList()
            list.fill(Rect(x: 0, y: 0, width: 400, height: 300), background)
            list.shadow(Rect(x: 100, y: y, width: 120, height: 40), Color.black.withAlpha(0.6), radius: 8, blur: 16)
            return list
        }
        var redrawn: [Int] = []
        try render([frame(100), frame(108)]) { _, canvas in redrawn.append(canvas.drawer.lastRedraw.pixels) }
        // Both shadows' reach, 24 pixels and one for the edge past the rect: 170 x 98.
        let reach = (120 + 2 * 25) * (40 + 8 + 2 * 25)
        XCTAssertEqual(redrawn.count, 2)
        XCTAssertLessThanOrEqual(redrawn[1], reach, "the moved shadow redraws where it reaches")
        XCTAssertGreaterThanOrEqual(redrawn[1], (120 + 2 * 24) * (40 + 8 + 2 * 24), "and all of that")
    }

    /// A frame in which many small commands changed in one corner (more than the survey's
    /// budget of comparisons) is still drawn in part: the commands it could not compare are
    /// drawn where they were and where they are, not the whole frame (120,000 pixels).
    func testManyChangedCommandsInACornerAreDrawnInPart() throws {
        func frame(_ color: Color) -> DrawList {
            var list = DrawList()
            list.fill(Rect(x: 0, y: 0, width: 400, height: 300), background)
            for i in 0..<400 { list.fill(Rect(x: Double(i % 20) * 5, y: Double(i / 20) * 5, width: 4, height: 4), color) }
            list.fill(Rect(x: 200, y: 150, width: 150, height: 100), .white, radius: 6)
            return list
        }
        var boxes: [[PixelBox]?] = []
        try render([frame(.white), frame(Color(hex: 0x88C0D0)), frame(Color(hex: 0xBF616A))]) { _, canvas in
            boxes.append(canvas.drawer.changedBoxes)
        }
        for i in 1..<3 {
            let frame = try XCTUnwrap(boxes[i], "frame \(i) is drawn in part")
            let area = frame.reduce(0) { $0 + $1.area }
            // The corner, and the card after it (past the budget, it is not compared: drawn again).
            XCTAssertLessThanOrEqual(area, 101 * 101 + 152 * 102, "frame \(i) redraws the corner that changed and the card")
        }
    }

    /// What an opaque fill drawn later covers is not drawn: the window's background under a
    /// card, a shadow's middle and a line of text under a card laid over them. The pixels are those
    /// of every command drawn.
    func testWhatAnOpaqueFillCoversLaterIsNotDrawn() throws {
        var list = DrawList()
        list.fill(Rect(x: 0, y: 0, width: 400, height: 300), background)
        list.text("Under the card", in: Rect(x: 40, y: 60, width: 200, height: 20), size: 15, color: .white)
        list.shadow(Rect(x: 50, y: 58, width: 300, height: 200), Color.black.withAlpha(0.6), radius: 10, blur: 16)
        list.fill(Rect(x: 50, y: 50, width: 300, height: 200), Color(hex: 0x2E3440), radius: 10)
        list.text("Card", in: Rect(x: 66, y: 50, width: 260, height: 56), size: 15, color: .white)
        var moved = list
        moved.commands[4] = .text(TextRun("Card 2", in: Rect(x: 66, y: 50, width: 260, height: 56), size: 15, color: .white))
        var covered: [Int] = []
        try render([list, moved]) { _, canvas in covered.append(canvas.drawer.coveredPixels) }
        // The card's straight parts: 280 x 200 and 300 x 180 (its corners are 10 pixels), of the
        // background alone 59,600 pixels.
        XCTAssertGreaterThanOrEqual(covered[0], 59_600, "the frame drawn whole leaves out what the card covers")
        XCTAssertGreaterThan(covered[1], 0, "so does a frame drawn in part")
    }
    /// A lifted card (a recorded texture, drawn at its own size) over its shadow, moving: the
    /// shadow's middle and the background under it are not drawn where the card's opaque middle lands,
    /// and the pixels are those of every command drawn.
    func testALiftedCardCoversItsShadowsMiddle() throws {
        let card = TextureRecording(key: "card", size: Size(width: 200, height: 60),
                                    commands: [.fill(Rect(x: 0, y: 0, width: 200, height: 60), Color(hex: 0x3B4252), cornerRadius: 8),
                                               .text(TextRun("Card 3", in: Rect(x: 16, y: 0, width: 168, height: 60), size: 15, color: .white))])
        func frame(_ y: Double) -> DrawList {
            var list = DrawList()
            list.fill(Rect(x: 0, y: 0, width: 400, height: 300), background)
            list.textures.append(card)
            list.shadow(Rect(x: 100, y: y + 8, width: 200, height: 60), Color.black.withAlpha(0.6), radius: 8, blur: 16)
            list.append(.texture(key: "card", rect: Rect(x: 100, y: y, width: 200, height: 60)))
            return list
        }
        var covered: [Int] = [], opaque: [OpaqueParts] = []
        try render([frame(50), frame(58), frame(66)]) { _, canvas in
            covered.append(canvas.drawer.coveredPixels)
            if let parts = canvas.drawer.snapshotOpaque["card"] { opaque.append(parts) }
        }
        // The card is opaque but for its corners and its text's edges (blended into the texture,
        // a little short of opaque): the longest runs of opaque columns and rows.
        let parts = try XCTUnwrap(opaque.first)
        XCTAssertGreaterThanOrEqual(parts.columns.x1 - parts.columns.x0, 100, "most of the card's columns are opaque")
        XCTAssertEqual(parts.rows.x1 - parts.rows.x0, 200)
        let union = parts.columns.area + parts.rows.area - parts.columns.intersection(parts.rows).area
        // Nothing else in the frame is opaque over anything: under the card's opaque parts, the
        // background and the shadow are left out.
        for (i, c) in covered.enumerated() {
            XCTAssertEqual(c, 2 * union, "frame \(i): what the card covers is left out")
        }
    }
}
