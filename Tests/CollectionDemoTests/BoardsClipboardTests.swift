import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The boards' clipboard, headless with a clipboard in memory: pasted lines become cards on the
/// focused board as one edit, and copying puts what the selected cards say there in board order.
final class BoardsClipboardTests: XCTestCase {
    private func start() throws -> (HeadlessDriver<App>, BoardsScene, MemoryClipboard) {
        let clipboard = MemoryClipboard()
        var config = SceneConfig()
        config.textServices = TextServicesBox(TextServices(clipboard: clipboard))
        let app = try App(scene: "boards", size: Size(1280, 800), config: config)
        let driver = HeadlessDriver(root: app, fps: 60)
        try driver.play(script: "wait 50")
        return (driver, app.currentScene as! BoardsScene, clipboard)
    }

    private func clickCard(_ scene: BoardsScene, _ name: String, _ i: Int, ctrl: Bool = false) throws -> String {
        let board = try XCTUnwrap(scene.board(name))
        let frame = try XCTUnwrap(board.view.layout.attributesForItem(at: ItemPath(item: i))?.frame)
        let p = board.view.windowRect(fromContent: frame).center
        let mods = ctrl ? " left ctrl" : ""
        return "move \(Int(p.x)) \(Int(p.y)) 30\ndown \(Int(p.x)) \(Int(p.y))\(mods)\nup \(Int(p.x)) \(Int(p.y))\nwait 50\n"
    }

    func testPastedLinesAreCardsOnTheFocusedBoardAndOneUndoTakesThemBack() throws {
        let (driver, scene, clipboard) = try start()
        let today = try XCTUnwrap(scene.board("today"))
        let before = Array(today.identifiers.joined())
        try driver.play(script: try clickCard(scene, "today", 0))
        clipboard.setText("Buy stamps\n\n   \n Call the bank \r\nWater the plants")
        try driver.play(script: "key ctrl+v\nwait 500")
        let after = Array(today.identifiers.joined())
        XCTAssertEqual(after.count, before.count + 3)
        XCTAssertEqual(after.suffix(3).map { scene.card($0).title },
                       ["Buy stamps", "Call the bank", "Water the plants"])
        try driver.play(script: "key ctrl+z\nwait 500")
        XCTAssertEqual(Array(today.identifiers.joined()), before, "one edit")
    }

    func testCopyingPutsWhatTheSelectedCardsSayInBoardOrder() throws {
        let (driver, scene, clipboard) = try start()
        let today = try XCTUnwrap(scene.board("today"))
        let ids = Array(today.identifiers.joined())
        // The second card first, then the first with Ctrl: the copy follows the board, not the clicks.
        try driver.play(script: try clickCard(scene, "today", 1) + clickCard(scene, "today", 0, ctrl: true) + "key ctrl+c\nwait 50")
        XCTAssertEqual(clipboard.text, ids.prefix(2).map { scene.card($0).shownText }.joined(separator: "\n"))
    }

    func testAPastedBookIsAtMostAHundredCards() {
        let text = (0..<5000).map { "line \($0)" }.joined(separator: "\n")
        XCTAssertEqual(BoardsScene.pastedTitles(text).0.count, BoardsScene.maximumPastedCards)
    }
}
