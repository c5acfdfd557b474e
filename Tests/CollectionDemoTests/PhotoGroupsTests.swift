import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

private struct PlainPictures: ImageDecoding {
    func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
        ImagePixels(width: box.width, height: box.height, pixels: [UInt32](repeating: 0xFF40_7090, count: box.width * box.height))!
    }
}

/// The photo wall in groups: by month when sorted by date (pinned headers), by folder when
/// sorted by name and the folder has subfolders.
final class PhotoGroupsTests: XCTestCase {
    func testGroupsAreRunsOfOneKeyAndAPictureWithoutAKeyJoinsTheGroupBeforeIt() {
        let g = PhotoGroups(keys: ["a", "a", nil, "b", "b", "a", nil], headerAlone: false) { $0.uppercased() }
        XCTAssertEqual(g.starts, [0, 3, 5])
        XCTAssertEqual(g.titles, ["A", "B", "A"])
        XCTAssertEqual((0..<3).map { g.range($0) }, [0..<3, 3..<5, 5..<7])
        for i in 0..<7 { XCTAssertEqual(g.position(g.indexPath(i)), i) }
        XCTAssertEqual(g.indexPath(4), ItemPath(item: 1, section: 1))
        XCTAssertEqual(g.position(ItemPath(item: 2, section: 1)), 5, "one past a group's end: an insertion point")
        // A first picture without a key takes the next key's group.
        XCTAssertEqual(PhotoGroups(keys: [nil, "b", "c"], headerAlone: false) { $0 }.titles, ["b", "c"])
        // One group: a header only when asked for; none at all for an empty wall.
        XCTAssertEqual(PhotoGroups(keys: ["a", "a"], headerAlone: false) { $0 }.titles, [nil])
        XCTAssertEqual(PhotoGroups(keys: ["a", "a"], headerAlone: true) { $0 }.titles, ["a"])
        let empty = PhotoGroups(keys: [String?](), headerAlone: true) { $0 }
        XCTAssertEqual(empty.count, 1)
        XCTAssertFalse(empty.hasHeaders)
    }

    func testAFoldersOwnPicturesAreListedBeforeItsSubfolders() {
        let files = ["/w/trip/b.jpg", "/w/screenshot.png", "/w/home/a.jpg", "/w/a.jpg", "/w/trip/a.jpg", "/w/zz.jpg"]
        XCTAssertEqual(files.sorted(by: PhotoLibrary.listedBefore),
                       ["/w/a.jpg", "/w/screenshot.png", "/w/zz.jpg", "/w/home/a.jpg", "/w/trip/a.jpg", "/w/trip/b.jpg"])
    }

    func testMonthTitlesAreTheLocalesMonthAndYear() {
        let date = Calendar.current.date(from: DateComponents(year: 2024, month: 3, day: 9, hour: 12))!
        let key = PhotoMonths.key(date)!
        XCTAssertEqual(PhotoMonths.title(key), "March 2024")
        XCTAssertEqual(PhotoMonths.key(Calendar.current.date(from: DateComponents(year: 2024, month: 3, day: 31, hour: 23))!), key)
        XCTAssertEqual(PhotoMonths.key(Calendar.current.date(from: DateComponents(year: 2024, month: 4, day: 1))!), key + 1)
        XCTAssertNil(PhotoMonths.key(nil))
    }

    func date(_ y: Int, _ m: Int, _ d: Int) -> Date { Calendar.current.date(from: DateComponents(year: y, month: m, day: d, hour: 12))! }

