import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// The app as the desktop sees it: its title names the scene, the actions a D-Bus caller or a
/// second launch activates, Ctrl+W, and the maximized state remembered apart from the normal size.
final class DesktopActionsTests: XCTestCase {
    private func app(_ scene: String = "grid") throws -> (App, HeadlessDriver<App>) {
        let app = try App(scene: scene, size: Size(width: 900, height: 600), config: SceneConfig(items: 30))
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.05)
        return (app, driver)
    }

    func testTheTitleNamesTheSceneShown() throws {
        let (app, driver) = try app("boards")
        XCTAssertEqual(app.windowTitle, "Boards — Collection Demo")
        app.switchTo("calendar", now: driver.now)
        XCTAssertEqual(app.windowTitle, "Calendar — Collection Demo")
        guard case let .object(pairs) = app.dumpState(), case let .object(window)? = pairs.first(where: { $0.0 == "window" })?.1 else {
            return XCTFail("no window in the dump")
        }
        XCTAssertEqual(window.first { $0.0 == "title" }?.1, .string("Calendar — Collection Demo"))
    }

    func testActionsAreCheckedWithTheReason() {
        let scenes = ["grid", "boards"]
        XCTAssertNil(App.checkAction("scene", ["boards"], scenes: scenes))
        XCTAssertEqual(App.checkAction("scene", ["nowhere"], scenes: scenes), "unknown scene 'nowhere'; scenes: grid, boards")
        XCTAssertNotNil(App.checkAction("scene", [], scenes: scenes))
        XCTAssertNil(App.checkAction("quit", [], scenes: scenes))
        XCTAssertNotNil(App.checkAction("quit", ["now"], scenes: scenes))
        XCTAssertEqual(App.checkAction("fly", [], scenes: scenes), "unknown action 'fly'; actions: scene, scene-NAME, new-card, shortcuts, quit")
        // A desktop entry's action has no parameter: scene-NAME.
        XCTAssertNil(App.checkAction("scene-boards", [], scenes: scenes))
        XCTAssertEqual(App.checkAction("scene-nowhere", [], scenes: scenes), "unknown scene 'nowhere'; scenes: grid, boards")
    }

    func testActivatedActionsAct() throws {
        let (app, driver) = try app()
        app.activate("scene", parameters: ["boards"], now: driver.now)
        XCTAssertEqual(app.currentName, "boards")
        app.activate("scene-grid", parameters: [], now: driver.now)
        XCTAssertEqual(app.currentName, "grid")
        app.activate("scene", parameters: ["boards"], now: driver.now)
        app.activate("shortcuts", parameters: [], now: driver.now)
        XCTAssertTrue(app.shortcutsWindow.isOpen)
        // A scene this window was not made with (photos without --photos) is a notice, not a crash.
        app.activate("scene", parameters: ["photos"], now: driver.now)
        XCTAssertEqual(app.currentName, "boards")
        XCTAssertTrue(app.shownNotices.contains { $0.contains("photos") }, "\(app.shownNotices)")
        XCTAssertFalse(app.quitRequested)
        app.activate("quit", parameters: [], now: driver.now)
        XCTAssertTrue(app.quitRequested)
    }

    /// A scene shown by an action is remembered as one shown by a key press is.
    func testASceneShownByAnActionIsSaved() throws {
        let directory = NSTemporaryDirectory() + "action-scene-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (app, driver) = try app()
        app.stateStore = StateStore(directory: directory)
        app.activate("scene", parameters: ["boards"], now: driver.now)
        app.saveRememberedState()
        XCTAssertEqual(StateStore(directory: directory).load().state?.scene, "boards")
    }

    func testNewCardStartsACardOnTheBoards() throws {
        let (app, driver) = try app()
        app.activate("new-card", parameters: [], now: driver.now)
        driver.advance(to: driver.now + 0.1)
        XCTAssertEqual(app.currentName, "boards")
        XCTAssertTrue(app.currentScene.composition.isEditingText, "no card is being typed")
    }

    func testCtrlWClosesTheWindowAsCtrlQDoes() throws {
        for key in ["w", "q"] {
            let (app, driver) = try app()
            try driver.play(script: "key Ctrl+\(key.uppercased())\n")
            XCTAssertTrue(app.quitRequested, "Ctrl+\(key)")
        }
        let (app, driver) = try app()
        try driver.play(script: "key W\n")
        XCTAssertFalse(app.quitRequested)
    }

    /// Maximized, the remembered size is the one the window had before; the file says maximized,
    /// and a file from before the key reads as not maximized.
    func testTheMaximizedStateIsRememberedApartFromTheNormalSize() throws {
        let directory = NSTemporaryDirectory() + "maximized-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (app, driver) = try app()
        app.stateStore = StateStore(directory: directory)
        app.windowStateChanged(maximized: false, normalSize: Size(width: 900, height: 600), now: driver.now)
        app.handle(.resize(Size(width: 1400, height: 900)), now: driver.now)
        app.windowStateChanged(maximized: true, normalSize: nil, now: driver.now)
        app.saveRememberedState()
        let state = try XCTUnwrap(StateStore(directory: directory).load().state)
        XCTAssertEqual(state.windowMaximized, true)
        XCTAssertEqual(state.windowWidth, 900)
        XCTAssertEqual(state.windowHeight, 600)
        // Unmaximized at another size: that size, and no longer maximized.
        app.handle(.resize(Size(width: 1000, height: 700)), now: driver.now)
        app.windowStateChanged(maximized: false, normalSize: Size(width: 1000, height: 700), now: driver.now)
        app.saveRememberedState()
        let again = try XCTUnwrap(StateStore(directory: directory).load().state)
        XCTAssertNil(again.windowMaximized)
        XCTAssertEqual(again.windowWidth, 1000)
        // An older file without the key.
        try #"{"version": 1, "scene": "grid", "windowWidth": 800, "windowHeight": 500}"#.write(toFile: directory + "/state.json", atomically: true, encoding: .utf8)
        let old = StateStore(directory: directory).load()
        XCTAssertNil(old.notice)
        XCTAssertNil(old.state?.windowMaximized)
    }

    /// F10 opens the primary menu with its first entry highlighted; the keys choose in it: About
    /// shows the version and the licence in a dialog Escape closes, Quit quits.
    func testF10OpensThePrimaryMenuAndItsEntriesAct() throws {
        let (app, driver) = try app()
        try driver.play(script: "key F10\nwait 50\n")
        XCTAssertTrue(app.primaryMenu.menu.isOpen)
        XCTAssertEqual(app.primaryMenu.menu.menu?.actions.map(\.title), ["Keyboard Shortcuts", "About Collection Demo", "Quit"])
        XCTAssertEqual(app.primaryMenu.menu.menu?.highlighted, 0)
        // F10 again closes it; Escape too.
        try driver.play(script: "key F10\nwait 50\n")
        XCTAssertFalse(app.primaryMenu.menu.isOpen)
        try driver.play(script: "key F10\nwait 50\nkey Down\nkey Return\nwait 100\n")
        let about = try XCTUnwrap(app.primaryMenu.about)
        XCTAssertTrue(about.isPresented)
        XCTAssertTrue(about.message.contains("Version \(AppInfo.version)"), about.message)
        XCTAssertTrue(about.message.contains("MIT"), about.message)
        // While it shows, digits do not switch scenes; Escape closes it.
        try driver.play(script: "key 2\nwait 50\n")
        XCTAssertEqual(app.currentName, "grid")
        try driver.play(script: "key Escape\nwait 50\n")
        XCTAssertFalse(about.isPresented)
        try driver.play(script: "key F10\nwait 50\nkey Down\nkey Return\nwait 50\n")
        XCTAssertTrue(app.primaryMenu.about?.isPresented == true)
        try driver.play(script: "key Escape\nwait 50\nkey F10\nwait 50\nkey Up\nkey Return\nwait 50\n")
        XCTAssertTrue(app.quitRequested)
    }

    /// A screen reader sees the open menu and its entries, and clicking Keyboard Shortcuts opens them.
    func testThePrimaryMenuIsPublishedToScreenReaders() throws {
        let (app, driver) = try app()
        try driver.play(script: "key F10\nwait 50\n")
        let tree = app.accessibilityTree(title: app.windowTitle)
        let menu = try XCTUnwrap(tree.children.first { $0.role == .menu })
        XCTAssertEqual(menu.children.map(\.name), ["Keyboard Shortcuts", "About Collection Demo", "Quit"])
        XCTAssertTrue(menu.children[0].states.contains(.focused))
        let click = try XCTUnwrap(menu.children[0].actions.first { $0.name == "click" })
        XCTAssertTrue(click.perform(driver.now))
        XCTAssertFalse(app.primaryMenu.menu.isOpen)
        XCTAssertTrue(app.shortcutsWindow.isOpen)
        XCTAssertFalse(app.accessibilityTree(title: "").children.contains { $0.role == .menu })
    }
}
