import Foundation
import XCTest

/// The program itself, as a process, given hostile arguments: each is one clear line on stderr and
/// a non-zero exit, never a signal, a hang or memory that grows without end.
final class HostileCommandLineTests: XCTestCase {
    private struct Outcome {
        var exitedNormally: Bool
        var status: Int32
        var stderr: String
        var timedOut: Bool
    }

    private func program() throws -> URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("collection-demo")
        let candidates = [beside, Bundle.main.bundleURL.appendingPathComponent("collection-demo"),
                          Bundle(for: HostileCommandLineTests.self).bundleURL.deletingLastPathComponent().appendingPathComponent("collection-demo")]
        guard let exe = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("collection-demo is not built next to the tests (looked at \(candidates.map(\.path)))")
        }
        return exe
    }

    /// Runs the program headless; one that is still running after `timeout` seconds is killed and
    /// reported as timed out (before the fixes, `/dev/zero` grew by half a gigabyte a second).
    private func run(_ arguments: [String], timeout: TimeInterval = 20) throws -> Outcome {
        let process = Process()
        process.executableURL = try program()
        process.arguments = ["--headless"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let timedOut = finished.wait(timeout: .now() + timeout) == .timedOut
        if timedOut {
            process.terminate()
            finished.wait()
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Outcome(exitedNormally: process.terminationReason == .exit, status: process.terminationStatus, stderr: text, timedOut: timedOut)
    }

    private func assertRefused(_ outcome: Outcome, mentioning fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(outcome.timedOut, "still running: \(outcome.stderr.suffix(300))", file: file, line: line)
        XCTAssertTrue(outcome.exitedNormally, "ended by signal \(outcome.status): \(outcome.stderr.suffix(300))", file: file, line: line)
        XCTAssertNotEqual(outcome.status, 0, file: file, line: line)
        XCTAssertTrue(outcome.stderr.contains(fragment), "'\(outcome.stderr)' should mention '\(fragment)'", file: file, line: line)
        XCTAssertFalse(outcome.stderr.contains("Domain="), "a raw Foundation error: \(outcome.stderr)", file: file, line: line)
        // The argument parser follows a refused flag with the usage line; our own errors are one line.
        XCTAssertTrue(outcome.stderr.split(separator: "\n").first?.contains(fragment) == true,
                      "the first line says it: \(outcome.stderr)", file: file, line: line)
    }

    func testASizePastWhatAnIntHoldsIsRefusedWithoutATrap() throws {
        // The message formatted the size through Int(Double), which traps at 2^63 and above.
        assertRefused(try run(["--scene", "mosaic", "--size", "99999999999999999999x1"]), mentioning: "--size: width and height must each be within 200x200 to 16384x16384 points, got 99999999999999999999x1")
        assertRefused(try run(["--size", "300x9223372036854775808"]), mentioning: "got 300x9223372036854775808")
    }

    func testAnEndlessDeviceAsTheScriptIsRefused() throws {
        assertRefused(try run(["--replay", "/dev/zero"]), mentioning: "/dev/zero:1: control character U+0000")
        // Random bytes hold a NUL within the first few hundred; what comes before is not UTF-8 text.
        let random = try run(["--replay", "/dev/urandom"])
        assertRefused(random, mentioning: "/dev/urandom")
    }

    func testAScriptLongerThanTheLimitIsRefused() throws {
        // A FIFO fed more than the limit: the program stops reading and says why.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("endless").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // The reader closes its end once it has read enough: the write then fails and we stop.
        signal(SIGPIPE, SIG_IGN)
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            let block = Data(String(repeating: "wait 1\n", count: 1 << 14).utf8)
            for _ in 0..<2_000 { do { try handle.write(contentsOf: block) } catch { break } }
            try? handle.close()
        }
        writer.start()
        assertRefused(try run(["--replay", fifo]), mentioning: "is longer than 64 MB")
    }

    func testAFullDiskIsSaidInOurWords() throws {
        assertRefused(try run(["--dump-state", "/dev/full"]), mentioning: "cannot write '/dev/full': no space left on the device")
        assertRefused(try run(["--stats", "/dev/full"]), mentioning: "no space left on the device")
    }

    func testAnEmptyStateDirectoryIsRefused() throws {
        // It was taken as the root folder: the state went to /state.json.
        assertRefused(try run(["--state-dir", ""]), mentioning: "--state-dir: the directory name is empty")
    }
}
