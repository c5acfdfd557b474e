import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// A decoder of flat pictures; sources whose name contains "broken" throw.
private struct FlatPictures: ImageDecoding {
    struct Broken: Error, CustomStringConvertible { var description: String { "not a picture" } }
    func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
        if source.contains("broken") { throw Broken() }
        return ImagePixels(width: box.width, height: box.height, pixels: [UInt32](repeating: 0xFF40_7090, count: box.width * box.height))!
    }
}

/// The photo wall as a user meets it: a failed picture told from a loading one, the viewer,
/// selection, Copy, and Move to Trash with Undo, on real files in a private folder and trash.
final class PhotoWallTests: XCTestCase {
    var work = ""

    override func setUpWithError() throws {
        work = NSTemporaryDirectory() + "photo-wall-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work + "/pictures", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: work) }

    func makeApp(_ names: [String], clipboard: MemoryClipboard = MemoryClipboard(), mailbox: PictureFolderMailbox? = nil,
                 facts: (@Sendable (String) -> PictureFacts)? = nil) throws -> (App, PhotosScene, HeadlessDriver<App>) {
        var files: [String] = []
        for (i, name) in names.enumerated() {
            let path = work + "/pictures/" + name
            try Data((0..<100).map { UInt8(truncatingIfNeeded: $0 * 31 + i) }).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        var library = PhotoLibrary(files: files, folder: work + "/pictures") { ImagePipeline(decoder: FlatPictures(), workers: 0) }
        library.trash = FreedesktopTrash(root: work + "/data/Trash")
        library.folderChanges = mailbox
        if let facts { library.facts = facts }
        var config = SceneConfig()
        config.photos = library
        config.textServices = TextServicesBox(TextServices(clipboard: clipboard))
        let app = try App(scene: "photos", size: Size(1000, 700), config: config, entries: SceneCatalog.all + [SceneCatalog.photos])
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.1)
        return (app, try XCTUnwrap(app.currentScene as? PhotosScene), driver)
    }

    func centre(_ scene: PhotosScene, _ item: Int) throws -> Point {
        let f = try XCTUnwrap(scene.collection.layout.attributesForItem(at: ItemPath(item: item))).frame
        return scene.collection.windowRect(fromContent: f).center
    }

    func click(_ driver: HeadlessDriver<App>, _ p: Point, mods: String = "") throws {
        let m = mods.isEmpty ? "" : " " + mods
        try driver.play(ScriptTimeline(InputScript.parse("down \(p.x) \(p.y) left\(m)\nup \(p.x) \(p.y) left\nwait 100"), fps: 60, startPointer: p))
    }

    func selected(_ app: App) -> [String] {
        (app.dumpState()["collections"]?.arrayValue?.first?["selected"]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    func texts(_ app: App) -> [String] {
        app.draw().commands.compactMap {
            switch $0 {
            case let .text(run): return run.text
            case let .paragraph(run): return run.text
            default: return nil
            }
        }
    }

    /// A picture that fails is a tile with a broken-picture glyph and its name, told from one
    /// loading (the placeholder, no name); its reason is on hover and in the accessible description.
    func testAFailedPictureShowsItsNameAndItsReasonForScreenReaders() throws {
        let (app, scene, driver) = try makeApp(["a.jpg", "broken.jpg", "c.jpg"])
        try driver.play(script: "wait 100")
        let pictures = app.dumpState()["collections"]?.arrayValue?.first?["pictures"]?.arrayValue ?? []
        let broken = try XCTUnwrap(pictures.first { $0["item"]?.stringValue == "broken.jpg" })
        XCTAssertEqual(broken["picture"]?.stringValue, "failed")
        XCTAssertEqual(broken["caption"]?.stringValue, "broken.jpg")
        XCTAssertNil(pictures.first { $0["item"]?.stringValue == "a.jpg" }?["caption"], "a shown picture has no caption")
        XCTAssertTrue(texts(app).contains("broken.jpg"), "the failed tile draws its name")
        XCTAssertEqual(scene.collectionView(scene.collection, accessibilityLabelForItemAt: ItemPath(item: 1)), "broken.jpg")
        XCTAssertEqual(scene.collectionView(scene.collection, accessibilityDescriptionForItemAt: ItemPath(item: 1)), "Cannot be shown: not a picture")
        let shown = scene.collectionView(scene.collection, accessibilityDescriptionForItemAt: ItemPath(item: 0)) ?? ""
        XCTAssertFalse(shown.contains("Cannot be shown"), "a shown picture is described by its date and size: \(shown)")
        // Under the pointer the reason shows too.
        let p = try centre(scene, 1)
        try driver.play(ScriptTimeline(InputScript.parse("move \(p.x) \(p.y) 50\nwait 50"), fps: 60, startPointer: Point(x: p.x - 30, y: p.y)))
        XCTAssertTrue(texts(app).contains("Cannot be shown: not a picture"), "\(texts(app))")
        let wash = Theme.hoverWash
        XCTAssertTrue(app.draw().commands.contains { if case let .fill(_, c, _) = $0 { return c == wash } else { return false } },
                      "the hovered tile is washed")
    }

    /// Enter opens the focused picture in the viewer, → shows the next, Escape goes back to the
    /// wall with that picture selected; a double click opens one too.
    func testTheViewerOpensStepsAndGoesBackToTheSamePicture() throws {
        let (app, scene, driver) = try makeApp((0..<30).map { "p\($0).jpg" })
        try click(driver, try centre(scene, 2))
        XCTAssertEqual(app.dumpState()["viewer"], .null, "closed")
        try driver.play(script: "key Return\nwait 100")
        XCTAssertEqual(app.dumpState()["viewer"]?["item"]?.stringValue, "p2.jpg")
        try driver.play(script: "key Right\nwait 100")
        let viewer = try XCTUnwrap(app.dumpState()["viewer"])
        XCTAssertEqual(viewer["item"]?.stringValue, "p3.jpg")
        XCTAssertEqual(viewer["picture"]?.stringValue, "shown")
        XCTAssertTrue(texts(app).contains { $0.hasPrefix("p3.jpg") }, "the name shows")
        // Screen readers: a dialog named after the picture, where it is on the wall, a close action.
        let node = try XCTUnwrap(scene.viewer.accessibilityNodes().first)
        XCTAssertEqual(node.role, .dialog)
        XCTAssertEqual(node.name, "p3.jpg")
        XCTAssertTrue(node.description.hasSuffix("4 of 30"), node.description)
        XCTAssertEqual(node.actions.map(\.name), ["close"])
        try driver.play(script: "key Escape\nwait 100")
        XCTAssertEqual(app.dumpState()["viewer"], .null)
        XCTAssertTrue(scene.viewer.accessibilityNodes().isEmpty, "nothing while closed")
        XCTAssertEqual(selected(app), ["p3.jpg"], "back at the picture shown last")
        XCTAssertEqual(scene.collection.focusedItem, ItemPath(item: 3))
        // Zoom: + steps by 1.25, 0 fits again; a double click opens.
        try click(driver, try centre(scene, 5))
        try click(driver, try centre(scene, 5))
        XCTAssertEqual(app.dumpState()["viewer"]?["item"]?.stringValue, "p5.jpg")
        try driver.play(script: "key =\nwait 50")
        XCTAssertEqual(app.dumpState()["viewer"]?["zoom"], .number(1.25))
        try driver.play(script: "key 0\nwait 50\nkey Escape\nwait 50")
        XCTAssertEqual(selected(app), ["p5.jpg"])
    }

    /// Two clicks far apart in time select, not open.
    func testTwoSlowClicksDoNotOpen() throws {
        let (app, scene, driver) = try makeApp((0..<10).map { "p\($0).jpg" })
        try click(driver, try centre(scene, 1))
        try driver.play(script: "wait 600")
        try click(driver, try centre(scene, 1))
        XCTAssertEqual(app.dumpState()["viewer"], .null)
    }

    /// Ctrl+click toggles, Shift+click extends, Ctrl+A selects all; Ctrl+C copies their URIs.
    func testSelectionAndCopy() throws {
        let clipboard = MemoryClipboard()
        let (app, scene, driver) = try makeApp(["a b.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"], clipboard: clipboard)
        try click(driver, try centre(scene, 1))
        try click(driver, try centre(scene, 3), mods: "shift")
        XCTAssertEqual(selected(app), ["b.jpg", "c.jpg", "d.jpg"])
        try click(driver, try centre(scene, 2), mods: "ctrl")
        XCTAssertEqual(selected(app), ["b.jpg", "d.jpg"])
        try click(driver, try centre(scene, 0), mods: "ctrl")
        try driver.play(script: "key ctrl+c\nwait 50")
        XCTAssertEqual(clipboard.text, "file://\(work)/pictures/a%20b.jpg\r\nfile://\(work)/pictures/b.jpg\r\nfile://\(work)/pictures/d.jpg")
        try driver.play(script: "key ctrl+a\nwait 50")
        XCTAssertEqual(selected(app).count, 5)
    }

    /// Delete moves the selected files to the trash (files/ and info/) and off the wall; the
    /// toast's Undo puts them back byte for byte and where they were on the wall.
    func testDeleteMovesToTheTrashAndTheToastsUndoPutsItBack() throws {
        let (app, scene, driver) = try makeApp(["a.jpg", "b.jpg", "c.jpg"])
        let original = try XCTUnwrap(FileManager.default.contents(atPath: work + "/pictures/b.jpg"))
        try click(driver, try centre(scene, 1))
        try driver.play(script: "key Delete\nwait 100")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/pictures/b.jpg"))
        XCTAssertEqual(FileManager.default.contents(atPath: work + "/data/Trash/files/b.jpg"), original)
        let info = String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: work + "/data/Trash/info/b.jpg.trashinfo")), as: UTF8.self)
        XCTAssertTrue(info.hasPrefix("[Trash Info]\nPath=\(work)/pictures/b.jpg\nDeletionDate="), info)
        XCTAssertEqual(scene.order.count, 2)
        XCTAssertEqual(scene.toast.message, "“b.jpg” moved to trash")
        XCTAssertTrue(texts(app).contains("“b.jpg” moved to trash"))
        let undo = scene.toast.actionButton.frame.center
        try click(driver, undo)
        XCTAssertEqual(FileManager.default.contents(atPath: work + "/pictures/b.jpg"), original, "back byte for byte")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/data/Trash/info/b.jpg.trashinfo"))
        XCTAssertEqual(scene.order, [0, 1, 2], "back in its place")
        XCTAssertFalse(scene.toast.isShowing)
        // Ctrl+Z after Ctrl+Shift+Z: the same through the history.
        try driver.play(script: "key ctrl+shift+z\nwait 100")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/pictures/b.jpg"))
        try driver.play(script: "key ctrl+z\nwait 100")
        XCTAssertEqual(FileManager.default.contents(atPath: work + "/pictures/b.jpg"), original)
    }

