import CollectionKit
import CollectionKitSDL
import CollectionKitTesting
import XCTest

/// The script parser refuses key names SDL never produces; this keeps its list in step with the
/// SDL the backend links.
final class SDLKeyNameTests: XCTestCase {
    func testEveryNameTheBackendProducesIsKnown() throws {
        try SDLSystem.start(headless: true)
        let names = SDLKeyNames.all()
        XCTAssertGreaterThan(names.count, 100, "SDL's keymap names its keys")
        let unknown = names.filter { !Key($0).isKnown }
        XCTAssertEqual(unknown, [], "SDL key names the script parser would refuse")
        for name in ["Escape", "PageDown", "Left Shift", "A", "1", "F12", "Keypad Enter"] {
            XCTAssertTrue(names.contains(name), "\(name) is one of SDL's names")
        }
    }
}
