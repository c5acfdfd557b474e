import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

final class GridSceneTests: XCTestCase {
    func testGridSceneDrawsOnlyVisibleTiles() throws {
        let app = try App(scene: "grid", size: Size(640, 480), config: SceneConfig(items: 100_000))
        app.update(now: 0)
        let list = app.draw()
        XCTAssertTrue(list.isBalanced)
        let numbers = list.commands.compactMap { c -> String? in
            if case let .text(run) = c, Int(run.text) != nil { return run.text }; return nil
        }
        // 436 points of 110-point rows plus gaps show four rows of four tiles.
        XCTAssertEqual(numbers, (0..<16).map(String.init))
    }
}
