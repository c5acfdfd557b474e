import CollectionKit
import CollectionKitTesting
import XCTest

/// Wrapping against lines worked out by hand: every character is 10 points wide, and lines may
/// break after spaces (as the estimated measurer and UAX #14 agree for plain words).
final class ParagraphLayoutTests: XCTestCase {
    private let style = ParagraphStyle(text: TextStyle(size: 10))

    private func wrap(_ text: String, width: Double, maximumLines: Int = 0) -> [String] {
        var s = style
        s.maximumLines = maximumLines
        return layout(text, width: width, style: s).lines.map(\.text)
    }

    private func layout(_ text: String, width: Double, style: ParagraphStyle) -> ParagraphLayout {
        ParagraphLayout.wrap(text, style: style, width: width, breaks: EstimatedTextMeasurer().lineBreaks(in: text),
                             lineHeight: 12, measure: { Double($0.count) * 10 })
    }

    func testEmptyTextHasNoLines() {
        XCTAssertEqual(wrap("", width: 100), [])
        XCTAssertEqual(layout("", width: 100, style: style).height, 0)
    }

    func testOneWordFitsOnOneLine() {
        XCTAssertEqual(wrap("one", width: 30), ["one"])
        XCTAssertEqual(wrap("one", width: 100), ["one"])
    }

    func testBreaksAtTheLastSpaceThatFits() {
        // "one two" is 70 points; "one two three" 130.
        XCTAssertEqual(wrap("one two three", width: 70), ["one two", "three"])
        XCTAssertEqual(wrap("one two three", width: 69), ["one", "two", "three"])
        XCTAssertEqual(wrap("one two three", width: 130), ["one two three"])
        // The space a line ends at does not count towards its width.
        XCTAssertEqual(wrap("one two three four", width: 90), ["one two", "three", "four"])
    }

    func testNewlinesEndLines() {
        XCTAssertEqual(wrap("a\nb c", width: 200), ["a", "b c"])
        XCTAssertEqual(wrap("a\n\nb", width: 200), ["a", "", "b"])
    }

    func testAWordWiderThanTheLineIsCutBetweenCharacters() {
        XCTAssertEqual(wrap("abcdefgh ij", width: 30), ["abc", "def", "gh", "ij"])
        // Even a width narrower than one character takes one character a line.
        XCTAssertEqual(wrap("abc", width: 5), ["a", "b", "c"])
    }

    func testTheLineLimitEndsWithAnEllipsis() {
        let p = layout("one two three four", width: 70, style: ParagraphStyle(text: TextStyle(size: 10), maximumLines: 2))
        XCTAssertEqual(p.lines.map(\.text), ["one two", "three…"])
        XCTAssertTrue(p.truncated)
        // The whole rest fits on the last line: no ellipsis.
        let whole = layout("one two three", width: 70, style: ParagraphStyle(text: TextStyle(size: 10), maximumLines: 2))
        XCTAssertEqual(whole.lines.map(\.text), ["one two", "three"])
        XCTAssertFalse(whole.truncated)
        // One line of a long text: what fits with the ellipsis, never past the width.
        let one = layout("abcdefghij", width: 50, style: ParagraphStyle(text: TextStyle(size: 10), maximumLines: 1))
        XCTAssertEqual(one.lines.map(\.text), ["abcd…"])
        XCTAssertLessThanOrEqual(one.lines[0].width, 50)
        // Text after a newline on the last line counts as more text.
        XCTAssertEqual(wrap("ab\ncd", width: 100, maximumLines: 1), ["ab…"])
    }

    /// A cut line ends after a whole word, not inside one ("Draft the…", not "Draft the mi…"),
    /// unless its first word alone is wider than the line.
    func testTheEllipsisFollowsAWholeWord() {
        XCTAssertEqual(wrap("Draft the migration plan", width: 130, maximumLines: 1), ["Draft the…"])
        XCTAssertEqual(wrap("one two three four", width: 90, maximumLines: 2), ["one two", "three…"])
        XCTAssertEqual(wrap("Update the screenshots", width: 60, maximumLines: 1), ["Updat…"], "one word wider than the line")
        XCTAssertEqual(wrap("one two", width: 60, maximumLines: 1), ["one…"])
    }

    func testSizeFollowsTheLines() {
        let p = layout("one two three", width: 70, style: ParagraphStyle(text: TextStyle(size: 10), lineSpacing: 1.5))
        XCTAssertEqual(p.linePitch, 18)
        XCTAssertEqual(p.height, 36)
        XCTAssertEqual(p.width, 70)
    }

    func testSweepNeverExceedsTheWidthAndKeepsEveryWord() {
        let words = ["a", "bb", "ccc", "dddd", "eeeee", "ffffff"]
        var generator = SeededGenerator(seed: 22)
        for width in stride(from: 60.0, through: 200, by: 7) {
            let text = (0..<30).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
            let lines = wrap(text, width: width)
            XCTAssertTrue(lines.allSatisfy { Double($0.count) * 10 <= width }, "\(width): \(lines)")
            XCTAssertEqual(lines.joined(separator: " "), text, "no word lost or split at \(width)")
        }
    }

    func testAParagraphRunDrawsTheLinesItsRectHolds() {
        let run = ParagraphRun("one two three four", in: Rect(x: 0, y: 0, width: 70, height: 30),
                               style: ParagraphStyle(text: TextStyle(size: 10)), color: .white)
        let measurer = EstimatedTextMeasurer()
        let lineHeight = measurer.lineHeight(style: run.style.text)
        XCTAssertEqual(lineHeight, 12)
        XCTAssertEqual(run.fittedStyle(lineHeight: lineHeight).maximumLines, 2, "two 12-point lines fit in 30")
        let runs = run.lineRuns(measurer)
        XCTAssertEqual(runs.count, 2)
        XCTAssertEqual(runs.map(\.rect.minY), [0, 12])
    }
}
