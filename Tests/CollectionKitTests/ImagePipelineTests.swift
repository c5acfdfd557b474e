import CollectionKit
import Dispatch
import Foundation
import XCTest

/// A decoder that makes a flat picture of the size asked for, records every call, and can hold
/// each decode until the test lets it go. Sources starting with "broken" throw.
final class RecordingDecoder: ImageDecoding, @unchecked Sendable {
    private let lock = NSLock()
    private var _calls: [String] = []
    let gate: DispatchSemaphore?
    init(held: Bool = false) { gate = held ? DispatchSemaphore(value: 0) : nil }
    var calls: [String] { lock.withLock { _calls } }
    func release(_ n: Int = 10_000) { for _ in 0..<n { gate?.signal() } }
    struct Broken: Error {}
    func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
        lock.withLock { _calls.append(source) }
        gate?.wait()
        if source.hasPrefix("broken") { throw Broken() }
        return ImagePixels(width: box.width, height: box.height, pixels: [UInt32](repeating: 0xFF33_6699, count: box.width * box.height))!
    }
}

/// A cell that shows the picture of its item through a pipeline.
final class PictureCell: CollectionCell {
    var pipeline: ImagePipeline?
    var source = ""
    override func draw(in frame: Rect, into list: inout DrawList) {
        pipeline?.draw(ImageKey(source: source, size: frame.size, scale: 1), in: frame, into: &list)
    }
}

/// Items named "photo-N" (or "broken-N" for every `brokenEvery`th), drawn through `pipeline`,
/// prefetched through it when `prefetches`.
final class PictureSource: CollectionDataSource, CollectionPrefetchingDataSource {
    let pipeline: ImagePipeline
    var count: Int
    var brokenEvery = 0
    private(set) var prefetchCalls: [[ItemPath]] = [], cancelCalls: [[ItemPath]] = []
    init(pipeline: ImagePipeline, count: Int) { self.pipeline = pipeline; self.count = count }
    func source(_ ip: ItemPath) -> String { brokenEvery > 0 && ip.item % brokenEvery == 0 ? "broken-\(ip.item)" : "photo-\(ip.item)" }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { ip.item }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "picture", for: ip) as! PictureCell
        cell.pipeline = pipeline
        cell.source = source(ip)
        return cell
    }
    func keys(_ cv: CollectionView, _ ips: [ItemPath]) -> [ImageKey] {
        ips.compactMap { ip in cv.layout.attributesForItem(at: ip).map { ImageKey(source: source(ip), size: $0.frame.size, scale: 1) } }
    }
    func collectionView(_ cv: CollectionView, prefetchItemsAt ips: [ItemPath]) { prefetchCalls.append(ips); pipeline.prefetch(keys(cv, ips)) }
    func collectionView(_ cv: CollectionView, cancelPrefetchingForItemsAt ips: [ItemPath]) {
        cancelCalls.append(ips); pipeline.cancelPrefetching(keys(cv, ips))
    }
}

final class ImagePipelineTests: XCTestCase {
    /// A 400x400 grid of 100-point squares (3 a row with the default gaps) over `source`.
    func makeGrid(_ source: PictureSource, prefetching: Bool = false) -> CollectionView {
        let cv = CollectionView(name: "pictures", layout: GridLayout(minimumCrossSize: 100, itemsPerLine: 3))
        cv.register(reuseIdentifier: "picture") { PictureCell(reuseIdentifier: $0) }
        cv.dataSource = source
        if prefetching { cv.prefetchDataSource = source }
        cv.setFrame(Rect(0, 0, 400, 400))
        cv.reloadData()
        return cv
    }

    /// One frame: the view and the pipeline brought to `now`, then drawn.
    @discardableResult
    func frame(_ cv: CollectionView, _ pipeline: ImagePipeline, now: Double) -> DrawList {
        cv.update(now: now)
        pipeline.update(now: now)
        var list = DrawList()
        cv.draw(into: &list)
        return list
    }


