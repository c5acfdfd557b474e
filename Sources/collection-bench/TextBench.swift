// Only with the package's `Programs` trait (on by default): without it (a program that depends on
// the libraries with `traits: []`) nothing here imports swift-argument-parser, and the program
// is a stub that says so (main.swift).
#if Programs
import CollectionKit
import CollectionKitSDL
import Foundation

// MARK: Text: measurement, and a million self-sizing cells of text

/// Words for text made from an item's index: nothing is stored per item.
private let benchWords = ["the", "quiet", "harbour", "filled", "with", "boats", "before", "dawn", "and", "nobody",
                          "noticed", "lantern", "swinging", "over", "water", "while", "gulls", "argued", "about", "bread"]

/// The text of item `i`: 1 to 60 words, the same every run.
func benchText(_ i: Int) -> String {
    var h = UInt64(truncatingIfNeeded: i) &* 0x9E37_79B9_7F4A_7C15
    let count = 1 + Int(h >> 58) % 60
    var words: [String] = []
    words.reserveCapacity(count)
    for _ in 0..<count {
        h = h &* 6364136223846793005 &+ 1442695040888963407
        words.append(benchWords[Int(h >> 59) % benchWords.count])
    }
    return words.joined(separator: " ")
}

private let benchStyle = ParagraphStyle(text: TextStyle(size: 14), lineSpacing: 1.2)
private let benchPadding = 10.0

/// A cell that draws its item's text as a paragraph (or, without text, only its card).
private final class BenchTextCell: CollectionCell {
    var item = 0
    var showsText = true
    override func draw(in frame: Rect, into list: inout DrawList) {
        list.fill(frame, Color(hex: 0x262A33), radius: 8)
        guard showsText else { return }
        list.paragraph(benchText(item), in: frame.insetBy(dx: benchPadding, dy: benchPadding), style: benchStyle, color: .white)
    }
}

private final class BenchTextSource: CollectionDataSource {
    let count: Int, showsText: Bool
    init(count: Int, showsText: Bool) { self.count = count; self.showsText = showsText }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "text", for: ip) as! BenchTextCell
        cell.item = ip.item
        cell.showsText = showsText
        return cell
    }
}

/// A 1,000,000-item self-sizing list at 1280x756: heights from the text wrapped by `measurer`,
/// or, without text, from the index alone.
private func benchTextList(measurer: TextMeasurer, showsText: Bool) -> (CollectionView, BenchTextSource) {
    let source = BenchTextSource(count: million, showsText: showsText)
    let layout = SelfSizingListLayout(minimumColumnWidth: nil, spacing: 8, insets: EdgeInsets(all: 12),
                                      estimatedHeight: { _, _ in 60 }) { ip, width in
        guard showsText else { return Double(30 + ip.item % 90) }
        return 2 * benchPadding + measurer.lines(of: benchText(ip.item), style: benchStyle, width: width - 2 * benchPadding).height
    }
    let cv = CollectionView(name: "text-list", layout: layout)
    cv.register(reuseIdentifier: "text") { BenchTextCell(reuseIdentifier: $0) }
    cv.dataSource = source
    cv.setFrame(Rect(origin: .zero, size: viewport))
    cv.reloadData()
    return (cv, source)
}

/// A 1,000,000-item self-sizing waterfall of notes at 1280x756, columns at least 240 wide, heights
/// from the text wrapped by `measurer`.
private func benchTextWaterfall(measurer: TextMeasurer) -> (CollectionView, BenchTextSource) {
    let source = BenchTextSource(count: million, showsText: true)
    let layout = SelfSizingWaterfallLayout(minimumColumnWidth: 240, spacing: 8, insets: EdgeInsets(all: 12),
                                           estimatedHeight: { _, _ in 120 }) { ip, width in
        2 * benchPadding + measurer.lines(of: benchText(ip.item), style: benchStyle, width: width - 2 * benchPadding).height
    }
    let cv = CollectionView(name: "text-waterfall", layout: layout)
    cv.register(reuseIdentifier: "text") { BenchTextCell(reuseIdentifier: $0) }
    cv.dataSource = source
    cv.setFrame(Rect(origin: .zero, size: viewport))
    cv.reloadData()
    return (cv, source)
}

