import CollectionKit
import CollectionKitTesting
@testable import CollectionDemo
import XCTest

/// Seeded random input in every drag scene: after each sequence every card is where exactly one
/// board (or the trash) says it is, palette copies included, and nothing is left hidden.
final class DragPropertyTests: XCTestCase {
    private func check(_ scene: String, sequences: Int) throws {
        let check = DragPropertyCheck(scene: scene, generator: SeededGenerator.init(seed:))
        var dragged = 0
        for seed in 1...UInt64(sequences) {
            let result = try check.run(seed: seed)
            if let problem = result.problem {
                XCTFail("\(scene), seed \(seed): \(problem)")
                return
            }
            if result.dragged { dragged += 1 }
        }
        // A check whose input never drags tests nothing.
        XCTAssertGreaterThan(dragged, sequences / 3, "\(scene): too few sequences dragged anything")
    }

    func testBoardsUnderRandomInput() throws { try check("boards", sequences: 1000) }

    func testRearrangeUnderRandomInput() throws { try check("rearrange", sequences: 250) }
}
