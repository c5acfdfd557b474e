import CollectionKit
@testable import CollectionKitSDL
import Foundation
import XCTest

/// Text costs time linear in its length: twice the text within 3 times the thread's CPU time (the
/// best of up to five runs of each, interleaved, measured in one run of the test; a quadratic step
/// shows as four times).
final class LongTextTests: XCTestCase {
    /// The CPU time this thread spends in `body` once: on a shared machine the wall clock also
    /// counts the time other processes had the core, and the ratio of two runs wanders with it.
    private func timed(_ body: () -> Void) -> Double {
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        let t0 = now()
        body()
        return now() - t0
    }

    /// Twice the input within 3 times the time (a quadratic cost gives 4; a linear one measured
    /// up to 2.5 on a busy machine, caches and all); `make` builds each input before the clock starts.
    private func assertLinear<Input>(_ name: String, _ n: Int, make: (Int) -> Input, _ work: (Input) -> Void) {
        work(make(n / 4))  // warm-up: fonts, fallback faces, tables
        // Interleaved, so a change in the machine's load meets both sizes alike. Up to five pairs:
        // once two of them put the ratio well inside the bound (under 2.2, where a quadratic step
        // measures 4), more pairs would only cost time.
        var one = Double.infinity, two = Double.infinity, pairs = 0
        while pairs < 5 {
            let small = make(n), large = make(2 * n)
            one = min(one, timed { work(small) })
            two = min(two, timed { work(large) })
            pairs += 1
            if pairs >= 2, two < 2.2 * one { break }
        }
        XCTAssertLessThan(two, 3 * one, "\(name): \(n) took \(one) s, \(2 * n) took \(two) s (best of \(pairs) pairs)")
    }

    private func assertLinear(_ name: String, _ n: Int, _ work: (Int) -> Void) {
        assertLinear(name, n, make: { $0 }, work)
    }

    private func mixed(_ n: Int) -> String {
        // Latin, Hebrew and Chinese: several runs, fallback faces, both directions.
        let piece = "Hello שלום 你好 world "
        return String(String(repeating: piece, count: n / piece.count + 1).prefix(n))
    }

    /// A line's runs were built by appending to a copy of the last run: a 2 MB title took 41 s.
    func testARunsLayoutIsLinearInTheLinesLength() {
        // Digits: one run, with the least work per character besides the run's text, so that
        // copying the text at every character shows (400,000 took 4.1 times 200,000; now 1.4).
        let plain = { (n: Int) in String(repeating: "1", count: n) }
        assertLinear("one run", 200_000, make: plain) { text in
            _ = TextLayout.runs(text, choose: { _ in .primary }, provides: { _, _ in true })
        }
        assertLinear("mixed runs", 50_000, make: mixed) { text in
            _ = TextLayout.runs(text, choose: { $0.script == nil ? .primary : .fallback(FontFace(path: $0.script!, index: 0)) },
                                provides: { _, _ in true })
        }
    }

    /// A label's text is fitted from as many characters as its width can show: what it measures
    /// and renders does not grow with the text's length at all (counted in bytes of text).
    func testALabelCostsTheSameWhateverTheLengthOfItsText() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 400, height: 60), fonts: try Golden.fonts())
        XCTAssertEqual(TextCache.shownStart(of: String(repeating: "é", count: 5_000_000), maxWidth: 300).0.count,
                       TextCache.shownCharacterBound(maxWidth: 300))
        XCTAssertEqual(TextCache.shownStart(of: "short", maxWidth: 300).1, false)
        let cache = canvas.drawer.text as TextCache
        func worked(_ text: String) -> Int {
            let before = cache.textBytesWorked
            var list = DrawList()
            list.text(text, in: Rect(10, 10, 380, 40), size: 15, color: .white)
            canvas.render(list)
            return cache.textBytesWorked - before
        }
        for (name, make) in [("plain", { (n: Int) in String(repeating: "word ", count: n / 5) }), ("mixed", mixed)] {
            let short = worked(make(100_000) + "1"), long = worked(make(10_000_000) + "2")
            XCTAssertGreaterThan(short, 0)
            XCTAssertLessThan(Double(long), 1.1 * Double(short), "\(name): \(short) bytes for 100,000 characters, \(long) for 10,000,000")
        }
    }

    /// Measuring, wrapping and placing the characters of a long paragraph (a text drop) grow
    /// linearly with it, through the measurer the window uses.
    func testMeasuringWrappingAndPlacingLongTextIsLinear() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 400, height: 60), fonts: try Golden.fonts())
        let measurer = canvas.measurer
        // Each input is new (a number at its end), so nothing comes from the measurer's caches.
        var k = 0
        func fresh(_ text: String) -> String { k += 1; return text + "\(k)" }
        assertLinear("width", 100_000, make: { fresh(self.mixed($0)) }) { _ = measurer.width(of: $0, style: TextStyle(size: 14)) }
        assertLinear("wrapped whole", 20_000, make: { fresh(self.mixed($0)) }) {
            _ = measurer.lines(of: $0, style: ParagraphStyle(text: TextStyle(size: 14)), width: 300)
        }
        assertLinear("geometry, right to left", 20_000, make: { fresh(String(repeating: "שלום ", count: $0 / 5)) }) {
            _ = measurer.lineGeometry(of: $0, style: TextStyle(size: 14))
        }
    }
}
