@testable import CollectionKitSDL
import CollectionKit
import Foundation
import XCTest

/// `COLLECTIONKIT_STATS=FILE`: the window loop's statistics, written for any program that runs one.
final class LoopStatisticsTests: XCTestCase {
    final class Counting: FrameTimer {
        var began = 0, ended = 0, skipped = 0, presented = 0
        func frameBegan() { began += 1 }
        func frameEnded(liveCells: Int) { ended += 1 }
        func framesSkipped(_ count: Int) { skipped += count }
        func framePresented(_ shown: Bool) { if shown { presented += 1 } }
    }

    func testTheFirstFrameIsKeptApartAndTheProgramsOwnTimerStillHearsEveryFrame() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loop-stats-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let own = Counting()
        let stats = LoopStatistics(path: path, inner: own)
        // The first frame does a lot of work (fonts, caches); the rest almost none.
        stats.frameBegan()
        var x = 0.0
        for i in 0..<3_000_000 { x += Double(i).squareRoot() }
        XCTAssertGreaterThan(x, 0)
        stats.frameEnded(liveCells: 3)
        stats.framePresented(true)
        stats.frameShown()
        for i in 0..<10 {
            stats.frameBegan()
            stats.frameEnded(liveCells: 4)
            stats.framePresented(i % 3 == 0)
            stats.frameShown()
        }
        stats.framesSkipped(5)
        XCTAssertEqual([own.began, own.ended, own.skipped, own.presented], [11, 11, 5, 5])
        // Three frames handled a key press; one of them put nothing on the screen.
        stats.keyFrameEnded(presented: true)
        stats.keyFrameEnded(presented: false)
        stats.keyFrameEnded(presented: true)
        stats.write()

        let json = try JSON.parse(String(contentsOfFile: path, encoding: .utf8))
        guard case let .object(pairs) = json else { return XCTFail("not an object: \(json)") }
        XCTAssertEqual(pairs.map(\.0), ["frames", "frame_ms_p50", "frame_ms_p99", "frame_ms_max", "first_frame_cpu_ms",
                                         "first_frame_ms", "peak_rss_kb", "rss_kb", "live_cells_max", "frames_skipped",
                                         "frames_asked", "frames_presented", "key_frames", "key_frames_presented", "inputs_absorbed", "event_waits"])
        XCTAssertEqual(json["frames"]?.doubleValue, 10, "the first frame is not among the frames counted")
        let first = try XCTUnwrap(json["first_frame_cpu_ms"]?.doubleValue)
        let worst = try XCTUnwrap(json["frame_ms_max"]?.doubleValue)
        XCTAssertGreaterThan(first, worst, "the first frame's work is kept apart from the frames after it")
        let sinceStart = try XCTUnwrap(json["first_frame_ms"]?.doubleValue)
        XCTAssertGreaterThan(sinceStart, 0)
        XCTAssertLessThan(sinceStart, ProcessInfo.processInfo.systemUptime * 1000, "measured from this process's start")
        XCTAssertGreaterThan(try XCTUnwrap(json["peak_rss_kb"]?.doubleValue), 1000)
        XCTAssertEqual(json["live_cells_max"]?.doubleValue, 4)
        XCTAssertEqual(json["frames_skipped"]?.doubleValue, 5)
        XCTAssertEqual(json["frames_asked"]?.doubleValue, 11, "every frame the loop ran, the first included")
        XCTAssertEqual(json["frames_presented"]?.doubleValue, 5, "only those that reached the screen")
        XCTAssertEqual(json["key_frames"]?.doubleValue, 3, "the frames that handled a key press")
        XCTAssertEqual(json["key_frames_presented"]?.doubleValue, 2, "of those, the ones that reached the screen")
    }

    func testAFileInAFolderThatDoesNotExistTurnsTheStatisticsOff() {
        setenv(LoopStatistics.variable, "/nonexistent-folder-\(getpid())/stats.json", 1)
        defer { unsetenv(LoopStatistics.variable) }
        XCTAssertNil(LoopStatistics.fromEnvironment(wrapping: nil))
        setenv(LoopStatistics.variable, FileManager.default.temporaryDirectory.appendingPathComponent("s.json").path, 1)
        XCTAssertNotNil(LoopStatistics.fromEnvironment(wrapping: nil))
        unsetenv(LoopStatistics.variable)
        XCTAssertNil(LoopStatistics.fromEnvironment(wrapping: nil), "unset: no statistics")
    }
}
