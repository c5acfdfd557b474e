import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// A decoder of flat pictures for the photos scene; sources whose name contains "broken" throw.
private struct FlatDecoder: ImageDecoding {
    struct Broken: Error {}
    func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
        if source.contains("broken") { throw Broken() }
        return ImagePixels(width: box.width, height: box.height, pixels: [UInt32](repeating: 0xFF40_7090, count: box.width * box.height))!
    }
}

final class PhotosSceneTests: XCTestCase {
    func makeApp(_ files: [String]) throws -> App {
        var config = SceneConfig()
        // No workers: each picture is made in the update after the frame that asked for it.
        config.photos = PhotoLibrary(files: files) { ImagePipeline(decoder: FlatDecoder(), workers: 0) }
        return try App(scene: "photos", size: Size(1000, 700), config: config, entries: SceneCatalog.all + [SceneCatalog.photos])
    }

    func pictures(_ app: App) -> [String: String] {
        let list = app.dumpState()["collections"]?.arrayValue?.first?["pictures"]?.arrayValue ?? []
        var out: [String: String] = [:]
        for p in list { out[p["item"]?.stringValue ?? ""] = p["picture"]?.stringValue }
        return out
    }

    func testTheDumpSaysForEachVisibleCellWhetherItsPictureIsShownOrPending() throws {
        let files = (0..<500).map { $0 == 3 ? "/pictures/broken-\($0).jpg" : "/pictures/p\($0).jpg" }
        let app = try makeApp(files)
        let driver = HeadlessDriver(root: app, fps: 60)
        app.update(now: 0)
        let before = pictures(app)
        XCTAssertGreaterThan(before.count, 12, "every visible cell is listed")
        XCTAssertEqual(Set(before.values), ["pending"], "nothing drawn yet: every picture pending")
        try driver.play(ScriptTimeline(InputScript.parse("wait 100\n"), fps: 60))
        let after = pictures(app)
        XCTAssertEqual(after["broken-3.jpg"], "failed")
        XCTAssertEqual(Set(after.filter { $0.key != "broken-3.jpg" }.values), ["shown"])
        XCTAssertNil(after["p400.jpg"], "cells out of view are not listed")
        // Scrolled a long way: the new cells' pictures are pending until the next frames.
        try driver.play(ScriptTimeline(InputScript.parse("key End\nwait 1000\n"), fps: 60))
        let end = pictures(app)
        XCTAssertNotNil(end["p499.jpg"])
        XCTAssertEqual(Set(end.values), ["shown"])
        let scene = try XCTUnwrap(app.currentScene as? PhotosScene)
        XCTAssertEqual(scene.pipeline.nextDeadline(after: driver.now), nil, "every picture shown: the pictures ask for no frame")
        XCTAssertEqual(scene.pipeline.inFlightCount, 0)
    }

    func names(_ scene: PhotosScene, _ range: Range<Int>) -> [String] {
        range.map { String((scene.collection.dataSource!.collectionView(scene.collection, identifierForItemAt: ItemPath(item: $0)) as! String).split(separator: "/").last!) }
    }

    func centre(_ scene: PhotosScene, _ item: Int) throws -> Point {
        let f = try XCTUnwrap(scene.collection.layout.attributesForItem(at: ItemPath(item: item))).frame
        return scene.collection.windowRect(fromContent: f).center
    }

    /// A long press lifts a picture and a drop puts it elsewhere in the wall; Ctrl+Z puts it back.
    func testALongPressDragRearrangesTheWallAndUndoPutsItBack() throws {
        let app = try makeApp((0..<60).map { "/pictures/p\($0).jpg" })
        let driver = HeadlessDriver(root: app, fps: 60)
        let scene = try XCTUnwrap(app.currentScene as? PhotosScene)
        driver.advance(to: 0.1)
        let a = try centre(scene, 0), b = try centre(scene, 3)
        try driver.play(ScriptTimeline(InputScript.parse("down \(a.x) \(a.y)\nwait 700\nmove \(b.x) \(b.y) 300\nwait 200\nup \(b.x) \(b.y)\nwait 800"),
                                       fps: 60, startPointer: a))
        XCTAssertEqual(names(scene, 0..<4), ["p1.jpg", "p2.jpg", "p3.jpg", "p0.jpg"], "the lifted picture dropped in the fourth place")
        try driver.play(script: "key ctrl+z\nwait 600")
        XCTAssertEqual(names(scene, 0..<4), ["p0.jpg", "p1.jpg", "p2.jpg", "p3.jpg"])
    }

    /// A right click opens the picture's menu: Move to end, Remove from wall; both undo.
    func testTheMenuMovesAndRemovesAndBothUndo() throws {
        let app = try makeApp((0..<20).map { "/pictures/p\($0).jpg" })
        let driver = HeadlessDriver(root: app, fps: 60)
        let scene = try XCTUnwrap(app.currentScene as? PhotosScene)
        driver.advance(to: 0.1)
        func choose(_ title: String, on item: Int) throws {
            let p = try centre(scene, item)
            try driver.play(ScriptTimeline(InputScript.parse("down \(p.x) \(p.y) right\nup \(p.x) \(p.y) right\nwait 200"), fps: 60, startPointer: p))
            let menu = try XCTUnwrap(scene.menu.menu, "a right click opens the menu")
            let row = try XCTUnwrap(menu.actions.firstIndex { $0.title == title })
            let r = menu.frame
            let y = r.minY + menu.padding + (Double(row) + 0.5) * menu.rowHeight
            try driver.play(ScriptTimeline(InputScript.parse("down \(r.midX) \(y)\nup \(r.midX) \(y)\nwait 600"), fps: 60, startPointer: p))
        }
        try choose(PhotosScene.moveToEnd, on: 1)
        XCTAssertEqual(scene.order.last, 1, "p1 moved to the end")
        try choose(PhotosScene.remove, on: 0)
        XCTAssertEqual(scene.order.count, 19)
        XCTAssertFalse(scene.order.contains(0))
        try driver.play(script: "key ctrl+z\nwait 600\nkey ctrl+z\nwait 600")
        XCTAssertEqual(scene.order, Array(0..<20), "both undone")
    }
}
