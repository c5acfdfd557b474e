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
