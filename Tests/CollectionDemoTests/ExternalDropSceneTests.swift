import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// Drops from other programs on the demo's scenes, as the window hands them over: pictures join
/// the photos wall where they are dropped (one undo takes them back), a picture already on the
/// wall stays where it is, text is refused with the reason; the calendar opens a dropped calendar
/// file through the app's hook and refuses anything else with a notice.
final class ExternalDropSceneTests: XCTestCase {
    private struct FlatDecoder: ImageDecoding {
        func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
            ImagePixels(width: box.width, height: box.height, pixels: [UInt32](repeating: 0xFF40_7090, count: box.width * box.height))!
        }
    }

    func photos(_ app: App) -> (count: Int, refusal: String?, first: [String]) {
        let c = app.dumpState()["collections"]?.arrayValue?.first
        return (Int(c?["count"]?.doubleValue ?? -1), c?["refusal"]?.stringValue,
                (c?["pictures"]?.arrayValue ?? []).prefix(4).compactMap { $0["item"]?.stringValue })
    }

    func testPicturesDroppedOnTheWallJoinItWhereTheyAreDropped() throws {
        var config = SceneConfig()
        config.photos = PhotoLibrary(files: (0..<10).map { "/pictures/p\($0).jpg" }) { ImagePipeline(decoder: FlatDecoder(), workers: 0) }
        let app = try App(scene: "photos", size: Size(1000, 700), config: config, entries: SceneCatalog.all + [SceneCatalog.photos])
        let driver = HeadlessDriver(root: app, fps: 60)
        let scene = try XCTUnwrap(app.currentScene as? PhotosScene)
        let second = try XCTUnwrap(scene.collection.layout.attributesForItem(at: ItemPath(item: 1))).frame
        let p = scene.collection.windowRect(fromContent: second).center
        try driver.play(ScriptTimeline(InputScript.parse("""
            drop \(p.x) \(p.y) file /home/u/new.PNG /pictures/p5.jpg /home/u/notes.txt
            wait 200
            """), fps: 60))
        XCTAssertEqual(photos(app).count, 11, "one new picture; the one already shown stays where it was")
        XCTAssertEqual(photos(app).first, ["p0.jpg", "new.PNG", "p1.jpg", "p2.jpg"])
        try driver.play(ScriptTimeline(InputScript.parse("drop \(p.x) \(p.y) text a caption\nwait 100\n"), fps: 60))
        XCTAssertEqual(photos(app).refusal, "Photos takes only pictures")
        XCTAssertEqual(photos(app).count, 11)
        try driver.play(ScriptTimeline(InputScript.parse("key ctrl+z\nwait 300\n"), fps: 60))
        XCTAssertEqual(photos(app).count, 10)
        XCTAssertEqual(photos(app).first, ["p0.jpg", "p1.jpg", "p2.jpg", "p3.jpg"])
    }

    /// A picture dropped on the mosaic is a card that shows the picture, decoded through the
    /// pipeline, with its name; without a pipeline it is a card with the name alone.
    func testAPictureDroppedOnTheMosaicIsAPictureCard() throws {
        var config = SceneConfig()
        config.makeImagePipeline = { ImagePipeline(decoder: FlatDecoder(), workers: 0) }
        let app = try App(scene: "mosaic", size: Size(1000, 700), config: config)
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(ScriptTimeline(InputScript.parse("wait 100\ndrop 300 450 file /home/u/Sunset.jpg\nwait 300\n"), fps: 60))
        let dump = app.dumpState()
        guard case let .object(cards)? = dump["pictureCards"] else { return XCTFail("no pictureCards in the dump") }
        XCTAssertEqual(cards.count, 1)
        let id = try XCTUnwrap(cards.first?.0)
        XCTAssertEqual(cards.first?.1.stringValue, "shown")
        XCTAssertEqual(dump["names"]?[id]?.stringValue, "Sunset")
        let drawn = app.draw().commands.contains { if case let .image(run) = $0 { return run.key.source == "/home/u/Sunset.jpg" } else { return false } }
        XCTAssertTrue(drawn, "the card draws the picture")
        // No pipeline (a backend without a decoder): a card named after the file, as before.
        let plain = try App(scene: "mosaic", size: Size(1000, 700), config: SceneConfig())
        let plainDriver = HeadlessDriver(root: plain, fps: 60)
        try plainDriver.play(ScriptTimeline(InputScript.parse("wait 100\ndrop 300 450 file /home/u/Sunset.jpg\nwait 300\n"), fps: 60))
        guard case let .object(plainCards)? = plain.dumpState()["pictureCards"] else { return XCTFail("no pictureCards in the dump") }
        XCTAssertEqual(plainCards.map { $0.1.stringValue }, ["none"])
    }

    func testTheCalendarOpensDroppedCalendarFilesAndRefusesOthers() throws {
        let opened = OpenedFiles()
        var config = SceneConfig()
        config.options = ["today": ["2026-11-27"], "month": ["2026-11"]]
        config.openCalendarFiles = { opened.add($0) }
        let app = try App(scene: "calendar", size: Size(1000, 700), config: config)
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(ScriptTimeline(InputScript.parse("drop 400 400 file /home/u/Party.ics /home/u/notes.txt\nwait 100\n"), fps: 60))
        XCTAssertEqual(opened.files, ["/home/u/Party.ics"])
        XCTAssertEqual(app.currentScene.notices, [])
        try driver.play(ScriptTimeline(InputScript.parse("drop 400 400 file /home/u/notes.txt\nwait 100\n"), fps: 60))
        XCTAssertEqual(opened.files, ["/home/u/Party.ics"])
        XCTAssertEqual(app.currentScene.notices.count, 1)
        XCTAssertTrue(app.currentScene.notices.first?.contains("“notes.txt”") == true && app.currentScene.notices.first?.contains(".ics") == true, "\(app.currentScene.notices)")
    }
}

/// What the calendar asked to open, from any thread.
private final class OpenedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ files: [String]) { lock.withLock { list += files } }
    var files: [String] { lock.withLock { list } }
}
