import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// The demo's window sizes are its own policy, passed to everything that checks a size.
final class AppWindowSizeTests: XCTestCase {
    func testTheDemoTakes200x200To16384x16384() {
        XCTAssertEqual(App.windowSizeLimits.summary, "200x200 to 16384x16384")
        XCTAssertTrue(App.windowSizeLimits.contains(Size(200, 200)))
        XCTAssertFalse(App.windowSizeLimits.contains(Size(199, 800)))
    }

    func testAScriptResizeIsCheckedAgainstTheDemosLimits() {
        XCTAssertEqual(try InputScript.parse("resize 200 16384", windowSizes: App.windowSizeLimits).map(\.command),
                       [.resize(Size(200, 16384))])
        XCTAssertThrowsError(try InputScript.parse("wait 10\nresize 800 199", windowSizes: App.windowSizeLimits)) {
            XCTAssertEqual(($0 as? ScriptError)?.line, 2)
        }
    }
}
