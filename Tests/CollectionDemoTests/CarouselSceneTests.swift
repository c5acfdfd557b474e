import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The carousel driven by input scripts on the virtual clock, as `--replay` drives it.
/// The window is 1280×800: the scene starts at y 44, cards are 560 wide (capped) and 584 apart, and
/// with centred alignment card i rests at offset 584 i.
final class CarouselSceneTests: XCTestCase {
    private struct Run {
        var app: App
        var scene: CarouselScene { app.currentScene as! CarouselScene }
        var state: JSON { app.dumpState()["collections"]![0]! }
        var centeredIndex: Int? { state["centeredIndex"]?.doubleValue.map { Int($0) } }
        var offsetX: Double { scene.collection.contentOffset.x }
    }

    private func run(_ script: String, align: String = "center", items: Int? = nil, fps: Double = 60,
                     size: Size = Size(1280, 800)) throws -> Run {
        var config = SceneConfig(items: items)
        config.carouselAlignment = align
        let app = try App(scene: "carousel", size: size, config: config)
        let driver = HeadlessDriver(root: app, fps: fps)
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: fps))
        return Run(app: app)
    }

    /// Checks the carousel is at rest with card `index` in its resting place.
    private func assertRests(_ r: Run, on index: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.centeredIndex, index, "centeredIndex", file: file, line: line)
        XCTAssertEqual(r.offsetX, r.scene.layout.restingOffset(forItem: index), accuracy: 0.01, "resting offset", file: file, line: line)
        XCTAssertTrue(r.scene.collection.physics.isIdle, "at rest", file: file, line: line)
    }

    func testStartsOnTheFirstCardWithTwelveCards() throws {
        let r = try run("wait 100")
        XCTAssertEqual(r.state["items"]?.arrayValue?.count, 12)
        XCTAssertEqual(r.state["alignment"]?.stringValue, "center")
        XCTAssertEqual(r.scene.layout.cardSize.width, 560, "70% of the width, capped at 560 points")
        assertRests(r, on: 0)
    }

    func testAFlickMovesOneCard() throws {
        let r = try run("""
            down 900 400
            move 600 400 150
            up 600 400
            wait 1200
            """)
        assertRests(r, on: 1)
        XCTAssertEqual(r.offsetX, 584, "one stride: a 560-point card and a 24-point gap")
    }

    func testAFastLongFlickStillMovesOnlyOneCard() throws {
        let r = try run("""
            down 1250 400
            move 50 400 80
            up 50 400
            wait 1500
            """)
        assertRests(r, on: 1)
    }

    func testTwoFlicksMoveTwoCardsAndAFlickBackReturnsOne() throws {
        var r = try run("""
            down 900 400
            move 600 400 120
            up 600 400
            wait 600
            down 900 400
            move 600 400 120
            up 600 400
            wait 1200
            """)
        assertRests(r, on: 2)
        r = try run("""
            key End
            wait 1200
            down 300 400
            move 600 400 120
            up 600 400
            wait 1200
            """)
        assertRests(r, on: 10)
    }

    func testASlowDragShortOfHalfACardSnapsBack() throws {
        let r = try run("""
            down 900 400
            move 650 400 1500
            wait 200
            up 650 400
            wait 1200
            """)
        assertRests(r, on: 0)
    }

    func testASlowDragPastHalfACardMovesOne() throws {
        let r = try run("""
            down 1000 400
            move 450 400 1500
            wait 200
            up 450 400
            wait 1200
            """)
        assertRests(r, on: 1)
    }

    func testAWheelNotchMovesOneCardOnceTheWheelIsIdle() throws {
        let r = try run("""
            move 640 400
            wheel 0 -1
            wait 30
            """)
        XCTAssertEqual(r.offsetX, 48, "the wheel scrolls at once, before any snapping")
        let settled = try run("""
            move 640 400
            wheel 0 -1
            wait 1200
            """)
        assertRests(settled, on: 1)
        let back = try run("""
            move 640 400
            key End
            wait 1000
            wheel 0 1
            wait 1200
            """)
        assertRests(back, on: 10)
    }

    func testATrackpadStreamPagesOneCard() throws {
        // Many small precise deltas, as a two-finger swipe sends.
        let swipe = (0..<12).map { _ in "wheel 0.4 0\nwait 8" }.joined(separator: "\n")
        let r = try run("move 640 400\n" + swipe + "\nwait 1200")
        assertRests(r, on: 1)
    }

    func testArrowHomeAndEndKeys() throws {
        var r = try run("key Right\nwait 50\nkey Right\nwait 1200")
        assertRests(r, on: 2)
        r = try run("key End\nwait 1200")
        assertRests(r, on: 11)
        r = try run("key End\nwait 1200\nkey Left\nwait 1200")
        assertRests(r, on: 10)
        r = try run("key Right\nwait 1200\nkey Home\nwait 1200")
        assertRests(r, on: 0)
        r = try run("key Left\nwait 1200")
        assertRests(r, on: 0)
    }

    func testClickingASideCardCentresIt() throws {
        // The next card peeks in at the right edge.
        let r = try run("""
            down 1230 400
            up 1230 400
            wait 1200
            """)
        assertRests(r, on: 1)
        XCTAssertEqual(r.state["selected"]?.arrayValue, [], "a side card is centred, not selected")
        // Then a click on the centred card selects it.
        let selected = try run("""
            down 1230 400
            up 1230 400
            wait 1200
            down 640 400
            up 640 400
            wait 100
            """)
        XCTAssertEqual(selected.state["selected"]?.arrayValue, [.string("1")])
        assertRests(selected, on: 1)
    }

    func testClickingAPageDotGoesToThatCard() throws {
        // Twelve dots 18 apart centred under the cards, 30 above the bottom: dot 7 is at x 640 − 99 + 126.
        let r = try run("""
            down 667 770
            up 667 770
            wait 1500
            """)
        assertRests(r, on: 7)
    }

    func testTheAlignmentKeyTogglesEdgeAlignment() throws {
        var r = try run("key a\nwait 1200")
        XCTAssertEqual(r.state["alignment"]?.stringValue, "edges")
        assertRests(r, on: 0)
        XCTAssertEqual(r.scene.collection.layout.attributesForItem(at: ItemPath(item: 0))?.frame.minX, 24,
                       "the first card sits against the leading edge")
        r = try run("key Right\nwait 50\nkey Right\nwait 1200\nkey a\nwait 1200\nkey a\nwait 1200")
        XCTAssertEqual(r.state["alignment"]?.stringValue, "center")
        assertRests(r, on: 2)
    }

    func testEdgeAlignmentRestsTheLastCardAgainstTheTrailingEdge() throws {
        let r = try run("key End\nwait 1200", align: "edges")
        assertRests(r, on: 11)
        let last = r.scene.collection.layout.attributesForItem(at: ItemPath(item: 11))!.frame
        XCTAssertEqual(last.maxX - r.offsetX, 1280 - 24)
        // A flick back from the last card moves one card, which then rests centred.
        let back = try run("""
            key End
            wait 1200
            down 300 400
            move 600 400 120
            up 600 400
            wait 1200
            """, align: "edges")
        assertRests(back, on: 10)
        let card = back.scene.collection.layout.attributesForItem(at: ItemPath(item: 10))!.frame
        XCTAssertEqual(card.midX - back.offsetX, 640, accuracy: 0.01)
    }

    func testEdgeAlignmentFlickFromTheFirstCard() throws {
        let r = try run("""
            down 900 400
            move 700 400 100
            up 700 400
            wait 1200
            """, align: "edges")
        assertRests(r, on: 1)
        XCTAssertEqual(r.state["alignment"]?.stringValue, "edges")
    }

    func testLosingFocusMidDragSettlesOnACard() throws {
        let r = try run("""
            down 1000 400
            move 400 400 400
            focus lost
            wait 50
            move 100 400 100
            up 100 400
            wait 1200
            """)
        XCTAssertFalse(r.scene.collection.physics.isPanning)
        assertRests(r, on: 1)
    }

    func testCursorIsAHandOverCardsAndGrabbingWhilePanning() throws {
        let r = try run("wait 10")
        XCTAssertEqual(r.scene.cursor(at: Point(640, 400)), .hand)
        XCTAssertEqual(r.scene.cursor(at: Point(100, 400)), .arrow, "the empty space before the first card")
        r.app.handle(.pointerDown(Point(640, 400), .left, []), now: 1)
        r.app.handle(.pointerMove(Point(600, 400), []), now: 1.05)
        XCTAssertEqual(r.scene.cursor(at: Point(600, 400)), .grabbing)
    }

    func testResizingKeepsTheCentredCard() throws {
        let r = try run("key Right\nwait 50\nkey Right\nwait 1200\nresize 700 700\nwait 100")
        XCTAssertEqual(r.scene.layout.cardSize.width, 490, "70% of the new width")
        assertRests(r, on: 2)
    }

    func testItemsFlagAndBadAlignment() throws {
        let r = try run("key End\nwait 1200", items: 3)
        XCTAssertEqual(r.state["items"]?.arrayValue?.count, 3)
        assertRests(r, on: 2)
        var config = SceneConfig()
        config.carouselAlignment = "sideways"
        XCTAssertThrowsError(try App(scene: "carousel", size: Size(1280, 800), config: config)) { error in
            XCTAssertTrue("\(error)".contains("sideways"))
        }
        let empty = try run("key End\nwheel 0 -1\ndown 640 400\nmove 300 400 100\nup 300 400\nwait 500", items: 0)
        XCTAssertEqual(empty.centeredIndex, 0)
    }

    func testLiveCellsStayBoundedWhileScrollingThrough() throws {
        let flicks = (0..<30).map { _ in "down 1000 400\nmove 700 400 80\nup 700 400\nwait 400" }.joined(separator: "\n")
        let r = try run(flicks + "\nwait 1500", items: 200)
        XCTAssertEqual(r.centeredIndex, 30)
        XCTAssertLessThanOrEqual(r.scene.collection.peakLiveCells, 6, "three cards in view, a fourth coming in, and a small pool")
    }

    // MARK: Small windows

    /// The left-hand lines of a card's panel (title, subtitle, author, reading time) as the backend
    /// draws them: vertically centred in their boxes, an em (at least 6 pixels) tall.
    private func panelLines(cardHeight h: Double) -> [(text: String, top: Double, bottom: Double)] {
        let card = Rect(x: 0, y: 0, width: (h * 1.6).rounded(), height: h)
        var list = DrawList()
        CarouselCardCell.drawCard(.sample(0, of: 12), selected: false, in: card, into: &list)
        // A wrapped paragraph counts line by line, as the backend draws it.
        let runs = list.commands.flatMap { command -> [TextRun] in
            switch command {
            case let .text(run): return [run]
            case let .paragraph(p): return p.lineRuns(EstimatedTextMeasurer())
            default: return []
            }
        }
        return runs.compactMap { run -> (String, Double, Double)? in
            guard run.alignment == .leading else { return nil }
            let half = 0.5 * max(6, run.size)
            return (run.text, run.rect.midY - half, run.rect.midY + half)
        }.sorted { $0.1 < $1.1 }
    }

    func testACardsLinesNeverOverlapHoweverSmallTheWindow() {
        for h in [64.0, 80, 100, 120, 135, 160, 180, 240, 400, 560] {
            let lines = panelLines(cardHeight: h)
            for (upper, lower) in zip(lines, lines.dropFirst()) {
                XCTAssertLessThanOrEqual(upper.bottom, lower.top + 0.5, "\(upper.text) runs into \(lower.text) on a \(h)-point card")
            }
            for line in lines {
                XCTAssertGreaterThanOrEqual(line.top, 0, "\(line.text) inside a \(h)-point card")
                XCTAssertLessThanOrEqual(line.bottom, h, "\(line.text) inside a \(h)-point card")
            }
            if h >= 240 { XCTAssertEqual(lines.count, 4, "a \(h)-point card shows all four lines") }
            XCTAssertGreaterThanOrEqual(lines.first?.text == "Aurora Nights" ? 1 : 0, 1, "the title is always there, on a \(h)-point card")
        }
        XCTAssertEqual(panelLines(cardHeight: 64).map(\.text), ["Aurora Nights"], "a tiny card reflows to its title alone")
    }

    /// Small windows reflow the card instead of shrinking its type: no text on a card of any
    /// size is below 11 points, and a 1920-point window gets a card of at most 560 points.
    func testTypeNeverGoesBelowElevenPointsAndCardsAreCapped() throws {
        for h in [64.0, 100, 135, 180, 240, 400, 746] {
            let card = Rect(x: 0, y: 0, width: (h * 0.75).rounded(), height: h)
            var list = DrawList()
            CarouselCardCell.drawCard(.sample(0, of: 12), selected: false, in: card, into: &list)
            for case let .text(run) in list.commands { XCTAssertGreaterThanOrEqual(run.size, 11, "'\(run.text)' on a \(h)-point card") }
            for case let .paragraph(p) in list.commands { XCTAssertGreaterThanOrEqual(p.style.text.size, 11, "the subtitle on a \(h)-point card") }
        }
        let wide = try run("wait 10", size: Size(1920, 1200))
        XCTAssertEqual(wide.scene.layout.cardSize.width, 560)
        XCTAssertGreaterThanOrEqual(wide.scene.collection.visibleCells.count, 3, "a wide window shows the neighbours")
    }

    func testPageDotsGiveWayToACounterWhenTheyDoNotFit() throws {
        func indicator(width: Double) throws -> (dots: Int, counter: Bool) {
            let app = try App(scene: "carousel", size: Size(width, 400), config: SceneConfig(items: nil))
            let driver = HeadlessDriver(root: app, fps: 60)
            try driver.play(ScriptTimeline(InputScript.parse("wait 100"), fps: 60))
            var list = DrawList()
            app.currentScene.draw(into: &list)
            let dots = list.commands.filter {
                if case let .fill(r, _, radius) = $0 { return r.width <= 10 && r.width == r.height && radius == r.width / 2 }
                return false
            }
            let counter = list.commands.contains { if case let .text(run) = $0 { return run.text == "1 / 12" }; return false }
            return (dots.count, counter)
        }
        let wide = try indicator(width: 1280)
        XCTAssertEqual(wide.dots, 12); XCTAssertFalse(wide.counter)
        let narrow = try indicator(width: 200)
        XCTAssertEqual(narrow.dots, 0, "twelve dots 18 points apart do not fit in 200 points"); XCTAssertTrue(narrow.counter)
    }

    /// In a tall window (2560x1440) the cards keep their height in the middle, and the dots stay
    /// just under them rather than at the window's bottom edge.
    func testPageDotsStayUnderTheCardsInATallWindow() throws {
        let app = try App(scene: "carousel", size: Size(2560, 1440), config: SceneConfig(items: nil))
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(ScriptTimeline(InputScript.parse("wait 100"), fps: 60))
        let scene = try XCTUnwrap(app.currentScene as? CarouselScene)
        var list = DrawList()
        scene.draw(into: &list)
        let dots = list.commands.compactMap { c -> Rect? in
            if case let .fill(r, _, radius) = c, r.width <= 10, r.width == r.height, radius == r.width / 2 { return r }
            return nil
        }
        XCTAssertEqual(dots.count, 12)
        let card = scene.collection.windowRect(fromContent: try XCTUnwrap(scene.collection.layout.attributesForItem(at: ItemPath(item: 0))?.frame))
        let gap = try XCTUnwrap(dots.map(\.midY).min()) - card.maxY
        XCTAssertGreaterThan(gap, 0, "under the cards")
        XCTAssertLessThanOrEqual(gap, 40, "and close to them (the window's bottom is \(app.size.height - card.maxY) points below the cards)")
    }
}
