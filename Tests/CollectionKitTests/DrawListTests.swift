import CollectionKit
import XCTest

final class DrawListTests: XCTestCase {
    func testScopesPushAndPopInOrder() {
        var list = DrawList()
        list.clipped(to: Rect(0, 0, 10, 10)) { list in
            list.transformed(.translate(5, 5)) { list in
                list.withOpacity(0.5) { list in list.fill(Rect(0, 0, 1, 1), .white) }
            }
        }
        XCTAssertEqual(list.commands, [
            .pushClip(Rect(0, 0, 10, 10)), .pushTransform(.translate(5, 5)), .pushOpacity(0.5),
            .fill(Rect(0, 0, 1, 1), .white, cornerRadius: 0),
            .popOpacity, .popTransform, .popClip,
        ])
        XCTAssertTrue(list.isBalanced)
    }

    func testIdentityScopesEmitNothing() {
        var list = DrawList()
        list.transformed(.identity) { $0.fill(.zero, .black) }
        list.withOpacity(1) { $0.fill(.zero, .black) }
        XCTAssertEqual(list.commands.count, 2)
    }

    func testUnbalancedListsAreDetected() {
        var list = DrawList()
        list.append(.popClip)
        list.append(.pushClip(.zero))
        XCTAssertFalse(list.isBalanced, "a pop before its push")
        var open = DrawList()
        open.append(.pushOpacity(0.3))
        XCTAssertFalse(open.isBalanced)
    }

    func testTransformsComposeLikeTheBackendAppliesThem() {
        let outer = Transform.translate(100, 0)
        let inner = Transform.scale(2, about: Point(10, 10))
        let both = outer.concatenating(inner)
        let r = Rect(5, 5, 10, 10)
        XCTAssertEqual(both.apply(r), outer.apply(inner.apply(r)))
        XCTAssertEqual(inner.apply(r), Rect(0, 0, 20, 20))
    }

    func testTextureRecordedOncePerFrame() {
        var list = DrawList()
        var calls = 0
        for _ in 0..<3 { list.recordTexture(key: "snap", size: Size(4, 4)) { calls += 1; $0.fill(.zero, .white) } }
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(list.textures.map(\.key), ["snap"])
    }


}
