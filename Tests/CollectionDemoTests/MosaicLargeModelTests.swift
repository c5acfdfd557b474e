import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The mosaic's model at ten million cards: a fresh one stores nothing per card, edits (move to
/// top, duplicate, delete, restyle, a drag's move) undo and redo to the right order, and undoing
/// every edit gives back the preset's order stored as nothing. The scene at ten million opens
/// with its snapshot a run of ids and only its first screens of rows formed.
final class MosaicLargeModelTests: XCTestCase {
    private let n = 10_000_000

    func testAFreshModelIsThePresetsFunction() {
        let model = MosaicModel(preset: .long, count: n)
        XCTAssertTrue(model.hasGeneratedOrder)
        XCTAssertEqual(model.count, n)
        XCTAssertEqual(model.cardCount, n)
        for id in [0, 1, 2, 3, 17, 4_999_999, n - 1] {
            XCTAssertEqual(model.card(at: id), id)
            XCTAssertEqual(model.position(of: id), id)
            XCTAssertEqual(model.value(of: id), id)
            XCTAssertEqual(model.style(of: id), MosaicPreset.long.style(id))
            XCTAssertEqual(model.allowsMenu(of: id), MosaicModel.allowsMenu(value: id))
        }
        XCTAssertNil(model.position(of: n))
        let small = MosaicModel(preset: .mixed)
        XCTAssertEqual(small.values, Array(0..<6))
        XCTAssertEqual(small.styles, (0..<6).map(MosaicPreset.mixed.style))
        XCTAssertEqual(small.allowsMenu, (0..<6).map(MosaicModel.allowsMenu(value:)))
        XCTAssertEqual(small.order, Array(0..<6))
    }

    func testEditsAtTenMillionUndoAndRedo() {
        let fresh = MosaicModel(preset: .long, count: n)
        var model = fresh
        var done: [MosaicEdit] = []
        func perform(_ edit: MosaicEdit) {
            _ = edit.apply(to: &model)
            done.append(edit)
        }
        // Move to top, from the middle.
        let middle = n / 2
        perform(.move(id: middle, from: middle, to: 0))
        XCTAssertFalse(model.hasGeneratedOrder)
        XCTAssertEqual((0..<4).map(model.card(at:)), [middle, 0, 1, 2])
        XCTAssertEqual(model.card(at: middle), middle - 1)
        XCTAssertEqual(model.card(at: middle + 1), middle + 1)
        // Duplicate card 7: a new id after it, worth the same.
        let copy = model.makeCard(value: model.value(of: 7), style: model.style(of: 7), allowsMenu: model.allowsMenu(of: 7))
        XCTAssertEqual(copy, n)
        perform(.insert(id: copy, at: model.position(of: 7)! + 1))
        XCTAssertEqual((0..<10).map(model.card(at:)), [middle, 0, 1, 2, 3, 4, 5, 6, 7, copy])
        XCTAssertEqual(model.value(of: copy), 7)
        XCTAssertEqual(model.style(of: copy), model.style(of: 7))
        // Delete card 3.
        perform(.delete(id: 3, at: model.position(of: 3)!))
        XCTAssertEqual((0..<9).map(model.card(at:)), [middle, 0, 1, 2, 4, 5, 6, 7, copy])
        // Restyle card 9 and the copy.
        let nine = model.style(of: 9)
        perform(.style(id: 9, from: nine, to: nine == .compact ? .regular : .compact))
        perform(.style(id: copy, from: model.style(of: copy), to: .regular))
        // A drag near the end.
        perform(.move(id: model.card(at: n - 2), from: n - 2, to: n - 5))
        XCTAssertEqual(model.count, n)
        XCTAssertEqual((n - 6..<n).map(model.card(at:)), [n - 6, n - 2, n - 5, n - 4, n - 3, n - 1])
        let edited = model

        // Undo everything, newest first.
        for edit in done.reversed() { _ = edit.inverse.apply(to: &model) }
        XCTAssertTrue(model.hasGeneratedOrder, "back to the preset's order, stored as nothing")
        XCTAssertEqual(model.count, n)
        XCTAssertEqual(model.style(of: 9), nine)
        XCTAssertEqual((0..<10).map(model.card(at:)), Array(0..<10))
        XCTAssertEqual(model.position(of: middle), middle)
        XCTAssertEqual(model.cardCount, n + 1, "the copy's id stays made, shown nowhere")
        XCTAssertNil(model.position(of: copy))

        // Redo everything.
        for edit in done { _ = edit.apply(to: &model) }
        XCTAssertEqual(model, edited)
        XCTAssertEqual((0..<9).map(model.card(at:)), [middle, 0, 1, 2, 4, 5, 6, 7, copy])
        XCTAssertEqual(model.style(of: copy), .regular)
    }

    func testListedAndGeneratedModelsCompareByTheirCards() {
        let fresh = MosaicModel(preset: .long, count: 50)
        let listed = MosaicModel(values: fresh.values, styles: fresh.styles, allowsMenu: fresh.allowsMenu, order: fresh.order)
        XCTAssertEqual(listed, fresh)
        var restyled = fresh
        restyled.styles[4] = fresh.style(of: 4) == .compact ? .regular : .compact
        XCTAssertNotEqual(restyled, fresh)
        restyled.styles = fresh.styles
        XCTAssertEqual(restyled, fresh)
        var moved = fresh
        moved.order.swapAt(0, 5)
        XCTAssertNotEqual(moved, fresh)
        moved.order.swapAt(0, 5)
        XCTAssertTrue(moved.hasGeneratedOrder)
    }

    func testTheTenMillionCardSceneOpensWithoutListingItsCards() throws {
        var config = SceneConfig(items: n)
        config.options["mosaic-preset"] = ["long"]
        let app = try App(scene: "mosaic", size: Size(width: 1280, height: 800), config: config)
        let driver = HeadlessDriver(root: app, fps: 60)
        driver.advance(to: 0.1)
        let scene = app.currentScene as! MosaicScene
        XCTAssertTrue(scene.model.hasGeneratedOrder)
        let layout = try XCTUnwrap(scene.collection.layout as? CompositionalLayout)
        XCTAssertLessThan(layout.sections[1].groupCount, 200)
        XCTAssertEqual(scene.collection.itemCounts, [MosaicScene.featuredCount, n])
        // Ten million cards in rows of up to six, about 200 points a row: hundreds of millions of points.
        XCTAssertGreaterThan(scene.collection.contentSize.height, 5e8)
        XCTAssertEqual(scene.collection.identifier(at: ItemPath(item: 5, section: 1)), AnyHashable(5))
    }
}
