import CollectionKit
import CollectionKitTesting
import XCTest

final class InputScriptTests: XCTestCase {
    func testParsesEveryCommand() throws {
        let lines = try InputScript.parse("""
            # a comment line
            wait 250
            down 10 20
            down 10 20 right ctrl+shift   # trailing comment
            move 30 40
            move 30.5 40 120
            up 30 40 right
            wheel 0 -1.5
            key ctrl+z
            key Escape
            key +
            text hello # world
            resize 800 600
            focus lost
            focus gained
            leave
            screenshot out/a.png

            """)
        XCTAssertEqual(lines.map(\.command), [
            .wait(ms: 250),
            .down(Point(10, 20), .left, []),
            .down(Point(10, 20), .right, [.ctrl, .shift]),
            .move(Point(30, 40), overMS: nil),
            .move(Point(30.5, 40), overMS: 120),
            .up(Point(30, 40), .right),
            .wheel(dx: 0, dy: -1.5),
            .key(Key("z"), [.ctrl]),
            .key(.escape, []),
            .key(Key("+"), []),
            .text("hello # world"),
            .resize(Size(800, 600)),
            .focus(gained: false),
            .focus(gained: true),
            .leave,
            .screenshot(path: "out/a.png"),
        ])
        XCTAssertEqual(lines.map(\.number), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17])
        XCTAssertThrowsError(try InputScript.parse("leave now"), "leave takes no arguments")
    }

    func testBadLinesNameTheirLineNumber() {
        let cases: [(String, Int, String)] = [
            ("wait", 1, "expected 'wait MS'"),
            ("wait -5", 1, "must not be negative"),
            ("\n\ndown x 1", 3, "X must be a number"),
            ("down 1 2 sideways", 1, "unknown button 'sideways'"),
            ("move 1", 1, "expected 'move X Y [MS]'"),
            ("wheel 1", 1, "expected 'wheel DX DY'"),
            ("key hyper+z", 1, "unknown modifiers"),
            ("resize 0 10", 1, "resize: W must be between 200 and 16384"),
            ("focus away", 1, "expected 'lost' or 'gained'"),
            ("screenshot a.jpg", 1, "must end in .png"),
            ("jump 1 2", 1, "unknown command 'jump'"),
            ("text", 1, "text needs a STRING"),
            ("wait 10\nup 1 2 3 4", 2, "expected 'up X Y [left|right]'"),
        ]
        for (text, line, fragment) in cases {
            XCTAssertThrowsError(try InputScript.parse(text), text) { error in
                guard let e = error as? ScriptError else { return XCTFail("not a ScriptError: \(error)") }
                XCTAssertEqual(e.line, line, text)
                XCTAssertTrue(e.message.contains(fragment), "'\(e.message)' should mention '\(fragment)'")
            }
        }
    }

    /// Timed moves are divided at the pointer's report rate, not the frame rate: the same script is
    /// the same input at every frame rate (a 20 ms flick is not one step at 30 fps and three at 144).
    func testTimelineStepsMovesEvenlyAtThePointerRateWhateverTheFrameRate() throws {
        let lines = try InputScript.parse("down 0 0\nmove 100 0 100\nup 100 0")
        let at60 = ScriptTimeline(lines, fps: 60)
        let moves = at60.entries.filter { if case .input(.pointerMove) = $0.action { return true }; return false }
        XCTAssertEqual(moves.count, 12, "100 ms at 120 positions a second is twelve steps")
        XCTAssertEqual(moves.last?.time ?? 0, 0.1, accuracy: 1e-9)
        if case let .input(.pointerMove(p, _)) = moves[5].action { XCTAssertEqual(p.x, 50, accuracy: 1e-9) } else { XCTFail() }
        for fps in [30.0, 144] {
            let other = ScriptTimeline(lines, fps: fps)
            XCTAssertEqual(other.entries, at60.entries, "the same input at \(fps) fps")
            XCTAssertEqual(other.endTime, 0.1, accuracy: 1e-9)
        }
    }

    func testModifiersHeldFromDownReachMovesAndUp() throws {
        let t = ScriptTimeline(try InputScript.parse("down 0 0 left shift\nmove 5 5\nup 5 5"), fps: 60)
        XCTAssertEqual(t.entries.map(\.action), [
            .input(.pointerDown(Point(0, 0), .left, [.shift])),
            .input(.pointerMove(Point(5, 5), [.shift])),
            .input(.pointerUp(Point(5, 5), .left, [.shift])),
        ])
    }
}
