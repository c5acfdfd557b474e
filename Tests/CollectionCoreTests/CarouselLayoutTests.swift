@testable import CollectionCore
import XCTest

final class CarouselLayoutTests: XCTestCase {
    func testPlaceholder() {}
}
