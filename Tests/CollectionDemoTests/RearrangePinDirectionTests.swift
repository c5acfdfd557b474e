import CollectionKit
@testable import CollectionDemo
import XCTest

/// A pinned tile or note right to left: the pin badge at the top-left corner, the mirror image of
/// its place left to right, and a pinned note's title making room for it on the left.
final class RearrangePinDirectionTests: XCTestCase {
    let frame = Rect(100, 50, 120, 120)
    func mirrored(_ r: Rect) -> Rect { Rect(frame.minX + frame.maxX - r.maxX, r.minY, r.width, r.height) }

    /// The badge's disc: the first dark, translucent round fill.
    func badge(_ list: DrawList) -> Rect? {
        for case let .fill(r, c, radius) in list.commands where radius > 0 && c == Color(hex: 0x1A1C22).withAlpha(0.75) { return r }
        return nil
    }

    func testThePinBadgeIsAtTheTopLeftRightToLeft() throws {
        var ltr = DrawList(), rtl = DrawList()
        TileCell.drawTile(number: 3, color: Theme.tileColor(3), pinned: true, selected: false, highlighted: false, in: frame, into: &ltr)
        TileCell.drawTile(number: 3, color: Theme.tileColor(3), pinned: true, selected: false, highlighted: false,
                          direction: .rightToLeft, in: frame, into: &rtl)
        let l = try XCTUnwrap(badge(ltr)), r = try XCTUnwrap(badge(rtl))
        XCTAssertGreaterThan(l.midX, frame.midX, "left to right, the badge is at the top right")
        XCTAssertLessThan(r.midX, frame.midX, "right to left, at the top left")
        XCTAssertEqual(r, mirrored(l))

        var note = DrawList()
        let metrics = NoteMetrics(measurer: EstimatedTextMeasurer())
        NoteCell.drawNote(Note(title: "שלום", body: "עולם", pinned: true), number: 1, pinned: true, selected: false, highlighted: false,
                          direction: .rightToLeft, metrics: metrics, in: frame, into: &note)
        XCTAssertLessThan(try XCTUnwrap(badge(note)).midX, frame.midX)
        let title = metrics.textFrames(Note(title: "שלום", body: "עולם", pinned: true), in: frame, direction: .rightToLeft).title
        let ltrTitle = metrics.textFrames(Note(title: "שלום", body: "עולם", pinned: true), in: frame).title
        XCTAssertEqual(title, mirrored(ltrTitle), "the title leaves the badge's room on the left")
    }
}
