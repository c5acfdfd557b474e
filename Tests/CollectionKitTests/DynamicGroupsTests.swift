@testable import CollectionKit
import XCTest

/// Seed 004's dynamic groups: the choice for every (previous, current, next) combination, runs of
/// compacts that the seed's table would drop, and literal frames for the seed's three examples.
final class DynamicGroupsTests: XCTestCase {
    func testEveryPreviousCurrentNextCombination() {
        let neighbours: [ItemStyle?] = [nil, .compact, .regular]
        for previous in neighbours {
            for next in neighbours {
                XCTAssertEqual(DynamicGroups.choose(previous: previous, current: .regular, next: next), .regular,
                               "(\(String(describing: previous)), regular, \(String(describing: next)))")
            }
            XCTAssertEqual(DynamicGroups.choose(previous: previous, current: .compact, next: .compact), .compactPair,
                           "(\(String(describing: previous)), compact, compact): the seed answers nil after a compact")
            XCTAssertEqual(DynamicGroups.choose(previous: previous, current: .compact, next: .regular), .compactOrphan)
            XCTAssertEqual(DynamicGroups.choose(previous: previous, current: .compact, next: nil), .compactOrphan)
        }
    }

    func testRunsOfOneToNineCompactsPairGreedilyAndKeepEveryItem() {
        for n in 1...9 {
            let styles = [ItemStyle.regular] + Array(repeating: .compact, count: n) + [.regular]
            let kinds = DynamicGroups.kinds(for: styles)
            let expected: [DynamicGroupKind] = [.regular] + Array(repeating: .compactPair, count: n / 2)
                + (n % 2 == 1 ? [.compactOrphan] : []) + [.regular]
            XCTAssertEqual(kinds, expected, "run of \(n)")
            XCTAssertEqual(kinds.reduce(0) { $0 + $1.itemCount }, styles.count, "no item dropped in a run of \(n)")
            // And the layout places every item, each in its own place.
            var l = CompositionalLayout { _, _ in DynamicGroups.section(spacing: 16) { styles[$0] } }
            l.prepare(LayoutContext(boundsSize: Size(width: 400, height: 800), itemCounts: [styles.count]))
            let frames = (0..<styles.count).compactMap { l.attributesForItem(at: ItemPath(item: $0))?.frame }
            XCTAssertEqual(frames.count, styles.count)
            XCTAssertEqual(Set(frames.map { "\($0)" }).count, styles.count, "frames overlap in a run of \(n)")
            XCTAssertEqual(l.sections[0].groupCount, kinds.count)
        }
        // A run at the very start and at the very end.
        XCTAssertEqual(DynamicGroups.kinds(for: [.compact, .compact, .compact]), [.compactPair, .compactOrphan])
        XCTAssertEqual(DynamicGroups.kinds(for: []), [])
    }

    private func frames(_ styles: [ItemStyle], width: Double) -> [Rect] {
        var l = CompositionalLayout { _, _ in DynamicGroups.section(spacing: 16) { styles[$0] } }
        l.prepare(LayoutContext(boundsSize: Size(width: width, height: 800), itemCounts: [styles.count]))
        return (0..<styles.count).map { l.attributesForItem(at: ItemPath(item: $0))!.frame }
    }

    func testSeedExamplesAt400() {
        // Pair items (400 − 16) / 2 = 192 wide; rows 200 tall, 16 apart; an orphan is as wide as a pair's left item.
        XCTAssertEqual(frames(Array(repeating: .compact, count: 7), width: 400), [
            Rect(0, 0, 192, 200), Rect(208, 0, 192, 200),
            Rect(0, 216, 192, 200), Rect(208, 216, 192, 200),
            Rect(0, 432, 192, 200), Rect(208, 432, 192, 200),
            Rect(0, 648, 192, 200),
        ])
        XCTAssertEqual(frames(Array(repeating: .regular, count: 4), width: 400), [
            Rect(0, 0, 400, 200), Rect(0, 216, 400, 200), Rect(0, 432, 400, 200), Rect(0, 648, 400, 200),
        ])
        XCTAssertEqual(frames([.regular, .compact, .compact, .compact, .compact, .regular], width: 400), [
            Rect(0, 0, 400, 200),
            Rect(0, 216, 192, 200), Rect(208, 216, 192, 200),
            Rect(0, 432, 192, 200), Rect(208, 432, 192, 200),
            Rect(0, 648, 400, 200),
        ])
    }

    func testSeedExamplesAt1000() {
        XCTAssertEqual(frames(Array(repeating: .compact, count: 7), width: 1000), [
            Rect(0, 0, 492, 500), Rect(508, 0, 492, 500),
            Rect(0, 516, 492, 500), Rect(508, 516, 492, 500),
            Rect(0, 1032, 492, 500), Rect(508, 1032, 492, 500),
            Rect(0, 1548, 492, 500),
        ])
        XCTAssertEqual(frames(Array(repeating: .regular, count: 4), width: 1000), [
            Rect(0, 0, 1000, 500), Rect(0, 516, 1000, 500), Rect(0, 1032, 1000, 500), Rect(0, 1548, 1000, 500),
        ])
        XCTAssertEqual(frames([.regular, .compact, .compact, .compact, .compact, .regular], width: 1000), [
            Rect(0, 0, 1000, 500),
            Rect(0, 516, 492, 500), Rect(508, 516, 492, 500),
            Rect(0, 1032, 492, 500), Rect(508, 1032, 492, 500),
            Rect(0, 1548, 1000, 500),
        ])
    }
}
