import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The mosaic right to left: cards fill from the right, the featured row starts at its right end
/// with its first card there, and a flick to the right, or the left arrow, goes forward one card.
final class MosaicDirectionTests: XCTestCase {
    private func makeApp(_ direction: LayoutDirection) throws -> (App, HeadlessDriver<App>, MosaicScene) {
        var config = SceneConfig()
        config.options["mosaic-preset"] = ["long"]
        config.layoutDirection = direction
        let app = try App(scene: "mosaic", size: Size(width: 1280, height: 800), config: config)
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.1)
        return (app, driver, app.currentScene as! MosaicScene)
    }

    private func featured(_ app: App) -> JSON { app.dumpState()["collections"]![1]! }

    func testTheFeaturedRowStartsAtTheRightAndAFlickToTheRightGoesForward() throws {
        let (_, _, ltr) = try makeApp(.leftToRight)
        let (app, driver, scene) = try makeApp(.rightToLeft)
        let layout = scene.collection.layout as! CompositionalLayout
        XCTAssertEqual(featured(app)["centeredIndex"], .int(0))
        XCTAssertEqual(featured(app)["contentOffset"]!["x"]!.doubleValue!, layout.restingOffset(section: 0, group: 0), accuracy: 0.5)
        // Every card and the first featured card sit at the mirror image of left to right.
        for ip in [ItemPath(item: 0, section: 0), ItemPath(item: 0, section: 1), ItemPath(item: 3, section: 1), ItemPath(item: 9, section: 1)] {
            let a = ltr.collection.layout.attributesForItem(at: ip)!.frame, b = layout.attributesForItem(at: ip)!.frame
            XCTAssertEqual(b.minX, 1280 - a.maxX, accuracy: 1e-9, "\(ip)")
            XCTAssertEqual(b.size, a.size, "\(ip)")
            XCTAssertEqual(b.minY, a.minY, "\(ip)")
        }
        let y = 44 + 40 + 4 + 60 // inside the featured row
        try driver.play(script: "down 400 \(y)\nmove 900 \(y) 80\nup 900 \(y)\nwait 800")
        XCTAssertEqual(featured(app)["centeredIndex"], .int(1), "a flick to the right goes forward one card")
        try driver.play(script: "down 900 \(y)\nmove 400 \(y) 80\nup 400 \(y)\nwait 800")
        XCTAssertEqual(featured(app)["centeredIndex"], .int(0), "and to the left back")
    }
}
