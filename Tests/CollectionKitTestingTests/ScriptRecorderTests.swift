import CollectionKit
import CollectionKitTesting
import XCTest

final class ScriptRecorderTests: XCTestCase {
    /// A session as a window loop hands it over: events at frame times, several in one frame.
    private let session: [(Double, InputEvent)] = [
        (0, .resize(Size(1000, 700))),
        (0.016712, .pointerMove(Point(500, 300), [])),
        (0.250101, .pointerDown(Point(500, 300), .left, [.ctrl])),
        (0.266803, .pointerMove(Point(502.5, 290), [.ctrl])),
        (0.266803, .pointerMove(Point(505, 280), [.ctrl])),
        (0.733333, .pointerUp(Point(505, 280), .left, [.ctrl])),
        (1.1, .wheel(dx: 0, dy: -1.5)),
        (1.2, .key(Key("z"), [.ctrl, .shift])),
        (1.3, .key(.pageDown, [])),
        (1.35, .text("héllo # not a comment")),
        (1.4, .focus(gained: false)),
        (1.5, .focus(gained: true)),
        (1.6, .pointerDown(Point(10, 20), .right, [])),
        (1.7, .pointerUp(Point(10, 20), .right, [])),
    ]

    func testARecordedSessionParsesBackToTheSameEventsAtTheSameTimes() throws {
        var recorder = ScriptRecorder()
        for (t, e) in session { recorder.record(e, at: t) }
        recorder.finish(at: 2.25)
        let lines = try InputScript.parse(recorder.script)
        // The events as recorded, without the modifier presses a replay types before a key.
        let timeline = ScriptTimeline(lines, fps: 60, rawModifiers: false)
        XCTAssertEqual(timeline.entries.map(\.action), session.map { .input($0.1) })
        for (entry, (t, _)) in zip(timeline.entries, session) {
            XCTAssertEqual(entry.time, t, accuracy: 1e-6, "line \(entry.line)")
        }
        XCTAssertEqual(timeline.endTime, 2.25, accuracy: 1e-6)
        XCTAssertEqual(recorder.skipped, 0)
        // Replayed as a keyboard types it: Ctrl, then Shift with Ctrl held, then Z with both.
        let typed = ScriptTimeline(lines, fps: 60).entries.map(\.action).filter { if case .input(.key) = $0 { return true }; return false }
        XCTAssertEqual(typed, [.input(.key(.leftCtrl, .ctrl)), .input(.key(.leftShift, [.ctrl, .shift])), .input(.key(Key("z"), [.ctrl, .shift])),
                               .input(.key(.pageDown, []))])
        XCTAssertEqual(Array(recorder.lines.prefix(6)), [
            "resize 1000 700", "wait 16.712", "move 500 300", "wait 233.389", "down 500 300 left ctrl", "wait 16.702",
        ])
        XCTAssertTrue(recorder.lines.contains("key ctrl+shift+z"))
        XCTAssertTrue(recorder.lines.contains("move 502.5 290"))
    }

    func testWaitsDoNotDriftOverALongSession() throws {
        var recorder = ScriptRecorder()
        // Ten thousand frames at an uneven real-time rate.
        var t = 0.0
        for i in 0..<10_000 {
            t += 1.0 / 59.94 + (i % 3 == 0 ? 0.0004 : 0)
            recorder.record(.pointerMove(Point(Double(i % 500), 10), []), at: t)
        }
        let timeline = ScriptTimeline(try InputScript.parse(recorder.script), fps: 60)
        XCTAssertEqual(timeline.entries.last!.time, t, accuracy: 1e-6)
    }

    func testEventsTheFormatCannotSayAreCountedNotWritten() {
        var recorder = ScriptRecorder()
        recorder.record(.text("carriage\rreturn"), at: 0.1)
        recorder.record(.text("fine"), at: 0.3)
        XCTAssertEqual(recorder.skipped, 1)
        XCTAssertEqual(recorder.lines, ["wait 300", "text fine"])
    }

    func testTextTheVerbatimFormCannotSayIsQuotedAndCompositionsAreWritten() throws {
        var recorder = ScriptRecorder()
        recorder.record(.text("two\nlines"), at: 0.1)
        recorder.record(.text(" leading \"blank\""), at: 0.2)
        recorder.record(.composition("にほ", cursor: 1), at: 0.3)
        XCTAssertEqual(recorder.skipped, 0)
        XCTAssertEqual(recorder.lines, ["wait 100", "text \"two\\nlines\"", "wait 100", "text \" leading \\\"blank\\\"\"",
                                        "wait 100", "compose \"にほ\" 1"])
        let commands = try InputScript.parse(recorder.script).map(\.command)
        XCTAssertEqual(commands.filter { if case .wait = $0 { return false }; return true },
                       [.text("two\nlines"), .text(" leading \"blank\""), .compose("にほ", cursor: 1)])
    }
}