    /// A file that cannot be trashed (gone already) stays on the wall and the toast says why.
    func testAFileThatCannotBeTrashedStaysAndTheToastSaysWhy() throws {
        let (_, scene, driver) = try makeApp(["a.jpg", "b.jpg"])
        try FileManager.default.removeItem(atPath: work + "/pictures/b.jpg")
        try click(driver, try centre(scene, 1))
        try driver.play(script: "key Delete\nwait 100")
        XCTAssertEqual(scene.order.count, 2)
        XCTAssertTrue(scene.toast.message?.hasPrefix("“b.jpg” could not be moved to the trash:") == true, scene.toast.message ?? "")
    }

    /// The folder's watcher posts what is in it now: a picture removed on disk leaves the wall,
    /// a new one joins it where its name sorts, one the user took off the wall stays off, and one
    /// that comes back returns.
    func testTheWallFollowsTheFolder() throws {
        let mailbox = PictureFolderMailbox()
        let (app, scene, driver) = try makeApp(["a.jpg", "c.jpg", "e.jpg", "g.jpg"], mailbox: mailbox)
        func names() -> [String] { (0..<scene.order.count).map { PhotoCell.fileName(scene.collection.dataSource!.collectionView(scene.collection, identifierForItemAt: ItemPath(item: $0)) as! String) } }
        let dir = work + "/pictures/"
        mailbox.post([dir + "a.jpg", dir + "b.jpg", dir + "e.jpg", dir + "g.jpg", dir + "sub/f.jpg"])
        try driver.play(script: "wait 100")
        XCTAssertEqual(names(), ["a.jpg", "b.jpg", "e.jpg", "g.jpg", "f.jpg"], "by path, as the folder is listed")
        XCTAssertEqual(app.dumpState()["collections"]?.arrayValue?.first?["count"], .number(5))
        // g taken off the wall by the user; c comes back to the folder.
        let g = try centre(scene, 3)
        try driver.play(ScriptTimeline(InputScript.parse("down \(g.x) \(g.y) right\nup \(g.x) \(g.y) right\nwait 200"), fps: 60, startPointer: g))
        let menu = try XCTUnwrap(scene.menu.menu)
        let row = try XCTUnwrap(menu.actions.firstIndex { $0.title == PhotosScene.remove })
        let y = menu.frame.minY + menu.padding + (Double(row) + 0.5) * menu.rowHeight
        try driver.play(ScriptTimeline(InputScript.parse("down \(menu.frame.midX) \(y)\nup \(menu.frame.midX) \(y)\nwait 600"), fps: 60, startPointer: g))
        XCTAssertEqual(names(), ["a.jpg", "b.jpg", "e.jpg", "f.jpg"])
        mailbox.post([dir + "a.jpg", dir + "b.jpg", dir + "c.jpg", dir + "e.jpg", dir + "g.jpg", dir + "sub/f.jpg"])
        try driver.play(script: "wait 100")
        XCTAssertEqual(names(), ["a.jpg", "b.jpg", "c.jpg", "e.jpg", "f.jpg"])
    }

