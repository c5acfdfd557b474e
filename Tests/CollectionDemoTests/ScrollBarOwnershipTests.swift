import CollectionKit
import CollectionKitTesting
@testable import CollectionKit
@testable import CollectionDemo
import XCTest

/// A press on a collection's scroll bar is the bar's, whatever the scene lists before the view:
/// dragging the thumb scrolls in proportion and moves the thumb, and holding it lifts nothing.
final class ScrollBarOwnershipTests: XCTestCase {
    private struct FlatDecoder: ImageDecoding {
        func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
            ImagePixels(width: box.width, height: box.height, pixels: [UInt32](repeating: 0xFF40_7090, count: box.width * box.height))!
        }
    }

    private func app(_ scene: String) throws -> App {
        var config = SceneConfig()
        config.photos = PhotoLibrary(files: (0..<600).map { "/pictures/p\($0).jpg" }) { ImagePipeline(decoder: FlatDecoder(), workers: 0) }
        return try App(scene: scene, size: Size(1000, 700), config: config, entries: SceneCatalog.all + [SceneCatalog.photos])
    }

    private func view(of app: App) throws -> CollectionView {
        switch app.currentScene {
        case let s as PhotosScene: return s.collection
        case let s as GridScene: return s.collection
        default: throw XCTSkip("no view")
        }
    }

    /// Hovers near the bar (so it shows), presses the thumb's centre and drags it `distance` points
    /// down in small steps; returns the offset and the thumb before and after.
    private func dragThumb(in app: App, by distance: Double, holdFirst: Double = 0) throws
        -> (offset0: Double, offset1: Double, thumb0: Rect, thumb1: Rect, g: ScrollBarGeometry) {
        let cv = try view(of: app)
        let driver = HeadlessDriver(root: app, fps: 60)
        let g = try XCTUnwrap(cv.scrollBarGeometry(.vertical))
        let c = g.thumb.center
        var script = "move \(Int(c.x)) \(Int(c.y) + 40)\nwait 100\nmove \(Int(c.x)) \(Int(c.y))\nwait 50\ndown \(Int(c.x)) \(Int(c.y))\n"
        if holdFirst > 0 { script += "wait \(Int(holdFirst * 1000))\n" }
        let steps = 20
        for i in 1...steps { script += "move \(Int(c.x)) \(Int(c.y + distance * Double(i) / Double(steps)))\nwait 16\n" }
        script += "up \(Int(c.x)) \(Int(c.y + distance))\nwait 500\n"
        let before = cv.physics.offset.y
        try driver.play(ScriptTimeline(InputScript.parse(script), fps: 60))
        let after = try XCTUnwrap(cv.scrollBarGeometry(.vertical))
        return (before, cv.physics.offset.y, g.thumb, after.thumb, g)
    }

    private func checkThumbDragScrollsInProportion(_ scene: String) throws {
        let app = try app(scene)
        let r = try dragThumb(in: app, by: 400)
        let cv = try view(of: app)
        let expected = 400 * r.g.maxOffset / (r.g.track.height - r.g.thumb.height)
        XCTAssertEqual(r.offset1 - r.offset0, expected, accuracy: expected * 0.02 + 2,
                       "\(scene): 400 pt of thumb scroll the content by the same share of its length")
        XCTAssertEqual(r.thumb1.minY - r.thumb0.minY, 400, accuracy: 3, "\(scene): the thumb follows the pointer")
        XCTAssertEqual(cv.physics.offset.y, r.offset1, accuracy: 0.5, "\(scene): no rubber band snaps it back")
    }

    func testDraggingTheGridsThumbScrollsInProportion() throws { try checkThumbDragScrollsInProportion("grid") }
    func testDraggingThePhotosThumbScrollsInProportion() throws { try checkThumbDragScrollsInProportion("photos") }

    func testALongPressOnThePhotosThumbLiftsNothing() throws {
        let app = try app("photos")
        let r = try dragThumb(in: app, by: 200, holdFirst: 1.0)
        let scene = try XCTUnwrap(app.currentScene as? PhotosScene)
        XCTAssertFalse(scene.manager.isDragging, "holding the thumb lifted no picture")
        XCTAssertNil(scene.collection.movingItemIndexPath)
        XCTAssertGreaterThan(r.offset1 - r.offset0, 100, "the held thumb still scrolls when it moves")
        XCTAssertEqual(app.dumpState()["collections"]?.arrayValue?.first?["count"]?.doubleValue, 600, "no picture moved or went missing")
    }
}
