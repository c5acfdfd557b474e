import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import CollectionKitSDL
import XCTest

/// The mosaic scene's pixels: each preset, an open context menu, and a frame mid-way through the
/// regrouping animation that "Make regular" starts.
final class MosaicGoldenTests: XCTestCase {
    private func render(_ preset: String, items: Int? = nil, size: Size = Size(width: 900, height: 700),
                        script: String) throws -> (Image, App) {
        var config = SceneConfig(items: items)
        config.options["mosaic-preset"] = [preset]
        return try Golden.render(scene: "mosaic", size: size, config: config, script: script)
    }

    private func dump(_ app: App) -> JSON { app.dumpState() }

    func testCompactScrolledToTheEnd() throws {
        // End scrolls to the bottom: four columns at 900, so a full row of four and a last row of
        // three cards a column wide each (as a grid's last row) under the pinned header.
        let (image, app) = try render("compact", script: "wait 100\nkey end\nwait 900")
        XCTAssertEqual(dump(app)["collections"]?[0]?["columns"]?.doubleValue, 4)
        XCTAssertEqual(dump(app)["collections"]?[0]?["groups"]?.arrayValue?.last?.stringValue, "compact+compact+compact")
        try Golden.assertMatches(image, named: "mosaic-compact-end")
    }

    func testRegularAtRest() throws {
        let (image, _) = try render("regular", script: "wait 200")
        try Golden.assertMatches(image, named: "mosaic-regular")
    }

    func testMixedScrolledUnderThePinnedHeader() throws {
        // 640 wide (two columns): the six cards are taller than the window, so the list scrolls.
        let narrow = Size(width: 640, height: 700)
        let (_, atRest) = try render("mixed", size: narrow, script: "wait 100")
        let natural = atRest.dumpState()["collections"]?[0]?["pinnedHeaderY"]?.doubleValue
        let (image, app) = try render("mixed", size: narrow, script: "wait 100\nwheel 0 -6\nwait 1200")
        let y = app.dumpState()["collections"]?[0]?["pinnedHeaderY"]?.doubleValue
        XCTAssertNotNil(y)
        XCTAssertGreaterThan(y ?? 0, natural ?? .infinity, "the header has left its natural place and follows the top")
        try Golden.assertMatches(image, named: "mosaic-mixed-scrolled")
    }

    func testLongAtRestInASmallWindow() throws {
        let (image, _) = try render("long", size: Size(width: 640, height: 400), script: "wait 100\nwheel 0 -4\nwait 1200")
        try Golden.assertMatches(image, named: "mosaic-long-small")
    }

    func testOpenMenu() throws {
        let (image, app) = try render("compact", script: "wait 100\ndown 300 420 right\nup 300 420 right\nwait 50\nmove 200 471\nwait 50")
        XCTAssertEqual(dump(app)["menu"]?["item"]?.stringValue, "1")
        try Golden.assertMatches(image, named: "mosaic-menu-open")
    }

    func testWideWindowShowsSixColumns() throws {
        let (image, app) = try render("mixed", size: Size(width: 1920, height: 1200), script: "wait 200")
        XCTAssertEqual(dump(app)["collections"]?[0]?["columns"]?.doubleValue, 6)
        try Golden.assertMatches(image, named: "mosaic-mixed-wide")
    }

    /// The default window (1280×800): six columns, more than eight whole cards.
    func testDefaultWindowShowsSixColumns() throws {
        let (image, app) = try render("long", size: Size(width: 1280, height: 800), script: "wait 200\nmove 640 500\nwheel 0 -4\nwait 1200")
        XCTAssertEqual(dump(app)["collections"]?[0]?["columns"]?.doubleValue, 6)
        try Golden.assertMatches(image, named: "mosaic-long-default")
    }

    /// A large window (2560×1440): the grid is centred, and the featured row and both headers
    /// line up with its edges.
    func testLargeWindowLinesTheFeaturedRowUpWithTheGrid() throws {
        let (image, app) = try render("long", size: Size(width: 2560, height: 1440), script: "wait 200")
        XCTAssertEqual(dump(app)["collections"]?[0]?["columns"]?.doubleValue, 6)
        try Golden.assertMatches(image, named: "mosaic-long-large")
    }

    /// The smallest window (200×200): two columns, the featured card the grid's width.
    func testMinimumWindow() throws {
        let (image, app) = try render("long", size: Size(width: 200, height: 200), script: "wait 200")
        XCTAssertEqual(dump(app)["collections"]?[0]?["columns"]?.doubleValue, 2)
        try Golden.assertMatches(image, named: "mosaic-long-minimum")
    }

    func testMidAnimationAfterMakeRegular() throws {
        // Right click card 0, choose the first row (Make regular) and stop 100 ms into the 250 ms glide.
        let (image, app) = try render("compact", script: """
            wait 100
            down 120 420 right
            up 120 420 right
            wait 50
            down 140 440
            up 140 440
            wait 100
            """)
        let scene = app.currentScene as! MosaicScene
        XCTAssertTrue(scene.collection.isAnimatingUpdates, "the frame is mid-animation")
        XCTAssertEqual(dump(app)["collections"]?[0]?["styles"]?[0]?.stringValue, "regular")
        try Golden.assertMatches(image, named: "mosaic-regroup-mid-animation")
    }
}