    /// "Date taken" orders by the picture's date (newest first, undated last by name); "Name"
    /// orders by path again; Ctrl+Z takes a sort back. The header names the folder and the count.
    func testSortByDateTakenAndByName() throws { try sortByDate(background: false) }

    /// In a window the dates are read on a thread of their own: the wall stays as it is (and
    /// answers) until they are in, then sorts.
    func testSortByDateReadsTheDatesInTheBackground() throws { try sortByDate(background: true) }

    func sortByDate(background: Bool) throws {
        let dates: [String: Date] = ["a.jpg": Date(timeIntervalSince1970: 1_000), "b.jpg": Date(timeIntervalSince1970: 3_000),
                                     "d.jpg": Date(timeIntervalSince1970: 2_000)]
        var files: [String] = []
        for name in ["a.jpg", "b.jpg", "c.jpg", "d.jpg"] {
            try Data([1]).write(to: URL(fileURLWithPath: work + "/pictures/" + name))
            files.append(work + "/pictures/" + name)
        }
        var library = PhotoLibrary(files: files, folder: work + "/pictures") { ImagePipeline(decoder: FlatPictures(), workers: 0) }
        // In the background run the reader is held until the test has looked at the wall meanwhile.
        let gate = DispatchSemaphore(value: 0)
        library.facts = { path in
            if background { gate.wait(); gate.signal() }
            return PictureFacts(taken: dates[PhotoCell.fileName(path)])
        }
        library.readsDatesInBackground = background
        var config = SceneConfig()
        config.photos = library
        let app = try App(scene: "photos", size: Size(1000, 700), config: config, entries: SceneCatalog.all + [SceneCatalog.photos])
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.1)
        let scene = try XCTUnwrap(app.currentScene as? PhotosScene)
        func names() -> [String] { scene.order.map { PhotoCell.fileName(files[$0]) } }
        XCTAssertEqual(app.dumpState()["collections"]?.arrayValue?.first?["title"]?.stringValue, "pictures · 4 pictures")
        XCTAssertEqual(names(), ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        XCTAssertGreaterThan(scene.collection.frame.minY, scene.dateButton.frame.maxY, "the header is above the wall")
        let date = scene.dateButton.frame.center
        try driver.play(ScriptTimeline(InputScript.parse("down \(date.x) \(date.y)\nup \(date.x) \(date.y)\nwait 100"), fps: 60, startPointer: date))
        if background {
            XCTAssertTrue(scene.readingDates)
            XCTAssertEqual(names(), ["a.jpg", "b.jpg", "c.jpg", "d.jpg"], "unsorted while the dates are read")
            XCTAssertTrue(texts(app).contains { $0.hasSuffix("reading dates…") }, "the header says so")
            gate.signal()
            // Waits for the reading thread, a frame at a time, with a generous limit.
            for _ in 0..<6000 where scene.sortMode != .date { try driver.play(script: "wait 20") }
            XCTAssertFalse(scene.readingDates)
        }
        XCTAssertEqual(names(), ["b.jpg", "d.jpg", "a.jpg", "c.jpg"])
        XCTAssertEqual(app.dumpState()["collections"]?.arrayValue?.first?["sort"]?.stringValue, "date")
        try driver.play(script: "key ctrl+z\nwait 100")
        XCTAssertEqual(names(), ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        XCTAssertEqual(scene.sortMode, .name)
    }

    /// Space picks the focused picture up, → moves it, Space drops it (as in the other scenes);
    /// Enter, not Space, opens the viewer.
    func testSpacePicksUpAndEnterOpens() throws {
        let (app, scene, driver) = try makeApp((0..<10).map { "p\($0).jpg" })
        try click(driver, try centre(scene, 1))
        try driver.play(script: "key Space\nwait 100")
        XCTAssertEqual(app.dumpState()["viewer"], .null, "Space does not open")
        XCTAssertTrue(scene.manager.isDragging, "Space lifts the focused picture")
        try driver.play(script: "key Right\nwait 300\nkey Space\nwait 600")
        XCTAssertFalse(scene.manager.isDragging)
        XCTAssertEqual(Array(scene.order.prefix(3)), [0, 2, 1], "moved one place on")
        try driver.play(script: "key Return\nwait 100")
        XCTAssertNotNil(app.dumpState()["viewer"]?["item"]?.stringValue)
    }

    /// In the viewer: 1 shows the picture at 100% (one picture pixel a device pixel: a 4000x3000
    /// photo is several times its fitted size), a drag pans it within its edges, 0 fits it again,
    /// the wheel zooms by steps; → and ← stop at the ends.
    func testTheViewerZoomsAndPans() throws {
        let (app, scene, driver) = try makeApp(["a.jpg", "b.jpg"], facts: { _ in PictureFacts(pixelSize: PixelSize(width: 4000, height: 3000)) })
        try click(driver, try centre(scene, 0))
        try driver.play(script: "key Return\nwait 100\nkey Left\nwait 50")
        func viewer() -> JSON { app.dumpState()["viewer"] ?? .null }
        func zoom() -> Double { viewer()["zoom"]?.doubleValue ?? 0 }
        func pan() -> Point { Point(x: viewer()["pan"]?["x"]?.doubleValue ?? .nan, y: viewer()["pan"]?["y"]?.doubleValue ?? .nan) }
        XCTAssertEqual(viewer()["item"]?.stringValue, "a.jpg", "← at the first picture stays")
        XCTAssertEqual(viewer()["size"]?.stringValue, "4000x3000")
        XCTAssertEqual(zoom(), 1)
        try driver.play(script: "key 1\nwait 50")
        let actual = zoom()
        XCTAssertGreaterThan(actual, 3, "100% of a 4000-pixel-wide photo in a 1000-point window")
        // Drag by (100, 50): the picture follows; far to the right: it stops at its left edge.
        let c = Point(x: 500, y: 400)
        try driver.play(ScriptTimeline(InputScript.parse("down 500 400\nmove 600 450 100\nup 600 450\nwait 50"), fps: 60, startPointer: c))
        XCTAssertEqual(pan().x, 100, accuracy: 0.5)
        XCTAssertEqual(pan().y, 50, accuracy: 0.5)
        try driver.play(ScriptTimeline(InputScript.parse("down 500 400\nmove 9000 400 100\nup 9000 400\nwait 50"), fps: 60, startPointer: c))
        let limit = pan().x
        XCTAssertLessThan(limit, 8000, "clamped")
        XCTAssertGreaterThan(limit, 100)
        try driver.play(script: "key 0\nwait 50")
        XCTAssertEqual(zoom(), 1)
        XCTAssertEqual(pan(), Point(x: 0, y: 0), "fitted: no pan")
        try driver.play(script: "wheel 0 1\nwait 50")
        XCTAssertEqual(zoom(), 1.1, accuracy: 0.001)
        try driver.play(script: "key Right\nwait 50\nkey Right\nwait 50")
        XCTAssertEqual(viewer()["item"]?.stringValue, "b.jpg", "→ at the last picture stays")
        XCTAssertEqual(zoom(), 1, "a new picture is fitted")
        try driver.play(script: "key Escape\nwait 50")
        XCTAssertEqual(app.dumpState()["viewer"], .null)
    }

    /// Until the viewer's own picture arrives it shows the wall's thumbnail scaled up, with no
    /// placeholder drawn over it; then its own picture.
    func testTheViewerShowsTheThumbnailUntilItsPictureArrives() throws {
        let (app, scene, driver) = try makeApp((0..<4).map { "p\($0).jpg" })
        try click(driver, try centre(scene, 1))
        let cell = try XCTUnwrap(scene.collection.layout.attributesForItem(at: ItemPath(item: 1))).frame
        driver.send(.key(.enter, []), at: driver.now + 0.02)
        func images() -> [ImageRun] { app.draw().commands.compactMap { if case let .image(run) = $0 { return run } else { return nil } } }
        let first = images().filter { $0.key.source.hasSuffix("/p1.jpg") }
        let scaled = try XCTUnwrap(first.last, "the thumbnail is drawn")
        XCTAssertEqual(scaled.key.pixelSize, PixelCell.size(cell.size), "the wall's own thumbnail")
        XCTAssertGreaterThan(scaled.rect.width, cell.width * 2, "scaled up to the viewer")
        XCTAssertEqual(app.dumpState()["viewer"]?["picture"]?.stringValue, "pending")
        let commands = app.draw().commands
        let at = try XCTUnwrap(commands.lastIndex { if case let .image(run) = $0 { return run.key.source.hasSuffix("/p1.jpg") } else { return false } })
        let placeholder = scene.pipeline.placeholderColor
        XCTAssertFalse(commands[at...].contains { if case let .fill(_, c, _) = $0 { return c == placeholder } else { return false } },
                       "no placeholder over the thumbnail")
        try driver.play(script: "wait 100")
        XCTAssertEqual(app.dumpState()["viewer"]?["picture"]?.stringValue, "shown")
        let last = try XCTUnwrap(images().filter { $0.key.source.hasSuffix("/p1.jpg") }.last)
        XCTAssertEqual(last.key.mode, .fit, "its own picture, made for the viewer")
    }
}

/// The pixel size of a cell key at scale 1.
private enum PixelCell {
    static func size(_ s: Size) -> PixelSize { PhotoCell.key("", size: s, scale: 1).pixelSize }
}
