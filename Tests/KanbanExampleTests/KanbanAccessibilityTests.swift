import CollectionKit
import CollectionKitTesting
import KanbanBoard
import XCTest

/// What a screen reader gets from the kanban with nothing written by the app: the engine's
/// `AccessibleComposition` over the board's composition (the backend's
/// `WindowLoop.publishAccessibility(name:)` publishes exactly this).
final class KanbanAccessibilityTests: XCTestCase {
    func makeRun() throws -> (HeadlessDriver<Kanban>, AccessibleComposition) {
        let board = try Kanban(file: .sample, save: { _ in })
        let driver = HeadlessDriver(root: board, fps: 60)
        driver.send(.resize(Size(width: 900, height: 600)), at: 0)
        driver.advance(to: 0.1)
        return (driver, AccessibleComposition(board.composition))
    }

    func testTheColumnsAndTheirCardsAreNamedAsOnScreen() throws {
        let (driver, published) = try makeRun()
        defer { withExtendedLifetime(driver) {} }
        let tree = published.tree(title: "Kanban", size: Size(width: 900, height: 600))
        XCTAssertEqual(tree.role, .window)
        XCTAssertEqual(tree.children.map(\.name), ["To do", "Doing", "Done", "+ Add a card", "+ Add a card", "+ Add a card"])
        XCTAssertEqual(tree.children.map(\.role), [.list, .list, .list, .pushButton, .pushButton, .pushButton],
                       "a column of cards is a list; its add button a push button")
        let todo = try XCTUnwrap(tree.children.first?.items)
        XCTAssertEqual(todo.count, 5)
        XCTAssertEqual(todo.item(at: 0)?.name, "Write the README")
        XCTAssertNotNil(published.dragManager, "the pick-up and drop actions have the board's manager")
    }

    /// A listener hears a drop as the columns' contents changing, although the app set its own
    /// `onChange` (the save) before the watcher came: observers no longer replace each other.
    func testAListenerHearsADropBesideTheAppsOwnSave() throws {
        let (driver, published) = try makeRun()
        published.setListening(true)
        XCTAssertTrue(published.events.drain().isEmpty, "nothing queued for the state as it was")
        // As the window loop does: compared with the last frame after each update.
        driver.afterFrame = { published.sync() }
        let c = driver.root.columns[0], target = driver.root.columns[2].view.frame.center
        let from = try XCTUnwrap(c.windowFrame(of: c.items[0][1])).center
        try driver.play(ScriptTimeline(InputScript.parse("down \(from.x) \(from.y)\nmove \(target.x) \(target.y) 200\nup \(target.x) \(target.y)\nwait 600"),
                                       fps: 60, startPointer: from))
        let events = published.events.drain()
        XCTAssertTrue(events.contains { if case .childrenChanged(collection: "column2", count: 1) = $0 { return true }; return false },
                      "the Done column now holds one card: \(events)")
        XCTAssertTrue(events.contains { if case .announcement = $0 { return true }; return false }, "the drag was spoken: \(events)")
        published.setListening(false)
        XCTAssertTrue(published.events.drain().isEmpty)
    }
}
