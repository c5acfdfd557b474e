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

    /// The wall's order, a picture dropped from elsewhere and one removed are remembered for the
    /// folder, through the state file's JSON; a picture new in the folder joins the end; a wall
    /// remembered for another folder is left alone.
    func testThePhotoWallsOrderDropsAndRemovalsAreRemembered() throws {
        let files = (0..<10).map { "/pictures/p\($0).jpg" }
        func app(_ files: [String], folder: String = "/pictures", remembered: RememberedState? = nil) throws -> App {
            var config = SceneConfig()
            config.photos = PhotoLibrary(files: files, folder: folder) { ImagePipeline(decoder: FlatDecoder(), workers: 0) }
            return try App(scene: "photos", size: Size(1000, 700), config: config, entries: SceneCatalog.all + [SceneCatalog.photos],
                           remembered: remembered)
        }
        XCTAssertNil(try app(files).rememberedState().photos, "a wall as the folder lists it is not written out")
        let first = try app(files)
        let driver = HeadlessDriver(root: first, fps: 60)
        let scene = try XCTUnwrap(first.currentScene as? PhotosScene)
        let second = try XCTUnwrap(scene.collection.layout.attributesForItem(at: ItemPath(item: 1))).frame
        let p = scene.collection.windowRect(fromContent: second).center
        try driver.play(ScriptTimeline(InputScript.parse("drop \(p.x) \(p.y) file /home/u/new.png\nwait 200\n"), fps: 60))
        scene.collectionView(scene.collection, moveItemAt: ItemPath(item: 5), to: ItemPath(item: 0))
        // p7 removed through the menu.
        let p7 = try centre(scene, try XCTUnwrap(names(scene, 0..<11).firstIndex(of: "p7.jpg")))
        try driver.play(ScriptTimeline(InputScript.parse("down \(p7.x) \(p7.y) right\nup \(p7.x) \(p7.y) right\nwait 200"), fps: 60, startPointer: p7))
        let menu = try XCTUnwrap(scene.menu.menu)
        let row = try XCTUnwrap(menu.actions.firstIndex { $0.title == PhotosScene.remove })
        let y = menu.frame.minY + menu.padding + (Double(row) + 0.5) * menu.rowHeight
        try driver.play(ScriptTimeline(InputScript.parse("down \(menu.frame.midX) \(y)\nup \(menu.frame.midX) \(y)\nwait 600"), fps: 60, startPointer: p7))
        let wall = names(scene, 0..<10)
        XCTAssertEqual(wall, ["p4.jpg", "p0.jpg", "new.png", "p1.jpg", "p2.jpg", "p3.jpg", "p5.jpg", "p6.jpg", "p8.jpg", "p9.jpg"])

        // Written and read back as the state file is.
        let data = try JSONEncoder().encode(first.rememberedState())
        let state = try JSONDecoder().decode(RememberedState.self, from: data)
        XCTAssertEqual(state.photos?["/pictures"]?.removed, ["/pictures/p7.jpg"])

        // Next start: the folder has a new picture, p10.
        let again = try app(files + ["/pictures/p10.jpg"], remembered: state)
        let restored = try XCTUnwrap(again.currentScene as? PhotosScene)
        XCTAssertEqual(names(restored, 0..<11), wall + ["p10.jpg"], "the order kept, the drop kept, p7 still removed, the new one at the end")
        XCTAssertEqual(restored.order.count, 11)

        // Another folder: its own order.
        let other = try app(files, folder: "/elsewhere", remembered: state)
        XCTAssertEqual(names(try XCTUnwrap(other.currentScene as? PhotosScene), 0..<3), ["p0.jpg", "p1.jpg", "p2.jpg"])
    }

    /// A folder with more pictures than the wall shows says so.
    func testALibraryLargerThanTheWallSaysHowManyItLeftOut() {
        let library = PhotoLibrary(files: ["/p/a.jpg"], folder: "/p", total: 100_005) { ImagePipeline(decoder: FlatDecoder(), workers: 0) }
        XCTAssertEqual(library.notice, "/p holds 100,005 pictures; the wall shows the first 1 by name.")
        XCTAssertNil(PhotoLibrary(files: ["/p/a.jpg"]) { ImagePipeline(decoder: FlatDecoder(), workers: 0) }.notice)
    }
}
