import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// What a screen reader is given of each part: pictures by file name, whole card titles, the
/// focus on a new card, the tab bar's and the shortcuts window's focus.
final class ScreenReaderPartsTests: XCTestCase {
    private struct FlatDecoder: ImageDecoding {
        func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
            ImagePixels(width: box.width, height: box.height, pixels: [UInt32](repeating: 0xFF40_7090, count: box.width * box.height))!
        }
    }

    func start(_ scene: String, config: SceneConfig = SceneConfig(), entries: [SceneEntry] = SceneCatalog.all) throws -> HeadlessDriver<App> {
        let driver = HeadlessDriver(root: try App(scene: scene, size: Size(width: 1280, height: 800), config: config, entries: entries), fps: 60)
        driver.advance(to: 0.1)
        return driver
    }

    func sceneNodes(_ app: App) -> [AccessibleNode] { app.accessibilityTree(title: "Collection Demo").children[1].children }

    func testAPictureIsReadByItsFileNameWithItsDateAndSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screen-reader-photos-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["harbour-at-dusk.png", "meadow.png"].map { folder.appendingPathComponent($0).path }
        for f in files { try Data(repeating: 7, count: 2_500).write(to: URL(fileURLWithPath: f)) }
        var config = SceneConfig()
        config.photos = PhotoLibrary(files: files) { ImagePipeline(decoder: FlatDecoder(), workers: 0) }
        let driver = try start("photos", config: config, entries: SceneCatalog.all + [SceneCatalog.photos])
        let wall = try XCTUnwrap(sceneNodes(driver.root).first { $0.items != nil }, "the photos scene publishes its pictures")
        XCTAssertEqual(wall.childCount, 2)
        let first = try XCTUnwrap(wall.child(at: 0))
        XCTAssertEqual(first.name, "harbour-at-dusk.png")
        XCTAssertTrue(first.description.contains("KB"), first.description)
        XCTAssertEqual(first.index, 0)
    }

    func testALongCardIsNamedByItsWholeTitle() throws {
        let driver = try start("boards")
        let scene = try XCTUnwrap(driver.root.currentScene as? BoardsScene)
        let long = try XCTUnwrap(scene.cards.values.first { $0.shownText.count > BoardCard.nameLimit })
        XCTAssertTrue(long.name.hasSuffix("…"), "the status line's name is shortened")
        let names = sceneNodes(driver.root).filter { $0.items != nil }.flatMap { node in
            (0..<node.childCount).compactMap { node.child(at: $0)?.name }
        }
        XCTAssertTrue(names.contains(long.shownText), "the whole text is the accessible name")
        XCTAssertFalse(names.contains(long.name))
    }

    func testANewCardHasTheFocus() throws {
        let driver = try start("boards")
        let scene = try XCTUnwrap(driver.root.currentScene as? BoardsScene)
        try driver.play(script: "key ctrl+n\nwait 50\ntext \"Call the printer\"\nkey Return\nwait 300")
        let id = try XCTUnwrap(scene.cards.values.first { $0.title == "Call the printer" }?.id)
        XCTAssertEqual(scene.manager.focus?.id, AnyHashable(id), "the new card has the keyboard focus")
        let focused = sceneNodes(driver.root).compactMap { node in node.items?.focusedIndex.flatMap { node.child(at: $0) } }
        XCTAssertEqual(focused.map(\.name), ["Call the printer"])
    }

    func testARenamedCardKeepsTheFocusAndADeletionIsANotificationOfferingUndo() throws {
        let driver = try start("boards")
        let scene = try XCTUnwrap(driver.root.currentScene as? BoardsScene)
        try driver.play(script: "key ctrl+n\nwait 50\ntext \"Call the printer\"\nkey Return\nwait 300")
        let id = try XCTUnwrap(scene.cards.values.first { $0.title == "Call the printer" }?.id)
        try driver.play(script: "key F2\nwait 50\nkey ctrl+a\ntext \"Ship it\"\nkey Return\nwait 300")
        XCTAssertEqual(scene.card(id).title, "Ship it")
        XCTAssertEqual(scene.manager.focus?.id, AnyHashable(id), "the renamed card has the focus")
        XCTAssertNil(sceneNodes(driver.root).first { $0.role == .notification })
        try driver.play(script: "key Delete\nwait 50")
        let toast = try XCTUnwrap(sceneNodes(driver.root).first { $0.role == .notification }, "the toast is published")
        XCTAssertTrue(toast.name.contains("Ship it"), toast.name)
        XCTAssertEqual(toast.description, "Undo", "what it offers, read after its words")
        XCTAssertEqual(toast.children.map(\.name), [toast.name, "Undo", "Close"])
    }

    func testTheTabBarsTabHasTheFocusWhileTheBarHasIt() throws {
        let driver = try start("grid")
        func focusedTabs() -> [String] {
            driver.root.accessibilityTree(title: "Collection Demo").children[0].children.filter { $0.states.contains(.focused) }.map(\.name)
        }
        XCTAssertEqual(focusedTabs(), [])
        try driver.play(script: "key shift+Tab\nwait 50")
        XCTAssertTrue(driver.root.tabBarFocused)
        XCTAssertEqual(focusedTabs(), ["Grid"])
    }

    func testTheShortcutsWindowsCloseButtonHasTheFocus() throws {
        let driver = try start("grid")
        try driver.play(script: "key F1\nwait 50")
        let dialog = try XCTUnwrap(driver.root.accessibilityTree(title: "Collection Demo").children.first { $0.role == .dialog })
        XCTAssertEqual(dialog.children.last?.role, .pushButton)
        XCTAssertTrue(dialog.children.last?.states.contains(.focused) == true, "a screen reader follows the focus into the dialog")
    }
}
