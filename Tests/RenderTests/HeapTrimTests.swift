@testable import CollectionKitSDL
import Foundation
import XCTest

/// The window loop gives freed heap pages back once per burst of work, after a quiet time, and
/// never between the frames of an animation.
final class HeapTrimTests: XCTestCase {
    func testTrimsOnceAfterABurstOfWork() {
        var calls = 0
        var trim = HeapTrim { calls += 1 }
        // Nothing drawn yet: nothing to wait for, nothing trimmed.
        XCTAssertNil(trim.wait(untilDeadline: nil))
        XCTAssertFalse(trim.quietPassed(10))
        for _ in 0..<48 { trim.workDone() }
        XCTAssertEqual(trim.wait(untilDeadline: nil), HeapTrim.quiet)
        XCTAssertTrue(trim.quietPassed(HeapTrim.quiet))
        // Quiet again with no work in between: no second trim, and the loop sleeps at once.
        XCTAssertFalse(trim.quietPassed(HeapTrim.quiet))
        XCTAssertNil(trim.wait(untilDeadline: nil))
        trim.workDone()
        XCTAssertTrue(trim.quietPassed(HeapTrim.quiet))
        XCTAssertEqual(calls, 2)
        XCTAssertEqual(trim.count, 2)
    }

    func testNoTrimBeforeTheQuietTimeOrBetweenAnimationFrames() {
        var calls = 0
        var trim = HeapTrim { calls += 1 }
        // An animation: each frame's deadline comes sooner than the quiet time.
        for _ in 0..<120 {
            trim.workDone()
            let wait = trim.wait(untilDeadline: 1.0 / 60)
            XCTAssertEqual(wait, 1.0 / 60)
            XCTAssertFalse(trim.quietPassed(wait ?? 0))
        }
        XCTAssertEqual(calls, 0)
        // A deadline further off than the quiet time does not lengthen the wait.
        XCTAssertEqual(trim.wait(untilDeadline: 5), HeapTrim.quiet)
    }

    /// What the trim is for: pages freed in the middle of the heap (between blocks still in use,
    /// which the heap's top trimming cannot reach) leave the resident set.
    func testMallocTrimGivesFreedPagesInTheMiddleOfTheHeapBack() throws {
        // Under AddressSanitizer (scripts/test.sh sets CK_SANITIZED) malloc is the sanitizer's,
        // whose pages glibc's malloc_trim does not hold.
        if ProcessInfo.processInfo.environment["CK_SANITIZED"] != nil { throw XCTSkip("malloc is the sanitizer's") }
        let blocks = 256, size = 64_000
        var freed: [UnsafeMutableRawPointer] = [], kept: [UnsafeMutableRawPointer] = []
        for _ in 0..<blocks {
            guard let big = malloc(size), let small = malloc(16) else { return XCTFail("malloc failed") }
            memset(big, 1, size)
            freed.append(big)
            kept.append(small)
        }
        defer { for p in kept { free(p) } }
        for p in freed { free(p) }
        let before = try HeapTrimTests.residentAnonymousKB()
        HeapTrim.mallocTrim()
        let after = try HeapTrimTests.residentAnonymousKB()
        // About 16 MB were freed; at least half of it must have left.
        XCTAssertGreaterThan(before - after, blocks * size / 1024 / 2, "anonymous resident \(before) kB before, \(after) kB after")
    }

    /// Once a window loop has started, threads that start allocating (the picture pipeline's
    /// workers) share the main heap, which the quiet-time trim reaches, instead of each getting an
    /// arena of its own: counted in glibc's own report of its heaps.
    ///
    /// Run in a process of its own (this test bundle started again for this one test): glibc
    /// fixes its limit on heaps the first time a thread finds more than eight, so after earlier
    /// tests' threads have made nine, `M_ARENA_MAX` no longer applies and the count depended on
    /// which tests ran before (16 against 15 in two of three runs of one selection).
    func testThreadsStartedAfterTheLoopShareTheMainHeap() throws {
        if ProcessInfo.processInfo.environment["CK_SANITIZED"] != nil { throw XCTSkip("malloc is the sanitizer's") }
        guard ProcessInfo.processInfo.environment["CK_HEAP_CHILD"] != nil else {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["RenderTests.HeapTrimTests/testThreadsStartedAfterTheLoopShareTheMainHeap"]
            child.environment = ProcessInfo.processInfo.environment.merging(["CK_HEAP_CHILD": "1"]) { $1 }
            let output = Pipe()
            child.standardOutput = output
            child.standardError = output
            try child.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationStatus, 0, "the test in a process of its own:\n\(text)")
            XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), "the child ran the test:\n\(text)")
            return
        }
        XCTAssertLessThanOrEqual(try HeapTrimTests.heapCount(), 8, "a fresh process, before any other test's threads")
        XCTAssertTrue(HeapTrim.shareOneArena(), "glibc takes M_ARENA_MAX")
        let before = try HeapTrimTests.heapCount()
        // Eight threads allocating at the same time, each holding its block until all have one.
        let threads = 8
        let allocated = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread.detachNewThread {
                let p = malloc(4096)!
                memset(p, 1, 4096)
                allocated.signal()
                release.wait()
                free(p)
                done.leave()
            }
        }
        for _ in 0..<threads { XCTAssertEqual(allocated.wait(timeout: .now() + 60), .success) }
        let during = try HeapTrimTests.heapCount()
        for _ in 0..<threads { release.signal() }
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(during, before, "the threads' blocks came from the heaps there were")
    }

    /// How many heaps (arenas) glibc's malloc has, from `malloc_info`.
    static func heapCount() throws -> Int {
        typealias Info = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else { throw XCTSkip("no malloc_info") }
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { throw CocoaError(.fileWriteUnknown) }
        _ = unsafeBitCast(symbol, to: Info.self)(0, stream)
        fclose(stream)
        defer { free(buffer) }
        let xml = buffer.map { String(cString: $0) } ?? ""
        return xml.components(separatedBy: "<heap nr=").count - 1
    }

    static func residentAnonymousKB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }),
              let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw CocoaError(.fileReadCorruptFile) }
        return kb
    }
}