/// The process's peak resident memory in MB (VmHWM).
private func peakRSSMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kb = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return .nan }
    return kb / 1024
}

/// Frames of a self-sizing list driven by pans, flings and Home/End, timed (engine work: update,
/// measuring, the draw list; not rasterising) in the thread's CPU time, which is the work, and in
/// wall time, which on a shared machine also counts the time others ran, with the largest
/// relative move of items shown in two frames running.
private struct TextListRun {
    var frames: [Double] = []
    var homeEndFrames: [[Double]] = []
    var wallFrames: [Double] = []
    var homeEndWallFrames: [[Double]] = []
    var largestRelativeMove = 0.0
    /// With columns (a waterfall): the largest move of a shown item against the others of its
    /// column, and of columns against each other as a share of that frame's scroll.
    var largestMoveInAColumn = 0.0, largestColumnSlideShare = 0.0
    var landedOnLast = false, landedOnFirst = false
}

@MainActor private func driveTextList(_ cv: CollectionView, column: ((Int) -> Int)? = nil) -> TextListRun {
    var run = TextListRun()
    var now = 0.0
    var previous: [Int: Double] = [:]
    var previousOffset = cv.bounds.minY
    var lastWall = 0.0
    func frame() -> Double {
        now += 1.0 / 60
        let t0 = wallClock(), c0 = threadCPUClock()
        cv.update(now: now)
        var list = DrawList()
        cv.draw(into: &list)
        let t = threadCPUClock() - c0
        lastWall = wallClock() - t0
        sink &+= list.commands.count
        var current: [Int: Double] = [:]
        for a in cv.layout.attributesForElements(in: cv.bounds) { current[a.indexPath.item] = a.frame.minY - cv.bounds.minY }
        var deltas: [Double] = []
        for (k, y) in previous { if let y2 = current[k] { deltas.append(y2 - y) } }
        if let lo = deltas.min(), let hi = deltas.max() { run.largestRelativeMove = max(run.largestRelativeMove, hi - lo) }
        if let column {
            var byColumn: [Int: [Double]] = [:]
            for (k, y) in previous { if let y2 = current[k] { byColumn[column(k), default: []].append(y2 - y) } }
            for moves in byColumn.values { run.largestMoveInAColumn = max(run.largestMoveInAColumn, moves.max()! - moves.min()!) }
            let scrolled = abs(cv.bounds.minY - previousOffset)
            if let lo = deltas.min(), let hi = deltas.max(), hi - lo > 0.5 {
                run.largestColumnSlideShare = max(run.largestColumnSlideShare, scrolled > 0 ? (hi - lo) / scrolled : .infinity)
            }
        }
        previousOffset = cv.bounds.minY
        previous = current
        return t
    }
    _ = frame()
    // Five pans of a second each, released into flings that run out.
    for pan in 0..<5 {
        var pointer = Point(x: 640, y: 700)
        cv.physics.beginPan(at: pointer, now: now)
        for _ in 0..<40 {
            pointer.y -= pan % 2 == 0 ? 18 : -6
            cv.physics.panMoved(to: pointer, now: now + 1.0 / 60)
            run.frames.append(frame())
            run.wallFrames.append(lastWall)
        }
        _ = cv.physics.endPan(at: pointer, now: now)
        var n = 0
        while cv.physics.nextDeadline(after: now) != nil && n < 600 {
            run.frames.append(frame())
            run.wallFrames.append(lastWall)
            n += 1
        }
    }
    // Home → End → Home, animated; each frame's work on its own.
    let controller = CollectionController(view: cv)
    for key in [Key.end, .home] {
        _ = controller.handle(.key(key, []), now: now)
        var times: [Double] = [], walls: [Double] = []
        var n = 0
        while cv.physics.nextDeadline(after: now) != nil && n < 600 {
            times.append(frame())
            walls.append(lastWall)
            n += 1
        }
        run.homeEndFrames.append(times)
        run.homeEndWallFrames.append(walls)
        if key == .end, column != nil {
            // A waterfall's end is its longest column's.
            let lowest = cv.layout.attributesForElements(in: cv.bounds).map(\.frame.maxY).max() ?? 0
            run.landedOnLast = abs(cv.bounds.maxY - (lowest + 12)) < 0.01 && abs(cv.bounds.maxY - cv.contentSize.height) < 0.01
        } else if key == .end {
            let last = cv.layout.attributesForItem(at: ItemPath(item: million - 1))!.frame
            run.landedOnLast = abs(cv.bounds.maxY - (last.maxY + 12)) < 0.01
        } else {
            run.landedOnFirst = cv.physics.offset.y == 0
        }
    }
    return run
}

