import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import Foundation
import XCTest

/// What the demo remembers between runs: saved when it changes (after a quiet second), put back
/// at start, and the rules for files it cannot use.
final class RememberedStateTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "remembered-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// An app as the executable makes it: the store read first, its state handed to the app.
    private func launch(scene: String, config: SceneConfig = SceneConfig(), size: Size = Size(width: 1280, height: 800))
        throws -> (app: App, driver: HeadlessDriver<App>, loaded: StateStore.Loaded) {
        let store = StateStore(directory: directory)
        let loaded = store.load()
        let app = try App(scene: scene, size: size, config: config, remembered: loaded.state)
        app.stateStore = store
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.05)
        return (app, driver, loaded)
    }

    private func play(_ app: App, _ driver: HeadlessDriver<App>, _ script: String) throws {
        try driver.play(script: script)
    }

    /// Focuses the backlog's first card and carries it to Today with the keyboard.
    private let moveFirstCardToToday = "down 100 110\nup 100 110\nwait 100\nkey Space\nwait 100\nkey Right\nwait 100\nkey Space\n"

    private var statePath: String { directory + "/state.json" }
    private var fileExists: Bool { FileManager.default.fileExists(atPath: statePath) }

    private func items(_ app: App, _ board: String) -> [Int] {
        (app.currentScene as! BoardsScene).boardItems[board]!.joined().map { $0 }
    }

    func testBoardsAreSavedAQuietSecondAfterAChangeAndComeBack() throws {
        let first = try launch(scene: "boards")
        try play(first.app, first.driver, moveFirstCardToToday)
        XCTAssertEqual(items(first.app, "today").first, 0)
        XCTAssertFalse(fileExists, "not written while changes may still come")
        first.driver.advance(to: first.driver.now + App.stateSaveDelay + 0.1)
        XCTAssertTrue(fileExists, "written once the state has been quiet for a second")

        let second = try launch(scene: "boards")
        XCTAssertNil(second.loaded.notice)
        XCTAssertEqual(items(second.app, "today"), items(first.app, "today"))
        XCTAssertEqual(items(second.app, "backlog"), items(first.app, "backlog"))
        XCTAssertEqual(second.app.dumpState()["stateFile"]?.stringValue, statePath)
    }

    func testAHeldDragDoesNotKeepTheWindowAwakeForTheSave() throws {
        let run = try launch(scene: "boards")
        try play(run.app, run.driver, "down 100 110\nup 100 110\nwait 100\nkey Space\nwait 2000\n")
        XCTAssertTrue(run.app.currentScene.isDragging)
        let t = run.driver.now
        XCTAssertEqual(run.app.nextDeadline(after: t), run.app.currentScene.nextDeadline(after: t),
                       "the change waits for the drop; no frame is due for it meanwhile")
        XCTAssertFalse(fileExists, "nothing written mid-drag")
    }

    func testTheLastSceneAndWindowSizeAreRemembered() throws {
        let first = try launch(scene: "grid")
        try play(first.app, first.driver, "key 3\nresize 900 640\nwait 1200\n")
        let state = try XCTUnwrap(StateStore(directory: directory).load().state)
        XCTAssertEqual(state.scene, "rearrange")
        XCTAssertEqual(state.windowWidth, 900)
        XCTAssertEqual(state.windowHeight, 640)
    }

    func testTheRearrangedOrderIsKeptPerLayout() throws {
        var config = SceneConfig(items: 30)
        config.rearrangeLayout = "waterfall"
        let first = try launch(scene: "rearrange", config: config)
        let scene = first.app.currentScene as! RearrangeScene
        let moved = Array(0..<30).movingElement(from: 0, to: 2)
        XCTAssertTrue(scene.restoreOrder(moved))
        first.app.handle(.key(Key("z"), []), now: first.driver.now) // any key marks a possible change
        first.app.saveRememberedState()

        let again = try launch(scene: "rearrange", config: config)
        XCTAssertEqual((again.app.currentScene as! RearrangeScene).ids, moved)
        config.rearrangeLayout = "grid"
        let grid = try launch(scene: "rearrange", config: config)
        XCTAssertEqual((grid.app.currentScene as! RearrangeScene).ids, Array(0..<30), "the grid was never rearranged")
    }

    func testAnOrderThatMovesAPinnedTileIsRefused() throws {
        let scene = try RearrangeScene(itemCount: 10, layoutNamed: "grid")
        XCTAssertFalse(scene.restoreOrder([6, 1, 2, 3, 4, 5, 0, 7, 8, 9]), "tile 6 is pinned to its slot")
        XCTAssertFalse(scene.restoreOrder([0, 0, 2, 3, 4, 5, 6, 7, 8, 9]))
        XCTAssertEqual(scene.ids, Array(0..<10))
    }

    func testTheMosaicsCardsAndStylesComeBackForTheSamePreset() throws {
        var config = SceneConfig()
        config.options["mosaic-preset"] = ["mixed"]
        let first = try launch(scene: "mosaic", config: config)
        let mosaic = first.app.currentScene as! MosaicScene
        var model = mosaic.model
        model.styles[1] = .regular
        model.order.swapAt(0, 5)
        model.setName("Summer trip", of: 3)
        XCTAssertTrue(mosaic.restore(model))
        first.app.handle(.key(Key("x"), []), now: first.driver.now)
        first.app.saveRememberedState()

        let again = try launch(scene: "mosaic", config: config)
        XCTAssertEqual((again.app.currentScene as! MosaicScene).model, model)
        XCTAssertEqual((again.app.currentScene as! MosaicScene).model.name(of: 3), "Summer trip", "a card's name comes back")
        config.options["mosaic-preset"] = ["compact"]
        let other = try launch(scene: "mosaic", config: config)
        XCTAssertEqual((other.app.currentScene as! MosaicScene).model, MosaicModel(preset: .compact), "another preset starts afresh")
    }

    func testADifferentItemCountStartsTheBoardsFromTheDefaults() throws {
        let first = try launch(scene: "boards")
        try play(first.app, first.driver, moveFirstCardToToday + "wait 1200\n")
        XCTAssertTrue(fileExists)
        let other = try launch(scene: "boards", config: SceneConfig(items: 10))
        XCTAssertEqual(items(other.app, "backlog"), Array(0..<10))
    }

    func testACorruptFileIsMovedAsideWithANoticeAndTheDefaultsAreUsed() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"scene\": ".utf8).write(to: URL(fileURLWithPath: statePath))
        let run = try launch(scene: "boards")
        XCTAssertNil(run.loaded.state)
        XCTAssertTrue(run.loaded.notice?.contains("state.json.bad") ?? false, run.loaded.notice ?? "no notice")
        XCTAssertFalse(fileExists)
        XCTAssertEqual(try String(contentsOfFile: statePath + ".bad", encoding: .utf8), "{\"version\": 1, \"scene\": ")
        XCTAssertEqual(items(run.app, "backlog"), Array(0..<40))
    }

    func testAFileOfAnotherShapeIsMovedAsideToo() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("{\"windows\": [1, 2]}".utf8).write(to: URL(fileURLWithPath: statePath))
        let loaded = StateStore(directory: directory).load()
        XCTAssertNil(loaded.state)
        XCTAssertNotNil(loaded.notice)
        XCTAssertTrue(FileManager.default.fileExists(atPath: statePath + ".bad"))
    }

    func testAFileFromANewerVersionIsLeftAloneAndNeverOverwritten() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let newer = "{\"version\": \(RememberedState.currentVersion + 1), \"scene\": \"boards\", \"tabs\": []}"
        try Data(newer.utf8).write(to: URL(fileURLWithPath: statePath))
        let run = try launch(scene: "boards")
        XCTAssertNil(run.loaded.state)
        XCTAssertTrue(run.loaded.notice?.contains("newer version") ?? false, run.loaded.notice ?? "no notice")
        try play(run.app, run.driver, moveFirstCardToToday + "wait 1200\n")
        run.app.saveRememberedState()
        XCTAssertEqual(try String(contentsOfFile: statePath, encoding: .utf8), newer)
        XCTAssertFalse(FileManager.default.fileExists(atPath: statePath + ".bad"))
    }

    func testRemembersNothingWithoutAStore() throws {
        let app = try App(scene: "boards", size: Size(width: 1280, height: 800))
        let driver = HeadlessDriver(root: app, fps: 60)
        try play(app, driver, moveFirstCardToToday + "wait 1200\n")
        XCTAssertEqual(app.dumpState()["stateFile"], .null)
        XCTAssertEqual(app.dumpState()["scale"], .number(1))
    }

    func testTheDefaultDirectoryFollowsXDG() {
        XCTAssertEqual(StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]), "/x/state/collection-demo")
        XCTAssertEqual(StateStore.defaultDirectory(environment: ["HOME": "/home/u"]), "/home/u/.local/state/collection-demo")
        XCTAssertEqual(StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"]),
                       "/home/u/.local/state/collection-demo", "a relative XDG_STATE_HOME is ignored")
    }
}

