import CollectionDemo
import CollectionKit
import CollectionKitTesting
@testable import CollectionKitSDL
import XCTest

/// Drawing prepared ahead while the window is idle: the carousel's page turns then make no text,
/// shadow or corner mask during a frame, and the frames are the pixels they would have been.
final class DrawAheadTests: XCTestCase {
    /// Page turns to either side by flicks and keys, some before the last one has settled.
    /// (A jump of many pages, to the last card say, passes cards no idle moment prepared.)
    static let paging = """
        wait 300
        down 900 400
        move 500 400 80
        up 500 400
        wait 700
        down 900 400
        move 500 400 80
        up 500 400
        wait 700
        down 400 400
        move 800 400 80
        up 800 400
        wait 700
        key right
        wait 300
        key right
        wait 700
        key left
        wait 700
        """

    func testCarouselPageTurnsMakeNothingDuringAFrameOnceDrawnAhead() throws {
        let size = Size(width: 1280, height: 800)
        let app = try App(scene: "carousel", size: size, config: SceneConfig())
        let ahead = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let cold = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let driver = HeadlessDriver(root: app, fps: 60)
        var idleSeconds = 0.0
        driver.whileIdle = { seconds in
            idleSeconds += seconds
            // Unbounded time: this test is about what is prepared, not how fast.
            ahead.drawer.prepareAhead(of: app, for: .infinity)
        }
        // A window prepares a little between frames while things move; here each chance
        // finishes the work, since what is prepared is the question, not how fast.
        driver.afterFrame = { ahead.drawer.prepareAhead(of: app, for: .infinity) }
        var frame = 0, madeAhead: [Int] = [], madeCold = 0, compared = 0
        driver.render = { list in
            let before = (ahead.drawer.preparedCount, cold.drawer.preparedCount)
            ahead.render(list)
            cold.render(list)
            frame += 1
            if frame > 1 {
                if ahead.drawer.preparedCount > before.0 { madeAhead.append(frame) }
                madeCold += cold.drawer.preparedCount - before.1
            }
            // Every frame, row by row as the canvases hold them (a row is compared pixel by pixel
            // only where its bytes differ): no copy of either picture is made.
            compared += 1
            if let at = ahead.firstDifference(from: cold) {
                XCTFail("frame \(frame): preparing ahead must not change a pixel (\(at.x),\(at.y) differs)")
            }
        }
        try driver.play(ScriptTimeline(InputScript.parse(DrawAheadTests.paging), fps: 60))
        let state = app.dumpState()["collections"]![0]!
        XCTAssertEqual(state["centeredIndex"]?.doubleValue, 2, "flicks to cards 1, 2 and back to 1; keys to 2, 3 and back to 2")
        XCTAssertGreaterThan(idleSeconds, 0.2, "the first pause was idle time")
        XCTAssertGreaterThan(compared, 100)
        // Without drawing ahead the turns meet new text sizes and shadows frame after frame.
        XCTAssertGreaterThan(madeCold, 50, "the page turns need things the first frame did not")
        XCTAssertEqual(madeAhead, [], "frames that had to make text, shadows or masks although drawn ahead")
    }

    func testAPreparationInSlicesEndsAndCanBeReplaced() throws {
        let size = Size(width: 1280, height: 800)
        let app = try App(scene: "carousel", size: size, config: SceneConfig())
        let canvas = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        app.update(now: 0)
        canvas.render(app.draw())
        // A zero slice still does at least one command, so the work always moves on.
        var slices = 0
        while canvas.drawer.prepareAhead(of: app, for: 0) { slices += 1 }
        XCTAssertGreaterThan(slices, 10, "zero-length slices prepare a little at a time")
        XCTAssertFalse(canvas.drawer.isPreparingAhead)
        // Nothing new until the carousel moves to another page.
        XCTAssertNil(app.drawAhead())
        XCTAssertFalse(canvas.drawer.prepareAhead(of: app, for: 1))
        app.handle(.key(.right, []), now: 0.1)
        for t in stride(from: 0.1, through: 1.5, by: 1.0 / 60) { app.update(now: t) }
        let next = try XCTUnwrap(app.drawAhead(), "a new page has new neighbours")
        XCTAssertFalse(next.commands.isEmpty)
        XCTAssertTrue(next.isBalanced)
        canvas.drawer.prepareAhead(next)
        XCTAssertTrue(canvas.drawer.isPreparingAhead)
        canvas.drawer.prepareAhead(DrawList())
        XCTAssertFalse(canvas.drawer.isPreparingAhead, "an empty list replaces the work left")
    }
}
