@testable import CollectionKit
@testable import CollectionDemo
import XCTest

/// A backlog of many cards makes no card per item at start: cards are made from their identifiers
/// when drawn or asked about, and only palette copies are stored.
final class LargeBoardsTests: XCTestCase {
    func testABigBacklogStoresNoCardPerItem() {
        let scene = BoardsScene(backlogCount: 200_000)
        XCTAssertLessThan(scene.cards.count, 100, "cards stored for \(scene.board("backlog")!.count) backlog items")
        XCTAssertEqual(scene.initialIDs.count, 200_000 + 5 + 12 + 3 + 1)
        XCTAssertTrue(scene.initialIDs.contains(199_999))
        XCTAssertFalse(scene.initialIDs.contains(300_000))
        // Made on demand, the same cards as before: title, lock and height from the identifier.
        XCTAssertEqual(scene.card(123_453), BoardCard(id: 123_453, title: BoardCard.task(for: 123_453), lockedTo: "backlog"))
        XCTAssertEqual(scene.card(7), BoardCard(id: 7, title: BoardCard.task(for: 7), lockedTo: nil))
        // Before the backlog has a width, a card's height is the minimum; its text sizes it after.
        XCTAssertEqual(scene.board("backlog")!.length(at: ItemPath(item: 7, section: 0)), BoardCardMetrics.minimumHeight)
        XCTAssertNil(scene.consistencyProblem())
    }
}

/// The backlog's cards are generated identifiers kept as runs: nothing is listed or measured per
/// card at start, and moving cards out and back (with undo and redo) keeps them runs.
final class VirtualBacklogTests: XCTestCase {
    func testABigBacklogListsNothingAndKeepsItsRunsThroughEdits() throws {
        let scene = BoardsScene(backlogCount: 200_000)
        scene.setFrame(Rect(0, 0, 1280, 800))
        let backlog = try XCTUnwrap(scene.board("backlog")), today = try XCTUnwrap(scene.board("today"))
        XCTAssertEqual(backlog.items.map(\.listedCount), [0, 0], "no identifier listed per card")
        XCTAssertEqual(backlog.lengths.sections.map(\.hasRepeatedPeriod), [true, true], "no height stored per card")
        XCTAssertEqual(backlog.count, 200_000)
        XCTAssertNil(scene.notices.first, "every board added, its identifiers checked")

        // A card dragged from the backlog to today, through the manager's keyboard drag.
        let before = scene.boardItems
        let card = backlog.items[0][1]
        let p = try XCTUnwrap(backlog.windowFrame(of: card)).center
        scene.handle(.pointerDown(p, .left, []), now: 1)
        scene.handle(.pointerUp(p, .left, []), now: 1.05)
        for (k, key) in [Key.space, .right, .space].enumerated() {
            scene.handle(.key(key, []), now: 1.1 + Double(k) * 0.1)
            scene.manager.update(now: 1.15 + Double(k) * 0.1)
        }
        scene.manager.update(now: 5)
        XCTAssertTrue(today.items[0].contains(card), "the card is on today")
        XCTAssertFalse(backlog.items[0].contains(card))
        XCTAssertEqual(backlog.items.map(\.listedCount), [0, 0], "the run split around the card")
        XCTAssertNil(scene.consistencyProblem())

        scene.manager.undo(now: 6)
        scene.manager.update(now: 9)
        XCTAssertEqual(scene.boardItems, before, "undo puts it back")
        XCTAssertEqual(backlog.items[0], ItemList(identifiers: 0..<50_000), "one run again")
        XCTAssertEqual(backlog.lengths.sections.map(\.hasRepeatedPeriod), [true, true])
        scene.manager.redo(now: 10)
        scene.manager.update(now: 13)
        XCTAssertTrue(today.items[0].contains(card))
        XCTAssertEqual(backlog.items.map(\.listedCount), [0, 0])
        XCTAssertNil(scene.consistencyProblem())
    }

    func testGeneratedCardsLookAlikeEveryLookPeriod() {
        let metrics = BoardCardMetrics(measurer: EstimatedTextMeasurer())
        for id in [0, 1, 3, 7, 83, 84, 250, 419, 420, 1_003, 99_999] {
            let a = BoardsScene.backlogCard(id), b = BoardsScene.backlogCard(id + BoardsScene.lookPeriod)
            XCTAssertEqual(a.text, b.text, "card \(id)")
            XCTAssertEqual(a.lockedTo, b.lockedTo, "card \(id)")
            XCTAssertEqual(metrics.height(a, width: 300), metrics.height(b, width: 300), "card \(id)")
        }
    }
}
