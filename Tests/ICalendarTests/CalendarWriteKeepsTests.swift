import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// A write changes the calendar's text and nothing else about the file: its owner and group, its
/// permissions, its ACLs and extended attributes, and every hard link to it.
final class CalendarWriteKeepsTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    var folder: URL!
    var path: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-keeps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("cal.ics").path
        try Data(CalendarFileSafetyTests.original.utf8).write(to: URL(fileURLWithPath: path))
    }

    override func tearDownWithError() throws {
        AtomicFile.writeBytes = { fd, p, n in Glibc.write(fd, p, n) }
        try? FileManager.default.removeItem(at: folder)
    }

    func text(_ p: String) -> String { String(decoding: FileManager.default.contents(atPath: p) ?? Data(), as: UTF8.self) }
    func info(_ p: String) -> stat {
        var s = stat()
        stat(p, &s)
        return s
    }
    func moveDentist() -> EditOutcome {
        let s = ICalendarSource(files: [path], zone: berlin)
        return s.move(EventMove(origin: EventOrigin(file: path, uid: "a"), days: 1, scope: .event), now: now)
    }
    func xattr(_ p: String, _ name: String) -> [UInt8]? { AtomicFile.attribute(p, name) }

    /// Root edits a user's private calendar: the new file is still the user's, still 0600.
    func testRootWritingAUsersPrivateFileKeepsItsOwner() throws {
        try XCTSkipUnless(geteuid() == 0, "needs root, to own a file as another user")
        XCTAssertEqual(chown(path, 65534, 65534), 0)
        XCTAssertEqual(chmod(path, 0o600), 0)
        guard case .written = moveDentist() else { return XCTFail("not written") }
        XCTAssertTrue(text(path).contains("DTSTART;VALUE=DATE:20261111"), "the move is in the file")
        XCTAssertEqual(AtomicFile.lastMethod, .replaced, "a file of one link is replaced, atomically")
        let after = info(path)
        XCTAssertEqual(after.st_uid, 65534, "the owner is kept")
        XCTAssertEqual(after.st_gid, 65534, "the group is kept")
        XCTAssertEqual(after.st_mode & 0o7777, 0o600, "the permissions are kept")
    }

    /// A user attribute and a POSIX ACL granting another user read access both survive.
    func testExtendedAttributesAndACLsSurviveAWrite() throws {
        guard AtomicFile.setAttribute(path, "user.origin", Array("synced".utf8)) else { throw XCTSkip("this filesystem keeps no user attributes") }
        // system.posix_acl_access: version 2, then (tag, permissions, id) entries in tag order:
        // owner rw, user 65534 r, group r, mask r, others nothing.
        var acl: [UInt8] = [2, 0, 0, 0]
        for (tag, perm, id) in [(UInt16(0x01), UInt16(6), UInt32.max), (0x02, 4, 65534), (0x04, 4, UInt32.max), (0x10, 4, UInt32.max), (0x20, 0, UInt32.max)] {
            withUnsafeBytes(of: tag.littleEndian) { acl += $0 }
            withUnsafeBytes(of: perm.littleEndian) { acl += $0 }
            withUnsafeBytes(of: id.littleEndian) { acl += $0 }
        }
        guard AtomicFile.setAttribute(path, "system.posix_acl_access", acl) else { throw XCTSkip("this filesystem keeps no ACLs") }
        let mode = info(path).st_mode & 0o7777
        guard case .written = moveDentist() else { return XCTFail("not written") }
        XCTAssertTrue(text(path).contains("DTSTART;VALUE=DATE:20261111"))
        XCTAssertEqual(xattr(path, "user.origin"), Array("synced".utf8), "the user attribute is kept")
        XCTAssertEqual(xattr(path, "system.posix_acl_access"), acl, "the ACL is kept")
        XCTAssertEqual(info(path).st_mode & 0o7777, mode, "the mode (the ACL's mask) is kept")
    }

    /// A calendar with a second hard link: both names show the change (written in place), the
    /// old text is in the backup, and the file is the same file.
    func testAHardLinkedFileIsWrittenInPlaceAndBothNamesShowTheChange() throws {
        let other = folder.appendingPathComponent("also.ics").path
        XCTAssertEqual(link(path, other), 0)
        let inode = info(path).st_ino
        guard case .written = moveDentist() else { return XCTFail("not written") }
        XCTAssertEqual(AtomicFile.lastMethod, .inPlace)
        XCTAssertTrue(text(path).contains("DTSTART;VALUE=DATE:20261111"))
        XCTAssertEqual(text(other), text(path), "the other name shows the new text")
        XCTAssertEqual(info(path).st_ino, inode, "the same file")
        XCTAssertEqual(info(path).st_nlink, 2, "still two names")
        XCTAssertEqual(text(path + "~"), CalendarFileSafetyTests.original, "the old text is in the backup")
        XCTAssertEqual(info(path + "~").st_nlink, 1, "the backup is a copy, not a third name")
        // Shorter than before: nothing of the old text is left past the new end.
        let s = ICalendarSource(files: [path], zone: berlin)
        guard case .written = s.delete(EventOrigin(file: path, uid: "b"), now: now) else { return XCTFail("not deleted") }
        XCTAssertFalse(text(other).contains("Party"))
        XCTAssertTrue(text(other).hasSuffix("END:VCALENDAR\r\n"))
    }

    /// Root edits a user's private calendar that has a second name: written in place, and the
    /// backup copy of the old text is as private as the file, and the user's.
    func testTheBackupOfAPrivateLinkedFileIsAsPrivate() throws {
        try XCTSkipUnless(geteuid() == 0, "needs root, to own a file as another user")
        XCTAssertEqual(chown(path, 65534, 65534), 0)
        XCTAssertEqual(chmod(path, 0o600), 0)
        XCTAssertEqual(link(path, folder.appendingPathComponent("also.ics").path), 0)
        guard case .written = moveDentist() else { return XCTFail("not written") }
        XCTAssertEqual(AtomicFile.lastMethod, .inPlace)
        let backup = info(path + "~")
        XCTAssertEqual(backup.st_mode & 0o777, 0o600, "no wider than the file")
        XCTAssertEqual(backup.st_uid, 65534)
        XCTAssertEqual(info(path).st_uid, 65534)
        XCTAssertEqual(info(path).st_mode & 0o7777, 0o600)
    }

    /// A full disk: the write is refused with the reason and the file is as it was.
    func testAFullDiskRefusesWithTheReasonAndLeavesTheFile() throws {
        AtomicFile.writeBytes = { _, _, _ in errno = ENOSPC; return -1 }
        guard case let .refused(why) = moveDentist() else { return XCTFail("written on a full disk") }
        XCTAssertTrue(why.contains("no space left"), why)
        XCTAssertEqual(text(path), CalendarFileSafetyTests.original)
    }
}