    func visibleStates(_ cv: CollectionView, _ pipeline: ImagePipeline, _ source: PictureSource) -> [ImageLoadState] {
        cv.visibleAttributes.filter { $0.kind == .cell && $0.frame.intersects(cv.bounds) }.map {
            pipeline.state(of: ImageKey(source: source.source($0.indexPath), size: $0.frame.size, scale: 1))
        }
    }

    func testACellScrolledAwayBeforeItsPictureIsReadyCancelsTheWork() {
        let decoder = RecordingDecoder(held: true)
        let pipeline = ImagePipeline(decoder: decoder, workers: 1)
        let source = PictureSource(pipeline: pipeline, count: 10_000)
        let cv = makeGrid(source)
        frame(cv, pipeline, now: 0)
        let firstScreen = Set(cv.visibleCells.keys.map { source.source($0) })
        XCTAssertGreaterThan(firstScreen.count, 6)
        XCTAssertEqual(pipeline.inFlightCount, firstScreen.count, "every visible cell asked for its picture")
        // The one worker has taken a picture and is held in its decode; the rest wait.
        waitUntil("the worker to take a picture", timeout: 5) { !decoder.calls.isEmpty }
        XCTAssertEqual(decoder.calls.count, 1)

        // Scrolled far away before any picture is ready: the next frames no longer draw them.
        cv.physics.jump(to: Point(0, 50_000))
        frame(cv, pipeline, now: 1.0 / 60)
        frame(cv, pipeline, now: 2.0 / 60)
        XCTAssertEqual(pipeline.stats.cancelledBeforeStart, firstScreen.count - 1, "the waiting pictures never start")
        XCTAssertEqual(pipeline.stats.cancelledWhileRunning, 1, "the one under way is cancelled too")

        decoder.release()
        waitUntil(pipeline, now: 2.0 / 60) { pipeline.inFlightCount == 0 }
        frame(cv, pipeline, now: 3.0 / 60)
        let decodedFirstScreen = Set(decoder.calls).intersection(firstScreen)
        XCTAssertEqual(decodedFirstScreen.count, 1, "only the picture already being decoded was decoded: \(decodedFirstScreen)")
        XCTAssertEqual(Set(visibleStates(cv, pipeline, source)), [.fading], "the new screen's pictures arrived")
    }

    func testAPipelineThatGoesAwayLeavesNoWorkBehind() {
        var decoder = RecordingDecoder(held: true)
        var pipeline: ImagePipeline? = ImagePipeline(decoder: decoder, workers: 1)
        var list = DrawList()
        for i in 0..<6 { pipeline?.draw(ImageKey(source: "photo-\(i)", pixelSize: PixelSize(width: 8, height: 8)), in: Rect(0, 0, 8, 8), into: &list) }
        waitUntil("the worker to take a picture", timeout: 5) { !decoder.calls.isEmpty }
        pipeline = nil
        decoder.release()
        // The worker has ended once nothing but this test holds the decoder (its queue, which
        // holds the decoder, lives as long as a worker runs).
        waitUntil("the worker to end after its pipeline went") { isKnownUniquelyReferenced(&decoder) }
        XCTAssertEqual(decoder.calls.count, 1, "only the picture already under way was decoded")
    }

