import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import CollectionKitSDL
import XCTest

/// The carousel at rest on its first, a middle and its last card, in both alignments.
final class CarouselGoldenTests: XCTestCase {
    private func render(align: String, script: String, expectIndex: Int, named name: String,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        var config = SceneConfig()
        config.carouselAlignment = align
        let (image, app) = try Golden.render(scene: "carousel", config: config, script: script)
        let state = app.dumpState()["collections"]?[0]
        XCTAssertEqual(state?["centeredIndex"]?.doubleValue, Double(expectIndex), file: file, line: line)
        XCTAssertEqual(state?["alignment"]?.stringValue, align, file: file, line: line)
        try Golden.assertMatches(image, named: name, file: file, line: line)
    }

    private let middle = (0..<5).map { _ in "key Right\nwait 60" }.joined(separator: "\n") + "\nwait 1500"

    func testCentredFirstCard() throws {
        try render(align: "center", script: "wait 100", expectIndex: 0, named: "carousel-center-first")
    }
    func testCentredMiddleCard() throws {
        try render(align: "center", script: middle, expectIndex: 5, named: "carousel-center-middle")
    }
    func testCentredLastCard() throws {
        try render(align: "center", script: "key End\nwait 1500", expectIndex: 11, named: "carousel-center-last")
    }
    func testEdgeAlignedFirstCard() throws {
        try render(align: "edges", script: "wait 100", expectIndex: 0, named: "carousel-edges-first")
    }
    func testEdgeAlignedMiddleCard() throws {
        try render(align: "edges", script: middle, expectIndex: 5, named: "carousel-edges-middle")
    }
    func testEdgeAlignedLastCard() throws {
        try render(align: "edges", script: "key End\nwait 1500", expectIndex: 11, named: "carousel-edges-last")
    }
}