/// The text figures: measuring labels, and the million-item self-sizing list.
@MainActor func benchTextFigures() throws {
    let fonts = try FontLocator.uiFonts()
    // A child run for one memory figure: the list with or without text, then its peak RSS.
    if let variant = ProcessInfo.processInfo.environment["TEXT_BENCH_MEMORY"] {
        let measurer = try TextMeasurer(fonts: fonts, headless: true)
        let (cv, source) = benchTextList(measurer: measurer, showsText: variant == "with")
        _ = driveTextList(cv)
        withExtendedLifetime(source) {}
        print("peak-rss-mb \(fmt(peakRSSMegabytes(), 1))")
        exit(0)
    }

    print("text. Text measurement and a 1,000,000-item self-sizing list of text, headless at 1280x756")
    let measurer = try TextMeasurer(fonts: fonts, headless: true)
    let style = TextStyle(size: 14)
    // Warm the fonts (open both faces), then measure labels never seen before.
    _ = measurer.width(of: "warm up the fonts", style: style)
    _ = measurer.width(of: "warm up the fonts", style: TextStyle(size: 14, weight: .bold))
    // Five rounds of 10,000 labels each, made before the clock starts: every label is new to the
    // measurer's width cache.
    let rounds = (1...5).map { round in (0..<10_000).map { i in String(benchText(i &* 7919 &+ round &* 104_729).prefix(40)) } }
    var round = 0
    let labelTimes = timeRuns(5) {
        for label in rounds[round] { sink &+= Int(measurer.width(of: label, style: style)) }
        round += 1
    }
    let perRound = median(labelTimes)
    print("  measure 10,000 new labels of 40 characters (fonts warm, widths not cached): median \(fmt(perRound * 1e3, 2)) ms")
    check(perRound <= 0.020, "measuring 10,000 labels of 40 characters takes at most 20 ms")
    let cached = median(timeRuns(5) { for label in rounds[0] { sink &+= Int(measurer.width(of: label, style: style)) } })
    print("  the same 10,000 again (widths cached): median \(fmt(cached * 1e3, 2)) ms")

    let (cv, source) = benchTextList(measurer: measurer, showsText: true)
    let run = driveTextList(cv)
    withExtendedLifetime(source) {}
    func percentiles(_ frames: [Double]) -> (p50: Double, p99: Double, max: Double) {
        let sorted = frames.sorted()
        return (sorted[sorted.count / 2] * 1e3, sorted[min(sorted.count - 1, sorted.count * 99 / 100)] * 1e3, sorted.last! * 1e3)
    }
    let cpu = percentiles(run.frames), wall = percentiles(run.wallFrames)
    print("  pans and flings: \(run.frames.count) frames, CPU time p50 \(fmt(cpu.p50, 2)) ms, p99 \(fmt(cpu.p99, 2)) ms, "
          + "max \(fmt(cpu.max, 2)) ms; wall time p50 \(fmt(wall.p50, 2)) ms, p99 \(fmt(wall.p99, 2)) ms, max \(fmt(wall.max, 2)) ms")
    check(cpu.p99 <= 4, "scrolling and flinging the text list: p99 at most 4 ms of frame work (CPU time)")
    for (name, (times, walls)) in zip(["Home→End", "End→Home"], zip(run.homeEndFrames, run.homeEndWallFrames)) {
        let worst = (times.max() ?? 0) * 1e3
        print("  \(name): \(times.count) animated frames, the dearest \(fmt(worst, 2)) ms of CPU time, "
              + "median \(fmt(median(times) * 1e3, 2)) ms; wall time the dearest \(fmt((walls.max() ?? 0) * 1e3, 2)) ms")
        check(worst <= 8, "\(name): no frame of work over 8 ms (CPU time)")
    }
    check(run.landedOnLast, "End lands exactly on the last item")
    check(run.landedOnFirst, "Home lands on the first item")
    print("  items measured: \((cv.layout as! SelfSizingListLayout).measuredCount) of \(million)")
    print("  largest move of a shown item relative to the others between two frames: \(fmt(run.largestRelativeMove, 3)) pt")
    check(run.largestRelativeMove <= 0.5, "no shown item moves more than 0.5 pt against the others in a frame")

    // The same text as notes in a self-sizing waterfall.
    let (notes, notesSource) = benchTextWaterfall(measurer: measurer)
    let notesLayout = { notes.layout as! SelfSizingWaterfallLayout }
    let notesRun = driveTextList(notes) { notesLayout().column(ofItemAt: ItemPath(item: $0)) ?? -1 }
    withExtendedLifetime(notesSource) {}
    let notesCPU = percentiles(notesRun.frames)
    print("  waterfall of 1,000,000 notes (\(notesLayout().columnCount) columns): pans and flings CPU time p50 \(fmt(notesCPU.p50, 2)) ms, "
          + "p99 \(fmt(notesCPU.p99, 2)) ms, max \(fmt(notesCPU.max, 2)) ms")
    check(notesCPU.p99 <= 4, "scrolling and flinging the waterfall: p99 at most 4 ms of frame work (CPU time)")
    for (name, times) in zip(["Home→End", "End→Home"], notesRun.homeEndFrames) {
        let worst = (times.max() ?? 0) * 1e3
        print("  waterfall \(name): \(times.count) animated frames, the dearest \(fmt(worst, 2)) ms of CPU time")
        check(worst <= 8, "waterfall \(name): no frame of work over 8 ms (CPU time)")
    }
    check(notesRun.landedOnLast, "waterfall: End lands exactly on the content's end")
    check(notesRun.landedOnFirst, "waterfall: Home lands on the first item")
    print("  waterfall items measured: \(notesLayout().measuredCount) of \(million); largest move of a shown item against its "
          + "column: \(fmt(notesRun.largestMoveInAColumn, 3)) pt; columns slid against each other by at most "
          + "\(fmt(notesRun.largestColumnSlideShare * 100, 1))% of a frame's scroll")
    check(notesRun.largestMoveInAColumn <= 0.5, "waterfall: no shown item moves more than 0.5 pt against its column in a frame")
    check(notesRun.largestColumnSlideShare <= SelfSizingWaterfallLayout.realignRate + 1e-9,
          "waterfall: columns slide against each other only while scrolling, by at most half the scroll")

    // Memory: the same list with and without text, each in a child process of its own.
    func childPeak(_ variant: String) -> Double? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        p.arguments = ["--only", "text"]
        p.environment = ProcessInfo.processInfo.environment.merging(["TEXT_BENCH_MEMORY": variant]) { _, new in new }
        let pipe = Pipe()
        p.standardOutput = pipe
        guard (try? p.run()) != nil else { return nil }
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return out.split(separator: "\n").first { $0.hasPrefix("peak-rss-mb ") }.flatMap { Double($0.dropFirst(12)) }
    }
    if let without = childPeak("without"), let with = childPeak("with") {
        print("  peak RSS: without text \(fmt(without, 1)) MB, with text \(fmt(with, 1)) MB, difference \(fmt(with - without, 1)) MB")
        check(with - without <= 64, "text made from the index adds at most 64 MB of peak RSS")
    } else {
        check(false, "the memory runs of the text list could not be made")
    }
}