    func testTheMemoryCacheStaysWithinItsBudgetOverALongScroll() {
        let decoder = RecordingDecoder()
        // Room for 24 pictures of 100x100 pixels; a screen shows 12 to 15.
        let budget = 24 * 100 * 100 * 4
        let pipeline = ImagePipeline(decoder: decoder, memoryBudget: budget, workers: 2)
        let source = PictureSource(pipeline: pipeline, count: 3_000)
        let cv = makeGrid(source, prefetching: true)
        var now = 0.0
        var shownFrames = 0
        // 2,400 points a second for 400 frames: past about 450 pictures, three a row.
        for _ in 0..<400 {
            now += 1.0 / 60
            cv.physics.jump(to: Point(0, cv.contentOffset.y + 40))
            frame(cv, pipeline, now: now)
            waitUntil(pipeline, now: now) { pipeline.inFlightCount == 0 }
            XCTAssertLessThanOrEqual(pipeline.cache.bytes, budget)
            if pipeline.cache.bytes > budget { return }
            if !visibleStates(cv, pipeline, source).contains(.pending) { shownFrames += 1 }
        }
        XCTAssertGreaterThan(Set(decoder.calls).count, 400, "the scroll went through hundreds of pictures")
        XCTAssertGreaterThan(pipeline.cache.evictions, 350, "old pictures were evicted")
        XCTAssertLessThanOrEqual(pipeline.cache.count, 24)
        XCTAssertGreaterThan(shownFrames, 390, "a small budget still keeps what is on screen")
    }

    func testPrefetchingRunsAheadOfTheScrollSoPicturesAreReadyWhenTheirCellsAppear() {
        func placeholders(prefetching: Bool) -> (Int, PictureSource, CollectionView) {
            let pipeline = ImagePipeline(decoder: RecordingDecoder(), workers: 2)
            let source = PictureSource(pipeline: pipeline, count: 3_000)
            let cv = makeGrid(source, prefetching: prefetching)
            var now = 0.0
            frame(cv, pipeline, now: now)
            waitUntil(pipeline, now: now) { pipeline.inFlightCount == 0 }
            pipeline.stats = ImagePipelineStats()
            for _ in 0..<120 {
                now += 1.0 / 60
                cv.physics.jump(to: Point(0, cv.contentOffset.y + 20))
                frame(cv, pipeline, now: now)
                // The workers keep up with this scroll: what matters is whether they were asked in time.
                waitUntil(pipeline, now: now) { pipeline.inFlightCount == 0 }
            }
            return (pipeline.stats.placeholderDraws, source, cv)
        }
        let (without, _, _) = placeholders(prefetching: false)
        let (with, source, cv) = placeholders(prefetching: true)
        XCTAssertGreaterThan(without, 20, "without prefetching each new row shows placeholders")
        XCTAssertEqual(with, 0, "with prefetching every cell's picture was ready when it appeared")
        // Scrolling down at 1,200 points a second: prefetched items lie below the viewport,
        // at least 0.75 s of travel ahead.
        XCTAssertEqual(cv.prefetching.velocity, 1_200, accuracy: 1)
        let frames = cv.prefetching.items.compactMap { cv.layout.attributesForItem(at: $0)?.frame }
        XCTAssertFalse(frames.isEmpty)
        XCTAssertTrue(frames.allSatisfy { $0.maxY > cv.bounds.maxY - 1 || $0.minY < cv.bounds.minY }, "prefetched items are out of view")
        XCTAssertGreaterThanOrEqual((frames.map(\.maxY).max() ?? 0) - cv.bounds.maxY, 0.75 * 1_200 - 120)
        XCTAssertLessThan(frames.filter { $0.maxY <= cv.bounds.minY }.count, frames.count / 4, "little is kept behind")
        // Turning back: what lay ahead is cancelled and what lies above is asked for.
        let before = source.cancelCalls.count
        var now = 10.0
        for _ in 0..<10 {
            now += 1.0 / 60
            cv.physics.jump(to: Point(0, cv.contentOffset.y - 20))
            cv.update(now: now)
        }
        XCTAssertGreaterThan(source.cancelCalls.count, before)
        XCTAssertLessThan(cv.prefetching.velocity, 0)
        let after = cv.prefetching.items.compactMap { cv.layout.attributesForItem(at: $0)?.frame }
        XCTAssertGreaterThan(after.filter { $0.maxY <= cv.bounds.minY }.count, after.count / 2, "now mostly above")
    }