    func makeScene(_ files: [String], folder: String = "/w", dates: [String: Date] = [:]) throws -> (App, PhotosScene, HeadlessDriver<App>) {
        var library = PhotoLibrary(files: files, folder: folder) { ImagePipeline(decoder: PlainPictures(), workers: 0) }
        library.facts = { PictureFacts(taken: dates[$0]) }
        var config = SceneConfig()
        config.photos = library
        let app = try App(scene: "photos", size: Size(1000, 700), config: config, entries: SceneCatalog.all + [SceneCatalog.photos])
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.1)
        return (app, try XCTUnwrap(app.currentScene as? PhotosScene), driver)
    }

    func dumpGroups(_ app: App) -> [String] {
        (app.dumpState()["collections"]?.arrayValue?.first?["groups"]?.arrayValue ?? []).map {
            "\($0["title"]?.stringValue ?? "?") \(Int($0["count"]?.doubleValue ?? -1))"
        }
    }

    func pinned(_ app: App) -> String? { app.dumpState()["collections"]?.arrayValue?.first?["pinnedHeader"]?.stringValue }

    /// Sorted by date: a section a month, newest first, pictures without a date last; each header
    /// drawn with its title; the one at the top stays pinned while its month scrolls under it.
    func testSortedByDateTheWallIsGroupedByMonthUnderPinnedHeaders() throws {
        var files: [String] = [], dates: [String: Date] = [:]
        for i in 0..<40 { files.append("/w/may-\(i).jpg"); dates["/w/may-\(i).jpg"] = date(2024, 5, 1 + i % 28) }
        for i in 0..<3 { files.append("/w/march-\(i).jpg"); dates["/w/march-\(i).jpg"] = date(2024, 3, 2 + i) }
        files.append("/w/undated.jpg")
        let (app, scene, driver) = try makeScene(files, dates: dates)
        XCTAssertEqual(scene.collection.itemCounts, [44], "by name: one group, no header")
        XCTAssertEqual(dumpGroups(app), [])
        scene.sort(by: .date, now: driver.now)
        try driver.play(script: "wait 50")
        XCTAssertEqual(dumpGroups(app), ["May 2024 40", "March 2024 3", "No date 1"])
        XCTAssertEqual(scene.collection.itemCounts, [40, 3, 1])
        XCTAssertEqual(pinned(app), "May 2024")
        let drawn = app.draw().commands.compactMap { c -> String? in if case let .text(run) = c { return run.text } else { return nil } }
        XCTAssertTrue(drawn.contains("May 2024"), "the header is drawn: \(drawn)")
        // Scrolled into May: its header stays at the top of the wall.
        scene.collection.scrollToItem(ItemPath(item: 26, section: 0), centered: true, animated: false)
        try driver.play(script: "wait 50")
        XCTAssertEqual(pinned(app), "May 2024")
        let header = try XCTUnwrap(scene.visibleHeaders().first { $0.section == 0 }).frame
        XCTAssertEqual(header.minY, scene.collection.frame.minY, accuracy: 0.5)
        // A press on the pinned header selects nothing under it; one below it selects.
        let onHeader = Point(header.minX + 80, header.midY)
        XCTAssertNil(scene.item(atWindowPoint: onHeader))
        XCTAssertNotNil(scene.collection.indexPathForItem(atWindowPoint: onHeader), "a picture passes under the header")
        try driver.play(ScriptTimeline(InputScript.parse("down \(onHeader.x) \(onHeader.y)\nup \(onHeader.x) \(onHeader.y)\nwait 100"),
                                       fps: 60, startPointer: onHeader))
        XCTAssertEqual(scene.collection.selectedItems, [])
        // The arrows move the focus up a row at a time: the focused picture never stays under
        // the pinned header.
        scene.collection.setFocus(ItemPath(item: 26, section: 0), showingRing: true)
        try driver.play(script: "wait 300")
        for _ in 0..<4 {
            try driver.play(script: "key Up\nwait 400")
            let ip = try XCTUnwrap(scene.collection.focusedItem)
            let f = try XCTUnwrap(scene.collection.layout.attributesForItem(at: ip)).frame
            XCTAssertGreaterThanOrEqual(f.minY, scene.collection.contentOffset.y + PhotosScene.groupHeaderHeight - 0.5, "\(ip) under the header")
        }
        // Enter opens the focused picture: positions across sections are the wall's.
        scene.collection.setFocus(ItemPath(item: 0, section: 2), showingRing: true)
        try driver.play(script: "key Return\nwait 100")
        XCTAssertEqual(scene.viewer.source, "/w/undated.jpg")
    }

    /// A picture taken off the wall leaves its month; the last of a month takes the month's
    /// header with it; Undo brings both back. Actions on a selection act on the wall's positions.
    func testRemovingTheLastPictureOfAMonthRemovesItsGroupAndUndoBringsItBack() throws {
        let files = ["/w/a.jpg", "/w/b.jpg", "/w/c.jpg"]
        let dates = ["/w/a.jpg": date(2023, 1, 5), "/w/b.jpg": date(2023, 1, 6), "/w/c.jpg": date(2022, 7, 1)]
        let (app, scene, driver) = try makeScene(files, dates: dates)
        scene.sort(by: .date, now: driver.now)
        try driver.play(script: "wait 50")
        XCTAssertEqual(dumpGroups(app), ["January 2023 2", "July 2022 1"])
        scene.collection.setSelection([ItemPath(item: 0, section: 1), ItemPath(item: 1, section: 0)])
        XCTAssertEqual(scene.targets(of: nil), [1, 2])
        XCTAssertEqual(app.dumpState()["collections"]?.arrayValue?.first?["selected"]?.arrayValue?.compactMap(\.stringValue), ["a.jpg", "c.jpg"])
        // The menu of c (July's only picture): Remove from wall.
        let f = try XCTUnwrap(scene.collection.layout.attributesForItem(at: ItemPath(item: 0, section: 1))).frame
        let c = scene.collection.windowRect(fromContent: f).center
        try driver.play(ScriptTimeline(InputScript.parse("down \(c.x) \(c.y) right\nup \(c.x) \(c.y) right\nwait 200"), fps: 60, startPointer: c))
        let menu = try XCTUnwrap(scene.menu.menu)
        let row = try XCTUnwrap(menu.actions.firstIndex { $0.title == PhotosScene.remove })
        XCTAssertFalse(menu.actions.first { $0.title == PhotosScene.moveToStart }!.isEnabled, "the first of its month")
        let y = menu.frame.minY + menu.padding + (Double(row) + 0.5) * menu.rowHeight
        try driver.play(ScriptTimeline(InputScript.parse("down \(menu.frame.midX) \(y)\nup \(menu.frame.midX) \(y)\nwait 600"), fps: 60, startPointer: c))
        XCTAssertEqual(dumpGroups(app), ["January 2023 2"])
        XCTAssertEqual(scene.collection.itemCounts, [2])
        try driver.play(script: "key ctrl+z\nwait 100")
        XCTAssertEqual(dumpGroups(app), ["January 2023 2", "July 2022 1"])
        XCTAssertEqual(scene.collection.itemCounts, [2, 1])
    }

    /// Right to left, a group's title is at the right end of its header and its count at the left.
    func testRightToLeftTheHeadersTitleIsAtTheRight() throws {
        let files = ["/w/a.jpg", "/w/trip/t.jpg"]
        var library = PhotoLibrary(files: files, folder: "/w") { ImagePipeline(decoder: PlainPictures(), workers: 0) }
        library.facts = { _ in PictureFacts() }
        var config = SceneConfig()
        config.photos = library
        config.layoutDirection = .rightToLeft
        let app = try App(scene: "photos", size: Size(1000, 700), config: config, entries: SceneCatalog.all + [SceneCatalog.photos])
        HeadlessDriver(root: app, fps: 60).advance(to: 0.1)
        let runs = app.draw().commands.compactMap { c -> TextRun? in if case let .text(run) = c { return run } else { return nil } }
        let title = try XCTUnwrap(runs.first { $0.text == "trip" })
        XCTAssertEqual(title.alignment, .trailing)
        XCTAssertEqual(runs.first { $0.text == "1" && $0.size == 13 }?.alignment, .leading)
        // The band's title ("w · 2 pictures") has the room up to the sort buttons, on the right.
        let scene = try XCTUnwrap(app.currentScene as? PhotosScene)
        let band = try XCTUnwrap(runs.first { $0.text == scene.headerTitle })
        XCTAssertGreaterThan(band.rect.width, 300)
        XCTAssertGreaterThanOrEqual(band.rect.minX, max(scene.nameButton.frame.maxX, scene.dateButton.frame.maxX))
    }

    /// The header band's title is drawn with the room up to the sort buttons.
    func testTheHeaderBandsTitleHasRoomBesideTheSortButtons() throws {
        let (app, scene, _) = try makeScene(["/w/a.jpg", "/w/b.jpg"])
        let runs = app.draw().commands.compactMap { c -> TextRun? in if case let .text(run) = c { return run } else { return nil } }
        let band = try XCTUnwrap(runs.first { $0.text == "w · 2 pictures" })
        XCTAssertGreaterThan(band.rect.width, 300)
        XCTAssertLessThanOrEqual(band.rect.maxX, min(scene.nameButton.frame.minX, scene.dateButton.frame.minX))
    }

    /// Sorted by name, a folder with subfolders shows each folder's pictures under its name, the
    /// folder's own first.
    func testSortedByNameSubfoldersAreGroupsOfTheirOwn() throws {
        let files = ["/w/a.jpg", "/w/home/h.jpg", "/w/trip/t1.jpg", "/w/trip/t2.jpg", "/w/z.jpg"].sorted(by: PhotoLibrary.listedBefore)
        let (app, scene, _) = try makeScene(files)
        XCTAssertEqual(dumpGroups(app), ["w 2", "home 1", "trip 2"])
        XCTAssertEqual(scene.collection.itemCounts, [2, 1, 2])
        XCTAssertEqual(scene.collectionView(scene.collection, accessibilityLabelForItemAt: ItemPath(item: 1, section: 2)), "t2.jpg")
        // Screen readers hear the group with each picture (there is no heading role to give the header).
        XCTAssertEqual(scene.collectionView(scene.collection, accessibilityDescriptionForItemAt: ItemPath(item: 1, section: 2)), "trip")
    }
}

