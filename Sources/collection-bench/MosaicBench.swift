// Only with the package's `Programs` trait (on by default): without it (a program that depends on
// the libraries with `traits: []`) nothing here imports swift-argument-parser, and the program
// is a stub that says so (main.swift).
#if Programs
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import Foundation

/// The mosaic scene's layout (preset `long`), built alone for the layout figures.
func mosaicLayout() -> CompositionalLayout {
    CompositionalLayout { _, _ in
        PairedRows.section(spacing: 16, contentInsets: EdgeInsets(all: 16),
                           header: BoundarySupplementaryItem(height: .absolute(44), pinToVisibleBounds: true)) {
            MosaicPreset.long.style($0).width
        }
    }
}

/// The mosaic's figures: preparing its compositional layout, scrolling a million cards, and
/// diffing and applying a shuffled snapshot of 100,000.
@MainActor func benchMosaic() throws {
    print("5. Mosaic: compositional layout with dynamic groups, headless at 1280x800")
    for n in [100_000, 1_000_000] {
        var groups = 0
        let t = median(timeRuns(9) {
            var l = mosaicLayout()
            l.prepare(LayoutContext(boundsSize: Size(width: 1280, height: 756), itemCounts: [n]))
            groups = l.sections[0].groupCount
            sink &+= Int(l.contentSize.height)
        })
        print("  prepare \(n) items (\(groups) groups): median \(fmt(t * 1e3, 2)) ms")
        if n == 1_000_000 { check(t <= 0.25, "preparing 1,000,000 mosaic items takes at most 250 ms") }
    }

    // Queries on the million: O(log n + k).
    do {
        var l = mosaicLayout()
        l.prepare(LayoutContext(boundsSize: Size(width: 1280, height: 756), itemCounts: [1_000_000]))
        let maxY = l.contentSize.height - 756
        let rects = (0..<200).map { i in Rect(x: 0, y: maxY * Double(i) / 200, width: 1280, height: 756) }
        let q = median(timeRuns(9) { for r in rects { sink &+= l.attributesForElements(in: r).count } }) / Double(rects.count)
        print("  items in a viewport rect of the 1,000,000-item mosaic: median \(fmt(q * 1e6, 2)) µs per query")
    }

    let script = """
        down 640 760
        move 640 360 70
        up 640 360
        wait 500
        down 640 380
        move 640 780 60
        up 640 780
        wait 300
        down 640 760
        move 640 340 50
        up 640 340
        wait 1200
        \(trackpadSwipe)
        wait 600
        down 640 770
        move 640 350 40
        up 640 350
        wait 800
        down 640 400
        move 640 500 300
        move 640 420 300
        up 640 420
        wait 1500
        """
    var config = SceneConfig(items: 1_000_000)
    config.options["mosaic-preset"] = ["long"]
    let started = wallClock()
    let (app, _, timer, _) = try runScene("mosaic", config: config, script: script)
    let mosaic = (app.currentScene as! MosaicScene).collection
    print("  1,000,000-card mosaic scene built and scripted in \(fmt(wallClock() - started, 2)) s")
    printFrameTimes(timer)
    print("  live_cells_max \(timer.cpu.liveCellsMax); scrolled to y \(Int(mosaic.contentOffset.y))")
    check(timer.cpu.percentile(99) <= 4, "mosaic with 1,000,000 cards: frame_ms_p99 (CPU time) at most 4 ms")
    check(mosaic.contentOffset.y > 3000, "the mosaic script really scrolled")
    check(timer.cpu.liveCellsMax <= 60, "live cells stay bounded by what is visible")

    // Diffing and applying a shuffled snapshot of 100,000.
    let n = 100_000
    var rng = SystemRandomNumberGenerator()
    let old = Array(0..<n)
    let shuffled = old.shuffled(using: &rng)
    var moves = 0
    // CPU time of this thread, as the frame figures are: on a shared machine wall time mostly
    // measures the other processes. Wall time is printed too.
    var wall: [Double] = []
    let diffTimes = (0..<9).map { _ -> Double in
        let w0 = wallClock(), c0 = threadCPUClock()
        let d = try! Diffing.diff(old: old, new: shuffled)
        let c = threadCPUClock() - c0
        wall.append(wallClock() - w0)
        moves = d.moves.count
        sink &+= d.changeCount
        return c
    }
    let diffTime = median(diffTimes)
    print("  diff of a shuffled \(n)-item snapshot: median \(fmt(diffTime * 1e3, 2)) ms CPU, \(fmt(median(wall) * 1e3, 2)) ms wall (\(moves) moves)")
    check(diffTime <= 0.05, "diffing two 100,000-item snapshots takes at most 50 ms (CPU time)")

    final class Cell: CollectionCell {}
    let applyTimes = (0..<5).map { _ -> Double in
        let cv = CollectionView(name: "bench", layout: mosaicLayout())
        cv.register(reuseIdentifier: "c") { Cell(reuseIdentifier: $0) }
        let source = DiffableDataSource<Int, Int>(collectionView: cv) { cv, ip, _ in cv.dequeueReusableCell(withReuseIdentifier: "c", for: ip) }
        cv.setFrame(Rect(x: 0, y: 44, width: 1280, height: 756))
        var s = DiffableSnapshot<Int, Int>()
        s.appendSections([0])
        s.appendItems(old)
        try! source.apply(s, animated: false)
        cv.update(now: 0)
        var t = DiffableSnapshot<Int, Int>()
        t.appendSections([0])
        t.appendItems(old.shuffled(using: &rng))
        let t0 = threadCPUClock()
        try! source.apply(t, animated: true)
        let dt = threadCPUClock() - t0
        sink &+= cv.visibleCells.count
        return dt
    }
    print("  diff + validated batch update + relayout of a shuffled \(n)-item snapshot, animated: median \(fmt(median(applyTimes) * 1e3, 2)) ms CPU")
}
#endif
