import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// What a write must never do to a user's calendar: replace a symbolic link by a copy, write over
/// a change another program made while the user was dragging, or leave a killed writer's
/// temporary files lying about.
final class CalendarFileSafetyTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    static let original = CalendarConflictTests.calendar(CalendarConflictTests.event("a", "Dentist", day: "20261110"),
                                                         CalendarConflictTests.event("b", "Party", day: "20261112"))

    func text(_ path: String) -> String { String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
    func kind(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }
    func start(_ path: String, _ uid: String) -> String? {
        PlainICalendar(text(path)).roots.flatMap(\.components).first { $0.first("UID")?.value == uid }?.first("DTSTART")?.value
    }

    /// `links/cal.ics` → `../real/cal.ics`, through a second link: the target is written, with its
    /// own permissions, its backup beside it as a regular file; the links stay links.
    func testALinkedCalendarIsWrittenThroughToItsTarget() throws {
        let real = folder.appendingPathComponent("real"), links = folder.appendingPathComponent("links")
        for f in [real, links] { try FileManager.default.createDirectory(at: f, withIntermediateDirectories: true) }
        let target = real.appendingPathComponent("cal.ics").path
        try Data(Self.original.utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o640)
        let hop = links.appendingPathComponent("hop.ics").path, link = links.appendingPathComponent("cal.ics").path
        try FileManager.default.createSymbolicLink(atPath: hop, withDestinationPath: "../real/cal.ics")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "hop.ics")
        let s = ICalendarSource(files: [link], zone: berlin)
        guard case .written = s.move(EventMove(origin: EventOrigin(file: link, uid: "a"), days: 1, scope: .event), now: now) else {
            return XCTFail("the move was not written")
        }
        XCTAssertEqual(start(target, "a"), "20261111", "the target holds the move")
        XCTAssertEqual(kind(link), S_IFLNK, "the link is still a link")
        XCTAssertEqual(kind(hop), S_IFLNK, "the link it points to is still a link")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "hop.ics")
        var info = stat()
        stat(target, &info)
        XCTAssertEqual(info.st_mode & 0o7777, 0o640, "the target keeps its permissions")
        XCTAssertEqual(kind(target + "~"), S_IFREG, "the backup is a regular file beside the target")
        XCTAssertEqual(text(target + "~"), Self.original)
        XCTAssertNil(kind(link + "~"), "no backup beside the link")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: links.path).sorted(), ["cal.ics", "hop.ics"], "nothing left beside the link")
        XCTAssertEqual(s.occurrences(overlapping: CalendarDate(iso: "2026-11-11")!...CalendarDate(iso: "2026-11-11")!).map(\.title), ["Dentist"])
    }

    /// The user picks an event up; meanwhile another program moves it (the window reads the file
    /// again at once); the drop must not move the other program's version on.
    func testAnEventChangedOnDiskDuringADragIsNotMovedAtTheDrop() throws {
        let path = folder.appendingPathComponent("cal.ics").path
        try Data(Self.original.utf8).write(to: URL(fileURLWithPath: path))
        let s = ICalendarSource(files: [path], zone: berlin)
        let picked = try XCTUnwrap(s.occurrences(overlapping: CalendarDate(iso: "2026-11-10")!...CalendarDate(iso: "2026-11-10")!).first)
        // As `sed -i` would: the event moved to the 11th by someone else.
        let changed = Self.original.replacingOccurrences(of: "20261110", with: "20261111")
        try Data(changed.utf8).write(to: URL(fileURLWithPath: path))
        s.reload()
        let outcome = s.move(EventMove(origin: try XCTUnwrap(picked.origin), days: 1, scope: .event), now: now)
        guard case let .refused(why) = outcome else { return XCTFail("written over the other program's change: \(text(path))") }
        XCTAssertTrue(why.contains("changed in the file"), why)
        XCTAssertEqual(text(path), changed, "nothing written")
        // An event picked up after the change moves as usual.
        let again = try XCTUnwrap(s.occurrences(overlapping: CalendarDate(iso: "2026-11-11")!...CalendarDate(iso: "2026-11-11")!).first)
        guard case .written = s.move(EventMove(origin: try XCTUnwrap(again.origin), days: 1, scope: .event), now: now) else { return XCTFail("not written") }
        XCTAssertEqual(start(path, "a"), "20261112")
    }

    /// A killed writer's temporary file is removed at the next write once it is stale; files
    /// that only look alike (another name, a fresh one, not of our pattern) stay.
    func testStaleTemporariesOfOursGoAtTheNextWrite() throws {
        let path = folder.appendingPathComponent("cal.ics").path
        try Data(Self.original.utf8).write(to: URL(fileURLWithPath: path))
        let stale = folder.appendingPathComponent(".cal.ics.Ab3xY9").path
        let fresh = folder.appendingPathComponent(".cal.ics.Qw7eR2").path
        let others = [".other.ics.Ab3xY9", ".cal.ics.lock", ".cal.ics.Ab3xY9Z", "cal.ics.Ab3xY9"].map { folder.appendingPathComponent($0).path }
        for f in [stale, fresh] + others { _ = FileManager.default.createFile(atPath: f, contents: Data("partial".utf8)) }
        let hourAgo = timespec(tv_sec: Int(Date().timeIntervalSince1970) - 3600, tv_nsec: 0)
        var old = [hourAgo, hourAgo]
        for f in [stale] + others { utimensat(AT_FDCWD, f, &old, 0) }
        let s = ICalendarSource(files: [path], zone: berlin)
        guard case .written = s.move(EventMove(origin: EventOrigin(file: path, uid: "a"), days: 1, scope: .event), now: now) else { return XCTFail("not written") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale), "the stale temporary file is gone")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh), "a fresh one may be another writer's")
        for f in others { XCTAssertTrue(FileManager.default.fileExists(atPath: f), "\(f) is not ours") }
    }
}
