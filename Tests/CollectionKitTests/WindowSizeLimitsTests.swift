import CollectionKit
import XCTest

/// Window size limits are a value the app sets; the engine's default only bounds what can be rendered.
final class WindowSizeLimitsTests: XCTestCase {
    func testTheDefaultTakesAnySizeThatCanBeRendered() {
        let any = WindowSizeLimits()
        XCTAssertTrue(any.contains(Size(1, 1)))
        XCTAssertTrue(any.contains(Size(16384, 16384)))
        XCTAssertFalse(any.contains(Size(0.5, 100)))
        XCTAssertFalse(any.contains(Size(16385, 100)))
        XCTAssertEqual(any.summary, "1x1 to 16384x16384")
    }

    func testAnAppsMinimumIsKeptAndNaNIsNeverInside() {
        let limits = WindowSizeLimits(minimum: Size(320, 240), maximum: Size(2000, 1500))
        XCTAssertTrue(limits.contains(Size(320, 240)))
        XCTAssertFalse(limits.contains(Size(319, 240)))
        XCTAssertFalse(limits.contains(Size(320, 1501)))
        XCTAssertFalse(limits.contains(Size(.nan, 300)))
        XCTAssertFalse(limits.contains(Size(.infinity, 300)))
        XCTAssertEqual(limits.summary, "320x240 to 2000x1500")
    }
}
