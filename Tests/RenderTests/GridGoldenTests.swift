import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import CollectionKitSDL
import XCTest

final class GridGoldenTests: XCTestCase {
    func testGridAtRest() throws {
        let (image, _) = try Golden.render(scene: "grid")
        try Golden.assertMatches(image, named: "grid-rest")
    }

    func testGridScrolledWithSelection() throws {
        let script = """
            # drag up by 300 points, let it settle, then click a tile to select it
            down 600 500
            move 600 200 300
            wait 400
            up 600 200
            wait 200
            down 250 300
            up 250 300
            wait 100
            """
        let (image, app) = try Golden.render(scene: "grid", size: Size(width: 900, height: 600), script: script)
        let offset = app.dumpState()["collections"]?[0]?["contentOffset"]?["y"]?.doubleValue ?? -1
        XCTAssertEqual(offset, 300, accuracy: 0.5, "a held pan ends where the pointer stopped")
        try Golden.assertMatches(image, named: "grid-scrolled-selected")
    }

    func testIdenticalPixelsOnEveryRun() throws {
        let a = try Golden.render(scene: "grid", size: Size(width: 640, height: 480)).image
        let b = try Golden.render(scene: "grid", size: Size(width: 640, height: 480)).image
        XCTAssertEqual(a, b)
    }
}
