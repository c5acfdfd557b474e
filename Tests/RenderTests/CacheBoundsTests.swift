import CollectionKit
@testable import CollectionKitSDL
import XCTest

/// Every cache of drawn things has a bound in bytes, not only in entries: a scene that meets new
/// strings, sizes and radii for as long as it runs stays within it.
final class CacheBoundsTests: XCTestCase {
    func testTextCacheStaysWithinItsBudget() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let text = canvas.drawer.text
        let key = TextCache.FontKey(pixelSize: 48, bold: false)
        var made = 0
        for i in 0..<1000 {
            // About 56 KB of coverage each: 1,000 of them are far past the budget.
            let e = text.texture("A long label that fills the text cache, number \(i)", key, color: Color(r: 10, g: 20, b: 30),
                                 maxWidth: 100_000, renderer: canvas.drawer.renderer, software: true)
            if e != nil { made += 1 }
            if i % 50 == 49 { text.endFrame() }
        }
        text.endFrame()
        XCTAssertEqual(made, 1000)
        XCTAssertLessThanOrEqual(text.textureBytes, TextCache.textureBudget)
        XCTAssertGreaterThan(text.textureBytes, 0)
    }

    func testStaleStringsAreDroppedAFewAFrame() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let text = canvas.drawer.text
        let key = TextCache.FontKey(pixelSize: 10, bold: false)
        func draw(_ s: String) {
            _ = text.texture(s, key, color: Color(r: 10, g: 20, b: 30), maxWidth: 1000, renderer: canvas.drawer.renderer, software: true)
        }
        let count = TextCache.staleSweepCount + 3 * TextCache.staleDropsPerFrame - 10
        for i in 0..<count { draw("\(i)") }
        text.endFrame()
        XCTAssertEqual(text.cachedStringCount, count, "nothing is stale yet")
        for _ in 1..<TextCache.staleAfterFrames { text.endFrame() }
        XCTAssertEqual(text.cachedStringCount, count, "drawn staleAfterFrames frames ago is not stale yet")
        // One string drawn again now stays; the others are stale from the next frame on, and at
        // most a few go each frame, until the count is back under the sweep's mark.
        draw("7")
        var counts: [Int] = []
        for _ in 0..<5 { text.endFrame(); counts.append(text.cachedStringCount) }
        let step = TextCache.staleDropsPerFrame
        XCTAssertEqual(counts, [count - step, count - 2 * step, count - 3 * step, count - 3 * step, count - 3 * step])
        XCTAssertLessThanOrEqual(counts.last!, TextCache.staleSweepCount)
        let rendered = text.renderedCount
        draw("7")
        XCTAssertEqual(text.renderedCount, rendered, "the string drawn again was kept")
    }

    /// A window's cached text is sized to what it shows: four bytes a device pixel, between 4 and
    /// 12 MB. A 900x700 window holding a list's worth of strings stays within 4 MB.
    func testTextCacheBudgetFollowsTheWindowsPixels() throws {
        XCTAssertEqual(TextCache.textureBudget(forPixels: 900 * 700), TextCache.smallestTextureBudget)
        XCTAssertEqual(TextCache.textureBudget(forPixels: 1600 * 1000), 4 * 1600 * 1000)
        XCTAssertEqual(TextCache.textureBudget(forPixels: 3840 * 2160), TextCache.textureBudget)
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let text = canvas.drawer.text
        text.sizeTextureBudget(toPixels: 900 * 700)
        let key = TextCache.FontKey(pixelSize: 48, bold: false)
        for i in 0..<400 {
            _ = text.texture("A long label that fills the text cache, number \(i)", key, color: Color(r: 10, g: 20, b: 30),
                             maxWidth: 100_000, renderer: canvas.drawer.renderer, software: true)
            if i % 10 == 9 { text.endFrame() }
            XCTAssertLessThanOrEqual(text.textureBytes, TextCache.smallestTextureBudget + (1 << 20), "after string \(i)")
        }
        text.endFrame()
        XCTAssertLessThanOrEqual(text.textureBytes, TextCache.smallestTextureBudget)
        XCTAssertGreaterThan(text.textureBytes, TextCache.smallestTextureBudget / 2, "the cache is used up to its budget")
    }

    func testOpenFontsStayWithinTheirLimitAndReopenAsDrawn() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let text = canvas.drawer.text
        // A label zooming with its card meets a new pixel size every frame.
        var widths: [Int: Int32] = [:]
        for size in 8..<72 {
            let e = text.texture("Zooming label", TextCache.FontKey(pixelSize: size, bold: size % 2 == 0), color: Color(r: 10, g: 20, b: 30),
                                 maxWidth: 100_000, renderer: canvas.drawer.renderer, software: true)
            widths[size] = try XCTUnwrap(e).width
            text.endFrame()
            XCTAssertLessThanOrEqual(text.openFontCount, TextCache.openFontLimit)
        }
        // A size closed long ago opens again and draws the same text as wide as before.
        text.dropTextures()
        let again = text.texture("Zooming label", TextCache.FontKey(pixelSize: 8, bold: true), color: Color(r: 10, g: 20, b: 30),
                                 maxWidth: 100_000, renderer: canvas.drawer.renderer, software: true)
        XCTAssertEqual(try XCTUnwrap(again).width, widths[8])
    }

    /// At rest, the fonts only drawing ahead met (a card's label at each step of a turn) close;
    /// the fonts the last frame asked for stay open, and its text is not measured again.
    func testFontsOnlyDrawingAheadUsedCloseAtRestAndTheFramesStayOpen() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let text = canvas.drawer.text
        let color = Color(r: 10, g: 20, b: 30)
        func draw(_ size: Int, bold: Bool = false) throws -> Int32 {
            try XCTUnwrap(text.texture("Page 3 of 12", TextCache.FontKey(pixelSize: size, bold: bold), color: color,
                                       maxWidth: 100_000, renderer: canvas.drawer.renderer, software: true)).width
        }
        text.frameStarted()
        let resting = try draw(20)
        let title = try draw(28, bold: true)
        text.frameFinished()
        // Drawing ahead, after the frame: the label at the sizes of a turn's steps.
        for size in 21..<27 { _ = try draw(size) }
        XCTAssertEqual(text.openFontCount, 8)
        let opened = text.fontsOpened
        text.closeFontsNotInLastFrame()
        XCTAssertEqual(text.openFontCount, 2)
        // The resting frame's fonts were not closed: drawing and measuring it opens nothing.
        text.dropTextures()
        XCTAssertEqual(try draw(20), resting)
        XCTAssertEqual(try draw(28, bold: true), title)
        XCTAssertEqual(text.fontsOpened, opened)
        // A step's size asked for again opens again, and draws as wide as before.
        _ = try draw(23)
        XCTAssertEqual(text.fontsOpened, opened + 1)
    }

    func testAMeasurerWithItsOwnFontsKeepsFewOpen() throws {
        let measurer = try TextMeasurer(fonts: try Golden.fonts(), headless: true)
        var last = 0.0
        for size in 8..<72 {
            let w = measurer.width(of: "Measured before any canvas", style: TextStyle(size: Double(size)))
            XCTAssertGreaterThan(w, last)
            last = w
        }
        XCTAssertLessThanOrEqual(measurer.openFontCount, TextCache.openFontLimit)
    }

    /// A measurer with fonts of its own keeps one font a file open and resizes it: text shaped
    /// whole (not plain ASCII) at ten sizes of both weights measures as a canvas's measurer, which
    /// opens a font per size, measures it; and the last sizes' widths asked again resize nothing.
    func testAMeasurerWithItsOwnFontsResizesOneFontAFile() throws {
        let own = try TextMeasurer(fonts: try Golden.fonts(), headless: true)
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let texts = ["März 2026", "Sa., 09:30", "Октябрь", "2026年11月21日", "Café – déjà vu"]
        var widths: [Double] = []
        for size in [10, 12, 13, 14, 16, 18, 22, 12, 28, 13] {
            for bold in [false, true] {
                let style = TextStyle(size: Double(size), weight: bold ? .bold : .regular)
                for t in texts {
                    let w = own.width(of: t, style: style)
                    XCTAssertEqual(w, canvas.measurer.width(of: t, style: style), "\(t) at \(size)\(bold ? " bold" : "")")
                    XCTAssertEqual(own.lineHeight(style: style), canvas.measurer.lineHeight(style: style))
                    widths.append(w)
                }
                XCTAssertLessThanOrEqual(own.openUIFontCount, TextMeasurer.ownFontLimit)
            }
        }
        XCTAssertGreaterThan(own.fontsResized, 0)
        let resized = own.fontsResized
        // The last four sizes again (eight tables, within the bound): from the tables and the cache.
        var again: [Double] = []
        for size in [22, 12, 28, 13] {
            for bold in [false, true] {
                for t in texts { again.append(own.width(of: t, style: TextStyle(size: Double(size), weight: bold ? .bold : .regular))) }
            }
        }
        XCTAssertEqual(again, Array(widths.suffix(again.count)))
        XCTAssertEqual(own.fontsResized, resized)
    }

    /// When the window goes quiet, a measurer with fonts of its own closes them; its tables and
    /// cached widths stay, so the widths it gave come back, and new plain text is added up,
    /// without opening a font.
    func testAMeasurersOwnFontsCloseAtRestAndItsWidthsStay() throws {
        let own = try TextMeasurer(fonts: try Golden.fonts(), headless: true)
        let regular = TextStyle(size: 13), bold = TextStyle(size: 13, weight: .bold)
        let plain = own.width(of: "November 2026", style: regular)
        let shaped = own.width(of: "März 2026", style: bold)
        XCTAssertEqual(own.openUIFontCount, 2)
        let opened = own.fontsOpened
        TextMeasurer.closeOwnFontsAtRest()
        XCTAssertEqual(own.openFontCount, 0)
        XCTAssertEqual(own.width(of: "November 2026", style: regular), plain)
        XCTAssertEqual(own.width(of: "März 2026", style: bold), shaped)
        let other = own.width(of: "December 2026", style: regular)
        XCTAssertEqual(own.fontsOpened, opened)
        XCTAssertEqual(own.openFontCount, 0)
        // As a measurer whose fonts stayed open measures it.
        let fresh = try TextMeasurer(fonts: try Golden.fonts(), headless: true)
        XCTAssertEqual(fresh.width(of: "December 2026", style: regular), other)
    }

    /// A frame that only adds up plain text (a header measured every frame) asks for no font once
    /// its table is made: at rest its fonts close and its tables stay, and measuring it again
    /// opens nothing and gives the same widths.
    func testAFrameThatOnlyAddsUpPlainTextLetsItsFontsCloseAtRest() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let text = canvas.drawer.text
        let regular = TextCache.FontKey(pixelSize: 13, bold: false), bold = TextCache.FontKey(pixelSize: 22, bold: true)
        let week = try XCTUnwrap(text.addedUpWidth("Mon Tue Wed Thu Fri", regular))
        let title = try XCTUnwrap(text.addedUpWidth("November 2026", bold))
        XCTAssertEqual(text.openFontCount, 2)
        text.frameStarted()
        XCTAssertEqual(text.addedUpWidth("Mon Tue Wed Thu Fri", regular), week)
        XCTAssertEqual(text.addedUpWidth("November 2026", bold), title)
        text.frameFinished()
        let opened = text.fontsOpened
        text.closeFontsNotInLastFrame()
        XCTAssertEqual(text.openFontCount, 0)
        XCTAssertEqual(text.plainWidthTableCount, 2)
        text.frameStarted()
        XCTAssertEqual(text.addedUpWidth("Mon Tue Wed Thu Fri", regular), week)
        XCTAssertEqual(text.addedUpWidth("November 2026", bold), title)
        // Other text in the same fonts, against SDL_ttf's own measure (which opens the font).
        let other = try XCTUnwrap(text.addedUpWidth("Sat Sun, 09:30", regular))
        text.frameFinished()
        XCTAssertEqual(text.fontsOpened, opened)
        // As a cache whose font never closed adds it up.
        let fresh = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        XCTAssertEqual(fresh.drawer.text.addedUpWidth("Sat Sun, 09:30", regular), other)
    }

    /// Tables outlive their fonts, within the same bound: a cache meeting 64 sizes keeps at most
    /// `openFontLimit` tables.
    func testTablesOfAddedUpWidthsStayWithinTheBound() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let text = canvas.drawer.text
        for size in 8..<72 {
            _ = text.addedUpWidth("Measured at many sizes", TextCache.FontKey(pixelSize: size, bold: size % 2 == 0))
            text.endFrame()
            XCTAssertLessThanOrEqual(text.plainWidthTableCount, TextCache.openFontLimit)
            XCTAssertLessThanOrEqual(text.openFontCount, TextCache.openFontLimit)
        }
    }

    func testSingleColourTextIsKeptAsCoverageAndColourGlyphsAsPixels() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let key = TextCache.FontKey(pixelSize: 20, bold: false)
        let plain = try XCTUnwrap(canvas.drawer.text.texture("Plain words", key, color: Color(r: 200, g: 10, b: 10, a: 180),
                                                             maxWidth: 1000, renderer: canvas.drawer.renderer, software: true))
        XCTAssertNotNil(plain.sprite.mask)
        XCTAssertNil(plain.sprite.bitmap)
        XCTAssertEqual(plain.sprite.bytes, Int(plain.width * plain.height))
        let emoji = try XCTUnwrap(canvas.drawer.text.texture("😀", key, color: Color(r: 0, g: 0, b: 0),
                                                             maxWidth: 1000, renderer: canvas.drawer.renderer, software: true))
        guard emoji.sprite.bitmap != nil else {
            // No colour emoji font here: the fallback drew it in the text's colour.
            XCTAssertNotNil(emoji.sprite.mask)
            return
        }
        XCTAssertNil(emoji.sprite.mask)
    }

    func testShadowCacheStaysWithinItsBudget() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 200, height: 100), fonts: try Golden.fonts())
        let shapes = ShapeTextures(renderer: canvas.drawer.renderer, software: true)
        defer { shapes.drop() }
        // Rects too small to slice are cached whole, one per size: about 300 KB each here.
        for w in 60..<150 {
            XCTAssertNotNil(shapes.shadow(width: w, height: 150, radius: 20, blur: 40, color: Color(r: 0, g: 0, b: 0)))
            XCTAssertLessThanOrEqual(shapes.shadowBytes, ShapeTextures.shadowBudget)
        }
        XCTAssertEqual(shapes.madeCount, 90)
    }
}
