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
}
