import CollectionKit
@testable import CollectionDemo
import XCTest

/// The window's regions (tab bar, notice bar, scene) share the pointer through one capture: the
/// region a press began on gets the moves and the release, wherever the pointer goes.
final class AppPointerRoutingTests: XCTestCase {
    private func grid(_ app: App) -> JSON? { app.dumpState()["collections"]?[0] }

    func testAPressInTheSceneKeepsThePointerOverTheTabBar() throws {
        let app = try App(scene: "grid", size: Size(1000, 700))
        app.update(now: 0)
        app.handle(.pointerDown(Point(500, 500), .left, []), now: 0.1)
        for (i, y) in stride(from: 450.0, through: 20, by: -40).enumerated() {
            app.handle(.pointerMove(Point(200, y), []), now: 0.12 + Double(i) * 0.016)
        }
        app.handle(.pointerMove(Point(200, 20), []), now: 0.4)   // over the second tab
        XCTAssertEqual(app.cursor, .grabbing, "the scene's pan, not the tab's hand")
        app.handle(.pointerUp(Point(200, 20), .left, []), now: 0.42)
        XCTAssertEqual(app.currentName, "grid", "a release over a tab is not a click on it")
        app.update(now: 3)
        XCTAssertGreaterThan(grid(app)?["contentOffset"]?["y"]?.doubleValue ?? 0, 100, "the pan went on over the tab bar")
        XCTAssertEqual(app.cursor, .hand, "free again: the tab under the pointer answers")
    }

    func testAPressOnTheTabBarKeepsItsMovesAndReleaseFromTheScene() throws {
        let app = try App(scene: "grid", size: Size(1000, 700))
        app.update(now: 0)
        // Right of the last tab: the tab bar, but no tab.
        app.handle(.pointerDown(Point(990, 20), .left, []), now: 0.1)
        app.handle(.pointerMove(Point(200, 200), []), now: 0.2)
        app.update(now: 0.25)
        XCTAssertEqual(grid(app)?["hovered"], .null, "the scene does not hover under a press the tab bar holds")
        XCTAssertEqual(app.cursor, .arrow, "the tab bar's cursor while it holds the pointer")
        app.handle(.pointerUp(Point(200, 200), .left, []), now: 0.3)
        XCTAssertEqual(grid(app)?["selected"], .array([]), "nor does it take the release as a click")
        app.handle(.pointerMove(Point(201, 200), []), now: 0.4)
        XCTAssertNotEqual(grid(app)?["hovered"], .null, "once released, the scene hovers again")
    }

    func testLosingFocusMidPressFreesThePointer() throws {
        let app = try App(scene: "grid", size: Size(1000, 700))
        app.update(now: 0)
        app.handle(.pointerDown(Point(500, 500), .left, []), now: 0.1)
        app.handle(.focus(gained: false), now: 0.2)
        app.handle(.focus(gained: true), now: 0.3)
        // The release never came; the next move over a tab shows the tab's cursor.
        app.handle(.pointerMove(Point(200, 20), []), now: 0.4)
        XCTAssertEqual(app.cursor, .hand)
    }
}
