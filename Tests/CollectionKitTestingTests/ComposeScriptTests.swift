import CollectionKit
import CollectionKitTesting
import XCTest

/// The script commands that type: quoted text, input-method compositions and their commit.
final class ComposeScriptTests: XCTestCase {
    func testComposeAndCommitBecomeCompositionEventsThenText() throws {
        let lines = try InputScript.parse("""
            text "a\\tb"
            compose "に" 1
            compose "にほ"   # the caret at the end
            commit
            compose "かな" 0
            compose ""
            commit
            """)
        let events = ScriptTimeline(lines, fps: 60).entries.compactMap { e -> InputEvent? in
            if case let .input(ev) = e.action { return ev }
            return nil
        }
        XCTAssertEqual(events, [.text("a\tb"), .composition("に", cursor: 1), .composition("にほ", cursor: 2),
                                .composition("", cursor: 0), .text("にほ"),
                                .composition("かな", cursor: 0), .composition("", cursor: 0)],
                       "a cancelled composition commits nothing")
    }

    func testBadComposeLinesNameTheForm() {
        for bad in ["compose にほ", "compose \"にほ\" 5", "compose \"x\" y", "text \"\\q\""] {
            XCTAssertThrowsError(try InputScript.parse(bad), bad)
        }
    }
}
