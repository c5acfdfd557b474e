import CollectionKit
@testable import CollectionDemo
import XCTest

/// The tab bar: compact tabs as wide as their labels, the row centred, and no label cut while
/// the row fits (the type steps down from 14 to 12 points first).
final class AppTabBarTests: XCTestCase {
    func testTabsAreCompactCentredAndWholeWhileTheyFit() throws {
        for (width, fontSize) in [(1920.0, 14.0), (1280, 14), (900, 14), (640, 12)] {
            let app = try App(scene: "grid", size: Size(width, 600), config: SceneConfig(items: 10))
            let (rects, size) = app.tabLayout()
            XCTAssertEqual(size, fontSize, "type at \(width)")
            let left = rects.first!.minX, right = rects.last!.maxX
            XCTAssertEqual(left, width - right, accuracy: 1, "centred at \(width)")
            XCTAssertLessThan(right - left, 760, "compact at \(width), not spread across the window")
            let titles = SceneCatalog.all.indices.map { "\($0 + 1)  \(SceneCatalog.all[$0].title)" }
            for (r, title) in zip(rects, titles) {
                // The generous estimate the layout uses, checked against each tab: never cut.
                XCTAssertGreaterThanOrEqual(r.width - 24, Double(title.count) * size * 0.6 - 0.5, "\(title) at \(width)")
            }
            app.update(now: 0)
            let drawn = app.draw().commands.compactMap { c -> String? in
                if case let .text(run) = c, titles.contains(run.text) { return run.text }; return nil
            }
            XCTAssertEqual(drawn, titles, "every label drawn whole at \(width)")
        }
    }
}

/// The smallest windows: a compact tab bar of numbers, each whole and each a target to click.
final class AppCompactTabBarTests: XCTestCase {
    func testNarrowWindowsShowWholeNumberedTabsNotCutLabels() throws {
        for width in [200.0, 360, 500] {
            let app = try App(scene: "calendar", size: Size(width, 200), config: SceneConfig(items: 10))
            app.update(now: 0)
            let count = SceneCatalog.all.count
            let rects = app.tabRects()
            let numbers = (1...count).map { "\($0)" }
            let drawn = app.draw().commands.compactMap { c -> String? in
                if case let .text(run) = c, rects.contains(run.rect) { return run.text }; return nil
            }
            XCTAssertEqual(drawn, numbers, "numbered tabs at \(width), none ending in …")
            XCTAssertEqual(rects.count, count)
            XCTAssertGreaterThanOrEqual(rects.first!.minX, 0)
            XCTAssertLessThanOrEqual(rects.last!.maxX, width)
            for r in rects { XCTAssertGreaterThanOrEqual(r.width, 20, "a tab a pointer can hit at \(width)") }
            // A click on the first tab still shows its view.
            let p = rects[0].center
            app.handle(.pointerDown(p, .left, []), now: 1)
            app.handle(.pointerUp(p, .left, []), now: 1.05)
            XCTAssertEqual(app.currentName, SceneCatalog.all[0].name, "the first tab at \(width)")
        }
    }
}
