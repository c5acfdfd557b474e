import CollectionKit
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
        XCTAssertEqual(scene.card(AnyHashable(123_453)), BoardCard(id: 123_453, title: "Card 123453", lockedTo: "backlog", text: BoardCard.task(for: 123_453)))
        XCTAssertEqual(scene.card(AnyHashable(7)), BoardCard(id: 7, title: "Card 7", lockedTo: nil, text: BoardCard.task(for: 7)))
        // Before the backlog has a width, a card's height is the minimum; its text sizes it after.
        XCTAssertEqual(scene.board("backlog")!.length(at: ItemPath(item: 7, section: 0)), BoardCardMetrics.minimumHeight)
        XCTAssertNil(scene.consistencyProblem())
    }
}
