import CalendarModel
import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// Frame-rate independence, through whole scenes.
final class SceneFrameRateTests: XCTestCase {
    // MARK: Frame-rate independence, through whole scenes

    private func finalOffset(scene: String, script: String, fps: Double, items: Int? = nil) throws -> (Point, Int?) {
        let app = try App(scene: scene, size: Size(1280, 800), config: SceneConfig(items: items))
        let driver = HeadlessDriver(root: app, fps: fps)
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: fps))
        let collection = app.dumpState()["collections"]?[0]
        let x = collection?["contentOffset"]?["x"]?.doubleValue ?? .nan
        let y = collection?["contentOffset"]?["y"]?.doubleValue ?? .nan
        return (Point(x, y), collection?["centeredIndex"]?.doubleValue.map { Int($0) })
    }

    private func assertSameAtEveryFrameRate(scene: String, script: String, items: Int? = nil,
                                            file: StaticString = #filePath, line: UInt = #line) throws -> Point {
        let results = try [30.0, 60, 144].map { try finalOffset(scene: scene, script: script, fps: $0, items: items) }
        for r in results.dropFirst() {
            XCTAssertEqual(r.0.x, results[0].0.x, accuracy: 1, "x at another frame rate", file: file, line: line)
            XCTAssertEqual(r.0.y, results[0].0.y, accuracy: 1, "y at another frame rate", file: file, line: line)
            XCTAssertEqual(r.1, results[0].1, file: file, line: line)
        }
        return results[0].0
    }

    func testGridEndsInTheSameStateAtThirtySixtyAndOneFortyFourFPS() throws {
        // Flings, a pan held still, the wheel; the script stops while the last fling still coasts,
        // so the comparison is of a moving state, not only of a resting one.
        let script = """
            down 600 600
            move 600 200 120
            up 600 200
            wait 700
            down 640 300
            move 640 500 250
            wait 150
            up 640 500
            wait 300
            wheel 0 -1
            wait 30
            wheel 0 -1
            wait 500
            down 600 650
            move 600 150 90
            up 600 150
            wait 450
            """
        let end = try assertSameAtEveryFrameRate(scene: "grid", script: script, items: 100_000)
        XCTAssertGreaterThan(end.y, 2000, "the flings carried it well down")
    }

    func testCarouselEndsInTheSameStateAtThirtySixtyAndOneFortyFourFPS() throws {
        let script = """
            down 900 400
            move 600 400 150
            up 600 400
            wait 200
            down 900 400
            move 500 400 100
            up 500 400
            wait 900
            wheel 0 -1
            wait 300
            down 700 400
            move 300 400 1500
            wait 200
            up 300 400
            wait 120
            """
        let end = try assertSameAtEveryFrameRate(scene: "carousel", script: script)
        XCTAssertGreaterThan(end.x, 0)
    }
}
