@testable import CollectionDemo
import Foundation
import XCTest

/// The freedesktop.org trash: files and info in the places the specification names, names that
/// collide, an Undo that restores byte for byte, and refusals that leave everything as it was.
final class FreedesktopTrashTests: XCTestCase {
    var work = ""

    override func setUpWithError() throws {
        work = NSTemporaryDirectory() + "trash-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work + "/pictures/trip", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: work) }

    func write(_ path: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: work + path)) }
    func read(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func testTheTrashIsTheOneXDGDataHomeNames() {
        XCTAssertEqual(FreedesktopTrash(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]).root, "/d/Trash")
        XCTAssertEqual(FreedesktopTrash(environment: ["HOME": "/h"]).root, "/h/.local/share/Trash")
        XCTAssertEqual(FreedesktopTrash(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).root, "/h/.local/share/Trash",
                       "a relative XDG_DATA_HOME is ignored, as the base directory spec says")
    }

    func testAFileGoesToFilesWithAnInfoFileAndComesBackByteForByte() throws {
        let bytes = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try write("/pictures/a b%.jpg", bytes)
        let trash = FreedesktopTrash(root: work + "/data/Trash")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let t = try trash.trash(work + "/pictures/a b%.jpg", date: date)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/pictures/a b%.jpg"))
        XCTAssertEqual(t.file, work + "/data/Trash/files/a b%.jpg")
        XCTAssertEqual(t.info, work + "/data/Trash/info/a b%.jpg.trashinfo")
        XCTAssertEqual(read(t.file), Data(bytes))
        let info = String(decoding: try XCTUnwrap(read(t.info)), as: UTF8.self)
        XCTAssertEqual(info, "[Trash Info]\nPath=\(work)/pictures/a%20b%25.jpg\nDeletionDate=\(FreedesktopTrash.dateText(date))\n")
        XCTAssertNotNil(info.range(of: #"DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\n"#, options: .regularExpression))
        try trash.restore(t)
        XCTAssertEqual(read(work + "/pictures/a b%.jpg"), Data(bytes), "restored byte for byte")
        XCTAssertFalse(FileManager.default.fileExists(atPath: t.info), "the info file goes with it")
        XCTAssertFalse(FileManager.default.fileExists(atPath: t.file))
    }

    func testNamesThatCollideAreNumbered() throws {
        try write("/pictures/a.jpg", [1])
        try write("/pictures/trip/a.jpg", [2])
        try FileManager.default.createDirectory(atPath: work + "/data/Trash/files", withIntermediateDirectories: true)
        // An orphan in files/ (its info lost) is never overwritten either.
        try Data([9]).write(to: URL(fileURLWithPath: work + "/data/Trash/files/a.jpg.2"))
        let trash = FreedesktopTrash(root: work + "/data/Trash")
        let first = try trash.trash(work + "/pictures/a.jpg")
        let second = try trash.trash(work + "/pictures/trip/a.jpg")
        XCTAssertEqual((first.file as NSString).lastPathComponent, "a.jpg")
        XCTAssertEqual((second.file as NSString).lastPathComponent, "a.jpg.3")
        XCTAssertEqual(read(work + "/data/Trash/files/a.jpg.2"), Data([9]), "the orphan is untouched")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/data/Trash/info/a.jpg.2.trashinfo"),
                       "the info reserved for the taken name is given up")
        XCTAssertEqual(read(second.file), Data([2]))
        try trash.restore(second)
        try trash.restore(first)
        XCTAssertEqual(read(work + "/pictures/a.jpg"), Data([1]))
        XCTAssertEqual(read(work + "/pictures/trip/a.jpg"), Data([2]))
    }

    func testRestoringNeverOverwritesAFileMadeSinceAndAMissingFileIsRefused() throws {
        try write("/pictures/a.jpg", [1, 2, 3])
        let trash = FreedesktopTrash(root: work + "/data/Trash")
        let t = try trash.trash(work + "/pictures/a.jpg")
        try write("/pictures/a.jpg", [7])
        XCTAssertThrowsError(try trash.restore(t))
        XCTAssertEqual(read(work + "/pictures/a.jpg"), Data([7]), "the new file is kept")
        XCTAssertEqual(read(t.file), Data([1, 2, 3]), "the trashed one stays in the trash")
        XCTAssertTrue(FileManager.default.fileExists(atPath: t.info))
        XCTAssertThrowsError(try trash.trash(work + "/pictures/gone.jpg")) { error in
            XCTAssertTrue(String(describing: error).contains("gone"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work + "/data/Trash/info"), ["a.jpg.trashinfo"],
                       "a refused move leaves no info file")
    }
}
