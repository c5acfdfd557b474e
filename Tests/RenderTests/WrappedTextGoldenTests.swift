import CollectionDemo
import CollectionKit
import CollectionKitTesting
import CollectionKitSDL
import XCTest

/// Cards whose text wraps, at the default window and the smallest one: the rearrange scene's
/// notes and the boards' cards, each as tall as its wrapped text, no line past its card.
final class WrappedTextGoldenTests: XCTestCase {
    private func notes(_ size: Size) throws -> (Image, App) {
        var config = SceneConfig(items: 60)
        config.rearrangeLayout = "waterfall"
        return try Golden.render(scene: "rearrange", size: size, config: config)
    }

    func testNotesAtTheDefaultSize() throws {
        let (image, app) = try notes(Size(width: 1280, height: 800))
        XCTAssertTrue(app.dumpState()["collections"]?[0]?["lines"]?.arrayValue?.allSatisfy { ($0.doubleValue ?? 0) >= 2 } ?? false)
        try Golden.assertMatches(image, named: "wrapped-notes-default")
    }

    func testNotesAtTheSmallestWindow() throws {
        let (image, _) = try notes(App.windowSizeLimits.minimum)
        try Golden.assertMatches(image, named: "wrapped-notes-smallest")
    }

    func testBoardsCardsAtTheDefaultSize() throws {
        let (image, _) = try Golden.render(scene: "boards", size: Size(width: 1280, height: 800))
        try Golden.assertMatches(image, named: "wrapped-boards-default")
    }

    func testBoardsCardsAtTheSmallestWindow() throws {
        let (image, _) = try Golden.render(scene: "boards", size: App.windowSizeLimits.minimum)
        try Golden.assertMatches(image, named: "wrapped-boards-smallest")
    }
}
