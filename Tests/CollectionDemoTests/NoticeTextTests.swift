import CollectionKit
@testable import CollectionDemo
import XCTest

/// Notices name things from outside (a path handed over by D-Bus, a file name): a 10 MB path is
/// one line of a notice, and a name that is not UTF-8 or holds a newline is shown escaped.
final class NoticeTextTests: XCTestCase {
    /// A D-Bus `Open` with a 10 MB path wedged the window while it drew the notice: every frame
    /// hashed and laid out the whole path several times.
    func testANoticeNamingAHugePathIsOneBoundedLine() {
        let path = "/tmp/" + String(repeating: "d/", count: 5_000_000) + "x.ics"
        let notice = "Could not open \(Notices.shownPath(path))"
        XCTAssertLessThanOrEqual(notice.count, 200)
        XCTAssertTrue(notice.hasSuffix("d/d/x.ics"), "the path's end, which names the file, is kept")
        let raw = "Could not open " + path
        let bar = NoticeBar()
        let shown = bar.visible([raw])
        XCTAssertEqual(shown.count, 1)
        XCTAssertEqual(shown[0].count, Notices.lineLimit + 1)
        var list = DrawList()
        bar.draw([raw], in: Size(width: 1280, height: 800), hovered: .zero, into: &list)
        let texts = list.commands.compactMap { command -> String? in if case let .text(run) = command { return run.text } else { return nil } }
        XCTAssertEqual(texts.map(\.count), [Notices.lineLimit + 1], "one line of at most the limit is drawn")
        var dismissing = bar
        dismissing.dismiss(raw)
        XCTAssertTrue(dismissing.visible([raw]).isEmpty, "and it can be dismissed")
    }

    func testFileNamesThatAreNotUTF8OrHoldControlCharactersAreShownEscaped() {
        XCTAssertEqual(Notices.shownPath(bytes: Array("/home/ana/caf".utf8) + [0xE9] + Array(".ics".utf8)), "/home/ana/caf\\xE9.ics")
        XCTAssertEqual(Notices.shownPath(bytes: Array("/tmp/é€😀".utf8)), "/tmp/é€😀", "UTF-8 stays as it is")
        XCTAssertEqual(Notices.shownPath(bytes: [0x2F, 0xC3, 0x28, 0xFF]), "/\\xC3(\\xFF")
        XCTAssertEqual(Notices.shownPath("/tmp/two\nlines.ics"), "/tmp/two\\x0Alines.ics")
        XCTAssertEqual(NoticeBar().visible(["a\nb"]), ["a\\x0Ab"], "a notice is one line")
    }
}