/// "Show in Files": the menu and Ctrl+Alt+O ask the file manager to show the pictures' files;
/// when none answers, a toast says so.
final class PhotoShowInFilesTests: XCTestCase {
    final class Calls: @unchecked Sendable {
        let lock = NSLock()
        var uris: [[String]] = []
        var failing = false
    }

    func testShowInFilesAsksTheFileManagerAndSaysWhenNoneAnswered() throws {
        let calls = Calls()
        var library = PhotoLibrary(files: ["/w/a b.jpg", "/w/c.jpg"], folder: "/w") { ImagePipeline(decoder: PlainPictures(), workers: 0) }
        library.showInFiles = { uris in
            try calls.lock.withLock {
                calls.uris.append(uris)
                if calls.failing { throw FileFailure() }
            }
        }
        var config = SceneConfig()
        config.photos = library
        let app = try App(scene: "photos", size: Size(1000, 700), config: config, entries: SceneCatalog.all + [SceneCatalog.photos])
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.1)
        let scene = try XCTUnwrap(app.currentScene as? PhotosScene)
        // The menu offers it; choosing it asks for the picture's URI.
        let f = try XCTUnwrap(scene.collection.layout.attributesForItem(at: ItemPath(item: 0))).frame
        let c = scene.collection.windowRect(fromContent: f).center
        try driver.play(ScriptTimeline(InputScript.parse("down \(c.x) \(c.y) right\nup \(c.x) \(c.y) right\nwait 200"), fps: 60, startPointer: c))
        let menu = try XCTUnwrap(scene.menu.menu)
        let row = try XCTUnwrap(menu.actions.firstIndex { $0.title == PhotosScene.showInFiles })
        let y = menu.frame.minY + menu.padding + (Double(row) + 0.5) * menu.rowHeight
        try driver.play(ScriptTimeline(InputScript.parse("down \(menu.frame.midX) \(y)\nup \(menu.frame.midX) \(y)\nwait 100"), fps: 60, startPointer: c))
        for _ in 0..<500 where calls.lock.withLock({ calls.uris.isEmpty }) { try driver.play(script: "wait 20") }
        XCTAssertEqual(calls.lock.withLock { calls.uris }, [["file:///w/a%20b.jpg"]])
        XCTAssertEqual(app.dumpState()["collections"]?.arrayValue?.first?["shownInFiles"]?.arrayValue?.compactMap(\.stringValue), ["file:///w/a%20b.jpg"])
        XCTAssertNil(scene.toast.message, "it answered: nothing to say")
        // Ctrl+Alt+O, with both selected, and no file manager: one toast says so.
        calls.lock.withLock { calls.failing = true }
        try driver.play(script: "key ctrl+a\nkey ctrl+alt+o\nwait 100")
        for _ in 0..<500 where scene.toast.message == nil { try driver.play(script: "wait 20") }
        XCTAssertEqual(calls.lock.withLock { calls.uris.last }, ["file:///w/a%20b.jpg", "file:///w/c.jpg"])
        XCTAssertEqual(scene.toast.message, "No file manager could show the pictures: no file manager here")
    }

    struct FileFailure: Error, CustomStringConvertible { var description: String { "no file manager here" } }

    /// Without a way to ask a file manager (headless), the menu does not offer it.
    func testWithoutAFileManagerTheMenuDoesNotOfferIt() throws {
        let library = PhotoLibrary(files: ["/w/a.jpg"], folder: "/w") { ImagePipeline(decoder: PlainPictures(), workers: 0) }
        var config = SceneConfig()
        config.photos = library
        let app = try App(scene: "photos", size: Size(1000, 700), config: config, entries: SceneCatalog.all + [SceneCatalog.photos])
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.1)
        let scene = try XCTUnwrap(app.currentScene as? PhotosScene)
        scene.collection.setFocus(ItemPath(item: 0), showingRing: true)
        try driver.play(script: "key shift+F10\nwait 100")
        XCTAssertEqual(scene.menu.menu?.actions.contains { $0.title == PhotosScene.copy }, true)
        XCTAssertEqual(scene.menu.menu?.actions.contains { $0.title == PhotosScene.showInFiles }, false)
    }
}