    func testABrokenPictureKeepsItsPlaceholderAndIsNotAskedForAgain() {
        let decoder = RecordingDecoder()
        let pipeline = ImagePipeline(decoder: decoder, workers: 1)
        let key = ImageKey(source: "broken-1", pixelSize: PixelSize(width: 10, height: 10))
        var list = DrawList()
        pipeline.draw(key, in: Rect(0, 0, 10, 10), into: &list)
        waitUntil(pipeline, now: 0) { pipeline.state(of: key) == .failed }
        for _ in 0..<3 {
            list = DrawList()
            pipeline.draw(key, in: Rect(0, 0, 10, 10), into: &list)
            pipeline.update(now: 1)
        }
        XCTAssertEqual(list.commands, [.fill(Rect(0, 0, 10, 10), pipeline.placeholderColor, cornerRadius: 0)])
        XCTAssertEqual(decoder.calls, ["broken-1"])
        XCTAssertEqual(pipeline.stats.failed, 1)
    }

    func testAPictureFadesInOverItsPlaceholderAndTheWindowIsWoken() {
        let woken = ManagedAtomicCounter()
        let decoder = RecordingDecoder(held: true)
        let pipeline = ImagePipeline(decoder: decoder, workers: 1, wake: { woken.add() })
        pipeline.fadeDuration = 0.2
        let key = ImageKey(source: "photo", pixelSize: PixelSize(width: 4, height: 4))
        var list = DrawList()
        pipeline.draw(key, in: Rect(0, 0, 4, 4), into: &list)
        XCTAssertNil(pipeline.nextDeadline(after: 0), "nothing to animate while the picture is pending")
        XCTAssertEqual(woken.value, 0)
        decoder.release()
        waitUntil(pipeline, now: 1) { pipeline.state(of: key) != .pending }
        XCTAssertEqual(woken.value, 1, "a finished picture wakes the window")
        XCTAssertEqual(pipeline.nextDeadline(after: 1), 1, "fading: frames are due")
        pipeline.update(now: 1.1)
        list = DrawList()
        pipeline.draw(key, in: Rect(0, 0, 4, 4), into: &list)
        XCTAssertEqual(list.commands.count, 4, "placeholder, then the picture at half opacity: \(list.commands)")
        XCTAssertEqual(list.commands[1], .pushOpacity(0.5000000000000004))
        pipeline.update(now: 1.25)
        list = DrawList()
        pipeline.draw(key, in: Rect(0, 0, 4, 4), into: &list)
        XCTAssertEqual(list.commands.count, 1, "fully shown: the picture alone")
        XCTAssertNil(pipeline.nextDeadline(after: 1.25))
        XCTAssertEqual(pipeline.state(of: key), .shown)
    }

    /// A screenful of pictures finishing at once (thumbnails read from disk) is collected a few
    /// an update, so no single frame makes every texture and starts every fade.
    func testABurstOfFinishedPicturesIsCollectedAFewAFrame() {
        let decoder = RecordingDecoder(held: true)
        // The workers wake the window once a result is queued for it: all nine are, once nine wakes came.
        let woken = ManagedAtomicCounter()
        let pipeline = ImagePipeline(decoder: decoder, workers: 2, wake: { woken.add() })
        pipeline.arrivalsPerUpdate = 4
        let source = PictureSource(pipeline: pipeline, count: 12)
        let cv = makeGrid(source)
        frame(cv, pipeline, now: 0)
        XCTAssertEqual(pipeline.inFlightCount, 9, "three rows of three in view")
        decoder.release()
        waitUntil("nine wakes") { woken.value >= 9 }
        XCTAssertEqual(woken.value, 9, "the nine results are queued")
        var collected: [Int] = []
        for step in 1...4 {
            frame(cv, pipeline, now: 0.01 * Double(step))
            collected.append(pipeline.cache.count)
        }
        XCTAssertEqual(collected, [4, 8, 9, 9], "four pictures an update, the rest in the updates after")
        XCTAssertEqual(pipeline.inFlightCount, 0)
    }
}

/// A counter bumped from worker threads.
final class ManagedAtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.withLock { n += 1 } }
    var value: Int { lock.withLock { n } }
}