// MARK: Long text: a 10 MB title and a 10 MB drop

/// A 10 MB title drawn as a card's label, measured and wrapped as a card's text, and a 10 MB
/// text dropped on the boards, made into titles and wrapped, with the time each takes. Text
/// costs time linear in its length (it was quadratic: a 2 MB title took 41 s to lay out).
@MainActor func benchLongTextFigures() throws {
    print("longtext. A 10 MB title and a 10 MB text drop, headless")
    let fonts = try FontLocator.uiFonts()
    let canvas = try HeadlessCanvas(size: Size(width: 1280, height: 800), fonts: fonts)
    let measurer = canvas.measurer
    let megabytes = 10
    func text(_ piece: String) -> String {
        String(repeating: piece, count: megabytes << 20 / piece.utf8.count)
    }
    let samples = [("Latin", text("Review the quarterly plan ")), ("mixed scripts", text("Plan שלום 你好 review ")),
                   ("one word", text("x"))]
    for (name, title) in samples {
        let style = TextStyle(size: 15)
        let label = wallClock()
        var list = DrawList()
        list.text(title, in: Rect(x: 20, y: 20, width: 240, height: 30), size: 15, color: .white)
        canvas.render(list)
        let drawn = wallClock() - label
        let t0 = wallClock()
        let width = measurer.width(of: title, style: style)
        let measured = wallClock() - t0
        let t1 = wallClock()
        let card = measurer.lines(of: title, style: ParagraphStyle(text: style, maximumLines: 3), width: 240)
        let wrapped = wallClock() - t1
        print("  \(megabytes) MB title, \(name): label drawn \(fmt(drawn * 1e3, 1)) ms, measured \(fmt(measured * 1e3, 1)) ms "
              + "(\(Int(width)) pt), wrapped to 3 lines \(fmt(wrapped * 1e3, 1)) ms (\(card.lines.count) lines)")
        check(drawn + wrapped < 1, "a \(megabytes) MB title (\(name)) is laid out on a card (label and three lines) in under a second")
    }
    // A drop: the payload's lines, cut to cards' titles, each wrapped as a card wraps it.
    let drop = DropPayload(text: text("a line of dropped text שלום\n"))
    let t2 = wallClock()
    let lines = drop.lines(upTo: 100)
    let titles = lines.map { String($0.prefix(1_000)) }
    let heights = titles.map { measurer.lines(of: $0, style: ParagraphStyle(text: TextStyle(size: 15), maximumLines: 3), width: 240).height }
    let dropped = wallClock() - t2
    let t4 = wallClock()
    let every = drop.lines.count
    let allLines = wallClock() - t4
    print("  \(megabytes) MB text drop: 100 cards made and wrapped in \(fmt(dropped * 1e3, 1)) ms; all \(every) lines "
          + "split and trimmed in \(fmt(allLines * 1e3, 1)) ms "
          + "(\(Int(heights.reduce(0, +))) pt of cards)")
    check(dropped < 1, "a \(megabytes) MB text drop is laid out in under a second")
    // The whole of a long paragraph wrapped to a column (a note's text, no line limit).
    let note = text("Plan שלום review the quarterly figures ")
    let t3 = wallClock()
    let all = measurer.lines(of: note, style: ParagraphStyle(text: TextStyle(size: 15)), width: 240)
    let noteTime = wallClock() - t3
    print("  \(megabytes) MB paragraph wrapped whole to 240 pt: \(all.lines.count) lines in \(fmt(noteTime, 2)) s "
          + "(\(fmt(noteTime / Double(all.lines.count) * 1e6, 1)) µs a line)")
}
#endif
