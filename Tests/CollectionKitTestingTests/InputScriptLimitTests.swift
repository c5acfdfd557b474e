import CollectionKit
import CollectionKitTesting
import XCTest

/// Hostile numbers and odd text in scripts: each is refused with its line number before anything
/// runs, or read as the user meant it.
final class InputScriptLimitTests: XCTestCase {
    private func assertRefused(_ text: String, line: Int, _ fragment: String, file: StaticString = #filePath, l: UInt = #line) {
        XCTAssertThrowsError(try InputScript.parse(text), text, file: file, line: l) { error in
            guard let e = error as? ScriptError else { return XCTFail("not a ScriptError: \(error)", file: file, line: l) }
            XCTAssertEqual(e.line, line, "line of \(text.debugDescription)", file: file, line: l)
            XCTAssertTrue(e.message.contains(fragment), "'\(e.message)' should mention '\(fragment)'", file: file, line: l)
        }
    }

    func testCoordinatesOutsideTheLimitAreRefused() {
        // These trapped in the grid layout (Int of a huge Double) during a drag.
        assertRefused("down 300 140\nwait 400\nmove -2.6e99 -5.5e99\nup 10 10", line: 3, "move: X must be between -100000 and 100000")
        assertRefused("down 300 140\nmove 1500 4.2e8", line: 2, "move: Y must be between -100000 and 100000")
        assertRefused("down 1e6 10", line: 1, "down: X must be between")
        assertRefused("up 10 -1e300", line: 1, "up: Y must be between")
        XCTAssertNoThrow(try InputScript.parse("down -100000 100000\nup 100000 -100000"))
    }

    func testAbsurdDurationsAreRefused() {
        // 1e308 trapped in the timeline (Int of infinity steps); 1e10 made 600 million pointer events.
        assertRefused("move 1 1 1e308", line: 1, "move: MS must be between 0 and 60000 ms")
        assertRefused("down 1 1\nmove 1 1 1e10", line: 2, "move: MS must be between")
        assertRefused("wait 1e308", line: 1, "wait: MS must be between 0 and 3600000 ms")
        assertRefused("wait 3600001", line: 1, "wait: MS must be between")
        XCTAssertNoThrow(try InputScript.parse("wait 1e6\nmove 1 1 60000"), "a long wait and a minute-long move are allowed")
        // Twenty-five one-hour waits run longer than a day: the line that crosses it is named.
        let day = Array(repeating: "wait 3600000", count: 25).joined(separator: "\n")
        assertRefused(day, line: 25, "longer than 86400000 ms")
    }

    func testResizeHasTheWindowLimits() {
        assertRefused("resize 3000000000 100", line: 1, "resize: W must be between 200 and 16384 points")
        assertRefused("resize 1e308 1e308", line: 1, "resize: W must be between")
        assertRefused("resize 100000 100000", line: 1, "resize: W must be between")
        assertRefused("resize 30000 30000", line: 1, "resize: W must be between")
        assertRefused("resize 800 199", line: 1, "resize: H must be between 200 and 16384")
        XCTAssertEqual(try InputScript.parse("resize 200 16384").map(\.command), [.resize(Size(200, 16384))])
        XCTAssertEqual(InputScript.Limits.windowSize, WindowSizeLimits(minimum: Size(200, 200), maximum: Size(16384, 16384)))
    }

    func testResizeTakesTheLimitsTheAppPasses() {
        let small = WindowSizeLimits(minimum: Size(50, 40), maximum: Size(900, 700))
        XCTAssertEqual(try InputScript.parse("resize 50 40", windowSizes: small).map(\.command), [.resize(Size(50, 40))])
        XCTAssertThrowsError(try InputScript.parse("resize 901 300", windowSizes: small)) {
            XCTAssertEqual(($0 as? ScriptError)?.message, "resize: W must be between 50 and 900 points, got 901")
        }
        XCTAssertThrowsError(try InputScript.parse("resize 100 39", windowSizes: small))
    }

    func testWheelDeltasAreBounded() {
        assertRefused("wheel 0 1e308", line: 1, "wheel: DY must be between -10000 and 10000")
        assertRefused("wheel -1e9 0", line: 1, "wheel: DX must be between")
        XCTAssertNoThrow(try InputScript.parse("wheel 0 10000\nwheel -0.25 3"))
    }

    func testANulByteInsideANumberIsRefused() {
        assertRefused("wait 1\u{0}00", line: 1, "control character U+0000")
        assertRefused("wait 10\ndown 1\u{0} 2", line: 2, "control character U+0000")
        assertRefused("text a\u{0}b", line: 1, "control character")
        assertRefused("wait 1\u{7}", line: 1, "control character U+0007")
        XCTAssertNoThrow(try InputScript.parse("wait\t10\t# tabs separate words"))
    }

    func testHexadecimalNumbersAreRefusedLikeUnderscores() throws {
        // Double("0x1p3") is 8: a script that reads "wait 0x1p3" meant something else.
        assertRefused("wait 0x1p3", line: 1, "wait: MS must be a number, got '0x1p3'")
        assertRefused("wait 1_000", line: 1, "wait: MS must be a number, got '1_000'")
        assertRefused("down 0x10 5", line: 1, "down: X must be a number")
        assertRefused("wait 5\nwheel 0 -0X1P-2", line: 2, "wheel: DY must be a number")
        assertRefused("resize 0x320 600", line: 1, "resize: W must be a number")
        XCTAssertEqual(try InputScript.parse("wait 1e3\nwheel -.5 +2.5E0").map(\.command), [.wait(ms: 1000), .wheel(dx: -0.5, dy: 2.5)],
                       "decimal exponents, signs and a bare point are still numbers")
    }

    func testWindowsLineEndsAndAByteOrderMarkAreAccepted() throws {
        let crlf = try InputScript.parse("wait 100\r\ndown 1 2\r\nup 1 2\r\ntext hi\r\n")
        XCTAssertEqual(crlf.map(\.command), [.wait(ms: 100), .down(Point(1, 2), .left, []), .up(Point(1, 2), .left), .text("hi")])
        XCTAssertEqual(crlf.map(\.number), [1, 2, 3, 4])
        let bom = try InputScript.parse("\u{FEFF}wait 100\nkey Escape")
        XCTAssertEqual(bom.map(\.command), [.wait(ms: 100), .key(.escape, [])])
        let both = try InputScript.parse("\u{FEFF}# made on Windows\r\nwait 5\r\n")
        XCTAssertEqual(both.map(\.command), [.wait(ms: 5)])
        // A bad line in a CRLF script still names its own line.
        assertRefused("wait 1\r\nwait 2\r\nmove 1\r\n", line: 3, "expected 'move X Y [MS]', got 'move 1'")
    }

    func testUnknownKeyNamesAreRefused() throws {
        assertRefused("key Bogus", line: 1, "unknown key 'Bogus'")
        assertRefused("wait 1\nkey ctrl+Escpe", line: 2, "unknown key 'Escpe'")
        let ok = try InputScript.parse("""
            key Escape
            key PageDown
            key pagedown
            key F12
            key ctrl+z
            key a
            key 1
            key +
            key ä
            key Return
            """)
        XCTAssertEqual(ok.count, 10)
        XCTAssertTrue(Key("Left Shift").isKnown)
        XCTAssertFalse(Key("Escpe").isKnown)
    }
}