/// The folder lock waited for off the caller's thread.
final class CalendarWriteTurnTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-turn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func settled(_ turn: WriteTurn, file: StaticString = #filePath, line: UInt = #line) -> WriteTurnState {
        waitUntil("the turn to settle", timeout: 60, file: file, line: line) { turn.state != .waiting }
        return turn.state
    }

    /// Free: ready at once, and a write made meanwhile uses the turn's lock (it would wait for
    /// itself otherwise) and gives it back.
    func testAFreeFolderGivesATurnAtOnceThatTheWriteUses() throws {
        let turn = CalendarFolderLock.turn(folder.path)
        XCTAssertEqual(turn.state, .ready)
        let ran = CalendarFolderLock.holding(folder.path, patience: 0) { true }
        XCTAssertEqual(ran, .success(true), "the turn's lock is the write's")
        XCTAssertNil(CalendarFolderLock.held.withLock { $0[folder.path] }, "given back after the write")
        let next = CalendarFolderLock.turn(folder.path)
        XCTAssertEqual(next.state, .ready, "the lock is free again")
        next.finish()
    }

    /// Held by another open file description (as another program's lock is): the caller is not
    /// held up; the turn comes when the lock is let go, or is given up after its patience.
    func testABusyFolderIsWaitedForOnAnotherThread() throws {
        let other = open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { close(other) }
        XCTAssertEqual(flock(other, LOCK_EX), 0)
        let turn = CalendarFolderLock.turn(folder.path, patience: 60)
        XCTAssertEqual(turn.state, .waiting, "the caller goes on")
        flock(other, LOCK_UN)
        XCTAssertEqual(settled(turn), .ready)
        turn.finish()

        XCTAssertEqual(flock(other, LOCK_EX), 0)
        let late = CalendarFolderLock.turn(folder.path, patience: 0.2)
        guard case let .gaveUp(why) = settled(late) else { return XCTFail("not given up: \(late.state)") }
        XCTAssertTrue(why.contains("another program"), why)
        late.finish()
    }
}