private extension Array {
    func movingElement(from: Int, to: Int) -> [Element] {
        var a = self
        a.insert(a.remove(at: from), at: to)
        return a
    }
}

extension RememberedStateTests {
    func testAHugeSceneIsNotRememberedAndLeavesTheRestAlone() throws {
        let app = try App(scene: "rearrange", size: Size(width: 1280, height: 800), config: SceneConfig(items: RememberedState.itemLimit + 1))
        var before = RememberedState()
        before.rearrange = ["grid": .init(order: [1, 0])]
        before.take(from: app.currentScene, config: app.config)
        XCTAssertEqual(before.rearrange?["grid"]?.order, [1, 0])
    }
}

/// Numbers read from the state file are checked as flags are.
extension RememberedStateTests {
    /// Writes the boards as a run leaves them, with `edit` applied to the JSON text.
    private func writeBoardsState(_ edit: (String) -> String) throws {
        let first = try launch(scene: "boards")
        try play(first.app, first.driver, moveFirstCardToToday + "wait 1200\n")
        let text = try String(contentsOfFile: statePath, encoding: .utf8)
        let edited = edit(text)
        XCTAssertNotEqual(edited, text, "the edit applies")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: statePath))
    }

    private func paletteCopyScript(_ scene: BoardsScene) -> String {
        func center(_ name: String, _ item: Int) -> Point {
            let b = scene.board(name)!
            return b.view.windowRect(fromContent: b.view.layout.attributesForItem(at: ItemPath(item: item, section: 0))!.frame).center
        }
        let from = center("palette", 1), to = scene.board("later")!.view.frame.center
        return "down \(from.x) \(from.y)\nmove \(from.x + 10) \(from.y + 4) 50\nmove \(to.x) \(to.y) 300\nwait 200\nup \(to.x) \(to.y)\nwait 600\n"
    }

    func testANextIdentifierAtTheTopOfIntIsRefusedAndAPaletteCopyStillWorks() throws {
        try writeBoardsState { $0.replacingOccurrences(of: #""nextID":\d+"#, with: "\"nextID\":\(Int64.max)", options: .regularExpression) }
        let run = try launch(scene: "boards")
        XCTAssertNil(run.loaded.state?.boards)
        XCTAssertEqual(run.loaded.state?.scene, "boards", "the sections that could be read are kept")
        let notice = try XCTUnwrap(run.loaded.notice)
        XCTAssertTrue(notice.contains("boards.nextID = \(Int64.max)"), notice)
        XCTAssertTrue(notice.contains("The remembered boards could not be read"), notice)
        XCTAssertTrue(FileManager.default.fileExists(atPath: statePath + ".bad"))
        XCTAssertEqual(items(run.app, "backlog"), Array(0..<40), "the defaults")
        let scene = run.app.currentScene as! BoardsScene
        try play(run.app, run.driver, paletteCopyScript(scene))
        let later = items(run.app, "later")
        XCTAssertEqual(later.count, 1)
        XCTAssertFalse(scene.initialIDs.contains(later[0]), "a new identifier")
    }

    func testEveryIdentifierAndCountIsRangeChecked() throws {
        let cases: [(String, String, String)] = [
            (#""backlogCount":40"#, "\"backlogCount\":-1", "boards.backlogCount = -1"),
            (#"{"id":0,"#, "{\"colorID\":\(Int.max),\"id\":0,", "boards.cards.colorID = \(Int.max)"),
            (#""id":0,"#, "\"id\":-5,", "boards.cards.id = -5"),
        ]
        for (pattern, replacement, named) in cases {
            try? FileManager.default.removeItem(atPath: directory)
            var state = RememberedState()
            state.boards = .init(backlogCount: 40, nextID: 100, cards: [.init(id: 0, title: "a", lockedTo: nil, kind: nil, colorID: nil)],
                                 items: ["backlog": [[0]]])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let text = String(decoding: try encoder.encode(state), as: UTF8.self)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let edited = text.replacingOccurrences(of: pattern, with: replacement)
            XCTAssertNotEqual(edited, text, pattern)
            try Data(edited.utf8).write(to: URL(fileURLWithPath: statePath))
            let loaded = StateStore(directory: directory).load()
            XCTAssertNotNil(loaded.state, "the rest is kept")
            XCTAssertNil(loaded.state?.boards, named)
            XCTAssertTrue(loaded.notice?.contains(named) ?? false, loaded.notice ?? "no notice for \(named)")
        }
        var mosaic = RememberedState()
        mosaic.mosaic = .init(preset: "long", count: 3, values: [0, Int.max, 2], styles: [], allowsMenu: [], order: [0, 1, 2])
        XCTAssertEqual(mosaic.outOfRangeNumber(), "mosaic.values = \(Int.max) (0 to \(RememberedState.identifierLimit - 1))")
        mosaic.mosaic?.values = [0, 1, 2]
        XCTAssertNil(mosaic.outOfRangeNumber())
        mosaic.rearrange = ["grid": .init(order: [1, -1])]
        XCTAssertEqual(mosaic.outOfRangeNumber(), "rearrange.grid.order = -1 (0 to \(RememberedState.identifierLimit - 1))")
    }
}

/// Text read from the state file is bounded too.
extension RememberedStateTests {
    /// A megabyte of title (no card can be given one in the window) delayed start-up by 15.8 s
    /// while the card measured and wrapped it: it is shortened when read, with a notice.
    func testAHugeCardTitleIsShortenedWhenRead() throws {
        try writeBoardsState { text in
            text.replacingOccurrences(of: "{\"id\":1,\"title\":\"Review\"}", with: "{\"id\":1,\"title\":\"\(String(repeating: "word ", count: 200_000))\"}")
        }
        let run = try launch(scene: "boards")
        let notice = try XCTUnwrap(run.loaded.notice)
        XCTAssertTrue(notice.contains("1 title or name in \(statePath) was longer than its limit"), notice)
        let card = (run.app.currentScene as! BoardsScene).card(1)
        // The work is counted, not timed: the card measures and wraps no more than the limit.
        XCTAssertEqual(card.title.count, RememberedState.titleLimit)
        XCTAssertTrue(card.title.hasPrefix("word word "))
        XCTAssertEqual(items(run.app, "today").first, 0, "the rest of the boards came back")
    }
}

/// Every state the app writes is one the next start reads; one it cannot read whole keeps the rest.
extension RememberedStateTests {
    /// From `nextID` 2147483647 two palette copies wrote 2147483649, which the next start
    /// refused, and all remembered state went with it.
    func testPaletteCopiesAtTheLastIdentifierWriteAStateTheNextStartReads() throws {
        try writeBoardsState { $0.replacingOccurrences(of: #""nextID":\d+"#, with: "\"nextID\":\(RememberedState.identifierLimit - 1)",
                                                         options: .regularExpression) }
        let run = try launch(scene: "boards")
        XCTAssertNil(run.loaded.notice)
        let scene = run.app.currentScene as! BoardsScene
        try play(run.app, run.driver, paletteCopyScript(scene) + paletteCopyScript(scene) + paletteCopyScript(scene) + "wait 1200\n")
        let later = items(run.app, "later")
        XCTAssertEqual(later.count, 3)
        XCTAssertEqual(Set(later).count, 3, "three cards, three identifiers")
        XCTAssertTrue(later.allSatisfy { $0 < RememberedState.identifierLimit && !scene.initialIDs.contains($0) }, "\(later)")
        let again = try launch(scene: "boards")
        XCTAssertNil(again.loaded.notice)
        XCTAssertEqual(items(again.app, "later"), later, "the copies came back")
        XCTAssertEqual(items(again.app, "today").first, 0, "and the card moved before them")
    }

    /// A section that does not decode is named and left out; the others come back.
    func testASectionThatCannotBeReadIsNamedAndTheRestIsKept() throws {
        try writeBoardsState { $0.replacingOccurrences(of: #"{"boards""#, with: #"{"mosaic":17,"rearrange":{"grid":{"order":"x"}},"boards""#) }
        let run = try launch(scene: "boards")
        let notice = try XCTUnwrap(run.loaded.notice)
        XCTAssertTrue(notice.contains("The remembered mosaic could not be read"), notice)
        XCTAssertTrue(notice.contains("The remembered rearrange could not be read"), notice)
        XCTAssertFalse(notice.contains("remembered boards"), notice)
        XCTAssertEqual(items(run.app, "today").first, 0, "the boards came back")
        XCTAssertTrue(FileManager.default.fileExists(atPath: statePath + ".bad"), "the file as it was is kept")
    }

    /// A 10 MB name in the state file hung every start: it is cut to the field's limit when read.
    func testAHugeMosaicNameIsShortenedToTheFieldsLimitWhenRead() throws {
        var state = RememberedState()
        state.scene = "mosaic"
        state.mosaic = .init(preset: "long", count: 3, values: [0, 1, 2], styles: [], allowsMenu: [], order: [0, 1, 2],
                             names: ["1": String(repeating: "name ", count: 2_000_000), "2": "short"])
        let shortened = state.shortenLongTitles()
        XCTAssertEqual(shortened, 1)
        XCTAssertEqual(state.mosaic?.names?["1"]?.count, TextLimits.mosaicName)
        XCTAssertEqual(state.mosaic?.names?["2"], "short")
    }

    /// The limit the loader keeps is the one the boards' field stops at: nothing typed is cut later.
    func testTheFieldTheLoaderAndThePasteShareOneTitleLimit() throws {
        XCTAssertEqual(RememberedState.titleLimit, TextLimits.cardTitle)
        let run = try launch(scene: "boards")
        let scene = run.app.currentScene as! BoardsScene
        let (titles, cut) = BoardsScene.pastedTitles("short\n" + String(repeating: "y", count: 2_000_000) + "\nbell\u{7}\u{1B}[0m")
        XCTAssertTrue(cut)
        XCTAssertEqual(titles.map(\.count), [5, TextLimits.cardTitle, 7])
        XCTAssertEqual(titles[2], "bell[0m", "control characters dropped")
        _ = scene
    }
}
