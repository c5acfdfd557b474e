import CollectionKit
import CollectionKitSDL
import XCTest

/// Where an app draws nothing the window shows the scheme's standard background, and a scheme
/// changed while the window runs repaints all of it (a frame drawn in part would keep the old one).
final class StandardBackgroundTests: XCTestCase {
    override func tearDown() { Appearance.colorScheme = .dark }

    func testTheUndrawnPartFollowsTheScheme() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 60, height: 40), fonts: try Golden.fonts())
        var list = DrawList()
        list.fill(Rect(10, 10, 20, 20), Color(r: 200, g: 0, b: 0))
        func corner() -> UInt32 { canvas.capture().pixels[0] & 0xFF_FFFF }
        func tile() -> UInt32 { canvas.capture().pixels[15 * 60 + 15] & 0xFF_FFFF }
        canvas.render(list)
        XCTAssertEqual(corner(), 0x000000)
        Appearance.colorScheme = .light
        canvas.render(list)
        XCTAssertEqual(corner(), 0xF5F6F8, "the same frame again, light: repainted although no command changed")
        XCTAssertEqual(tile(), 0xC80000)
        Appearance.colorScheme = .dark
        canvas.render(list)
        XCTAssertEqual(corner(), 0x000000)
        XCTAssertEqual(tile(), 0xC80000)
    }
}
