import CollectionDemo
import CollectionKit
import CollectionKitTesting
@testable import CollectionKitSDL
import XCTest

/// Typing into a card's field in the demo window redraws the field and nothing else: every box
/// the partial redraw sends while a title is typed lies within the field's frame, and the pixels
/// are those of a frame drawn whole.
final class TypingDamageTests: XCTestCase {
    func testTypingIntoANewCardDamagesOnlyTheField() throws {
        let size = Size(width: 1280, height: 800)
        let partial = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        let whole = try HeadlessCanvas(size: size, fonts: try Golden.fonts())
        whole.drawer.redrawsWholeFrame = true
        var config = SceneConfig()
        config.textMeasurer = TextMeasurerBox(partial.measurer)
        let app = try App(scene: "boards", size: size, config: config)
        let driver = HeadlessDriver(root: app, fps: 60)
        var typing = false
        var frames: [[PixelBox]?] = []
        driver.render = { list in
            partial.render(list)
            whole.render(list)
            if let at = partial.firstDifference(from: whole) { XCTFail("drawn in part differs from drawn whole at \(at.x),\(at.y)") }
            if typing { frames.append(partial.drawer.changedBoxes) }
        }
        // The field opens and whatever moves with it settles before the typing starts.
        try driver.play(script: "wait 300\nkey ctrl+n\nwait 800")
        let field = try XCTUnwrap(app.currentScene.composition.textFields.first?.frame, "Ctrl+N opened a field")
        typing = true
        try driver.play(script: "text \"M\"\nwait 40\ntext \"i\"\nwait 40\ntext \"l\"\nwait 40\ntext \"k\"\nwait 40\nkey BackSpace\nwait 40")
        typing = false
        XCTAssertEqual(app.currentScene.composition.textFields.first?.text, "Mil")
        XCTAssertEqual(app.currentScene.composition.textFields.first?.frame, field, "the field did not move")
        let bound = PixelBox(covering: field, margin: 2)
        var damaged = PixelBox.empty
        for (i, boxes) in frames.enumerated() {
            guard let boxes else { XCTFail("frame \(i) while typing was drawn whole"); continue }
            for b in boxes {
                XCTAssertEqual(b.intersection(bound), b, "frame \(i): a damaged box \(b) outside the field \(bound)")
                damaged = damaged.union(b)
            }
        }
        XCTAssertFalse(damaged.isEmpty, "typing redrew something")
        print("typing: \(frames.count) frames; damage within x \(damaged.x0)..<\(damaged.x1), y \(damaged.y0)..<\(damaged.y1); field \(bound)")
    }
}
