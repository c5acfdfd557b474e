import CollectionKit
import CollectionKitSDL
import Foundation

/// A cell showing one photo through the pipeline, corners slightly rounded.
final class PhotoCell: CollectionCell {
    var pipeline: ImagePipeline?
    var source = ""
    var scale = 1.0
    override func draw(in frame: Rect, into list: inout DrawList) {
        pipeline?.draw(ImageKey(source: source, size: frame.size, scale: scale), in: frame, cornerRadius: 6, into: &list)
    }
}

/// The folder as a collection: one item a file, prefetched through the pipeline.
final class PhotoGrid: CollectionDataSource, CollectionPrefetchingDataSource {
    let files: [String]
    let pipeline: ImagePipeline
    let scale: Double
    init(files: [String], pipeline: ImagePipeline, scale: Double) { self.files = files; self.pipeline = pipeline; self.scale = scale }
    func collectionView(_ cv: CollectionView, numberOfItemsInSection section: Int) -> Int { files.count }
    func collectionView(_ cv: CollectionView, identifierForItemAt ip: ItemPath) -> AnyHashable { files[ip.item] }
    func collectionView(_ cv: CollectionView, cellForItemAt ip: ItemPath) -> CollectionCell {
        let cell = cv.dequeueReusableCell(withReuseIdentifier: "photo", for: ip) as! PhotoCell
        cell.pipeline = pipeline
        cell.source = files[ip.item]
        cell.scale = scale
        return cell
    }
    func key(_ cv: CollectionView, _ ip: ItemPath) -> ImageKey? {
        cv.layout.attributesForItem(at: ip).map { ImageKey(source: files[ip.item], size: $0.frame.size, scale: scale) }
    }
    func collectionView(_ cv: CollectionView, prefetchItemsAt ips: [ItemPath]) { pipeline.prefetch(ips.compactMap { key(cv, $0) }) }
    func collectionView(_ cv: CollectionView, cancelPrefetchingForItemsAt ips: [ItemPath]) {
        pipeline.cancelPrefetching(ips.compactMap { key(cv, $0) })
    }
}

/// Scrolls a grid of the folder's photos at a steady speed in real time, with the pipeline's
/// workers decoding for real, and reports the main thread's frame times, how many cells showed a
/// placeholder and how long pictures waited, resident memory, and the time to the first frame
/// with every visible picture.
enum PhotoBench {
    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return .nan }
        let s = xs.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }

    static func residentMB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? .nan
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// CPU time of the calling thread, seconds: what a frame cost apart from time the workers
    /// took the core away.
    static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    static func ms(_ s: Double) -> String { String(format: "%.2f", s * 1000) }

    static func run(files: [String], options: [String: String], flags: Set<String>) throws {
        func option(_ name: String, _ fallback: Double) -> Double { options[name].flatMap(Double.init) ?? fallback }
        let distinct = Int(option("distinct", 40))
        let sizes = files.prefix(distinct).compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
        print(String(format: "folder: %d JPEGs of %@, %d distinct, mean file %.2f MB; %d cores; load %@", files.count,
                     options["width"].map { "\($0)x\(options["height"] ?? "?")" } ?? "4000x3000", distinct,
                     Double(sizes.reduce(0, +)) / Double(max(1, sizes.count)) / 1_048_576, ProcessInfo.processInfo.activeProcessorCount,
                     (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"))
        compareDecoders(Array(files.prefix(min(distinct, Int(option("decode-samples", 12))))))
        compareWithDjpeg(Array(files.prefix(min(distinct, Int(option("decode-samples", 12))))))
        compareEmbeddedThumbnails(Array(files.prefix(min(distinct, Int(option("decode-samples", 12))))))
        if flags.contains("decode-only") { return }
        let thumbnails = options["thumbnails"] ?? "/tmp/photo-bench-thumbnails-\(getpid())"
        try? FileManager.default.removeItem(atPath: thumbnails)
        for pass in ["cold", "warm"] {
            try scroll(files: files, thumbnails: thumbnails, label: pass, option: option)
        }
        // Warm above is a second visit: only what the first pass had time to decode has a
        // thumbnail. Here every picture the scroll passes has one (as after a file manager
        // showed the folder).
        let passed = Int(option("speed", 2400) * option("seconds", 20) / 158 * 8) + 200
        let filled = fillThumbnails(Array(files.prefix(passed)), root: thumbnails)
        print(String(format: "filled the thumbnail cache for the first %d files in %.1f s", passed, filled))
        try scroll(files: files, thumbnails: thumbnails, label: "warm, every thumbnail on disk", option: option)
        if options["thumbnails"] == nil { try? FileManager.default.removeItem(atPath: thumbnails) }
    }

    /// Makes the large thumbnail of every file in `files` on two threads; returns the seconds taken.
    static func fillThumbnails(_ files: [String], root: String) -> Double {
        let start = Date()
        let store = FreedesktopThumbnails(root: root), decoder = ImageFileDecoder()
        let box = PixelSize(width: 256, height: 256)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            for f in files.enumerated().filter({ $0.offset % 2 == part }).map(\.element) where store.thumbnail(of: f, atLeast: 150) == nil {
                if let p = try? decoder.decode(f, covering: box, mode: .fit) { store.store(p.thumbnail(for: box, mode: .fit), of: f) }
            }
        }
        return Date().timeIntervalSince(start)
    }

    /// Decoding one photo for a 150-pixel cell (through the 256-pixel thumbnail): libjpeg-turbo
    /// reducing while decoding, against SDL_image decoding it whole.
    static func compareDecoders(_ samples: [String]) {
        for (name, decoder) in [("libjpeg-turbo, DCT scaled", ImageFileDecoder()), ("SDL_image, whole", ImageFileDecoder(jpegThroughSDLImage: true))] {
            var times: [Double] = []
            var size = PixelSize(width: 0, height: 0)
            for f in samples {
                let t = Date()
                guard let p = try? decoder.decode(f, covering: PixelSize(width: 256, height: 256), mode: .fit) else { continue }
                size = p.size
                let thumb = p.thumbnail(for: PixelSize(width: 256, height: 256), mode: .fit)
                _ = thumb.thumbnail(for: PixelSize(width: 150, height: 150), mode: .fill)
                times.append(Date().timeIntervalSince(t))
            }
            print("decode+scale, \(name): decoded at \(size), p50 \(ms(percentile(times, 0.5))) ms, "
                  + "max \(ms(times.max() ?? .nan)) ms per photo (\(times.count) photos, one thread)")
        }
    }

    /// Decode throughput against libjpeg-turbo's own `djpeg -scale 1/8` on the same files, one
    /// core each: our decoder's CPU time (the thread's: reading the file, the header check, EXIF
    /// orientation, the DCT-scaled decode) against `djpeg`'s (the child's user and system time:
    /// starting the process, reading, decoding at 1/8, writing the pixels to /dev/null). The
    /// quickest of three rounds of each, in photos per CPU second, and ours as a fraction of it.
    static func compareWithDjpeg(_ samples: [String]) {
        let djpeg = "/usr/bin/djpeg"
        guard FileManager.default.isExecutableFile(atPath: djpeg) else {
            print("decode throughput against djpeg: skipped, \(djpeg) not found (Debian's libjpeg-turbo-progs)")
            return
        }
        let decoder = ImageFileDecoder(workerNice: nil)
        func childrenCPU() -> Double {
            var u = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &u)
            return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
        }
        var ours = Double.infinity, theirs = Double.infinity
        var oursSize = PixelSize(width: 0, height: 0)
        for _ in 0..<3 {
            let start = threadCPU()
            for f in samples {
                // 1/8 of a 4000x3000 photo is 500x375: a box it covers exactly, as djpeg -scale 1/8 makes.
                if let p = try? decoder.decode(f, covering: PixelSize(width: 250, height: 250), mode: .fit) { oursSize = p.size }
            }
            ours = min(ours, threadCPU() - start)
            let before = childrenCPU()
            for f in samples {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: djpeg)
                p.arguments = ["-scale", "1/8", "-outfile", "/dev/null", f]
                guard (try? p.run()) != nil else { continue }
                p.waitUntilExit()
            }
            theirs = min(theirs, childrenCPU() - before)
        }
        let n = Double(samples.count)
        print(String(format: "decode throughput, one core: ours %.1f photos/CPU s (decoded at %@), djpeg -scale 1/8 %.1f photos/CPU s; ours is %.2f of djpeg's (%d photos, quickest of 3)",
                     n / ours, oursSize.description, n / theirs, theirs / ours, samples.count))
    }

    /// The first pixels of a photo that carries an EXIF thumbnail (as cameras and phones write
    /// them, 160x120): copies of the samples with one written in, then, one thread, the CPU time
    /// to read and decode the embedded thumbnail (what the wall shows at once) against the
    /// DCT-scaled decode for a 150-pixel cell (what replaces it), quickest of three rounds.
    static func compareEmbeddedThumbnails(_ samples: [String]) {
        let dir = NSTemporaryDirectory() + "photo-bench-exif-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let decoder = ImageFileDecoder(workerNice: nil)
        var copies: [String] = []
        for (i, f) in samples.enumerated() {
            guard let jpeg = FileManager.default.contents(atPath: f),
                  let p = try? decoder.decode(f, covering: PixelSize(width: 160, height: 160), mode: .fit) else { continue }
            let small = p.thumbnail(for: PixelSize(width: 160, height: 160), mode: .fit)
            let thumbPath = dir + "/thumb-\(i).jpg"
            guard (try? Image(width: small.width, height: small.height, pixels: small.pixels).writeJPEG(to: thumbPath, quality: 75)) != nil,
                  let thumb = FileManager.default.contents(atPath: thumbPath) else { continue }
            let copy = dir + "/photo-\(i).jpg"
            FileManager.default.createFile(atPath: copy, contents: PhotoFolder.withEmbeddedThumbnail(jpeg, thumb))
            copies.append(copy)
        }
        var embedded = Double.infinity, scaled = Double.infinity
        var size = PixelSize(width: 0, height: 0)
        for _ in 0..<3 {
            var start = threadCPU()
            for f in copies { if let p = decoder.embeddedThumbnail(of: f) { size = p.size } }
            embedded = min(embedded, threadCPU() - start)
            start = threadCPU()
            for f in copies { _ = try? decoder.decode(f, covering: PixelSize(width: 150, height: 150), mode: .fill) }
            scaled = min(scaled, threadCPU() - start)
        }
        let n = Double(max(1, copies.count))
        print(String(format: "embedded EXIF thumbnail (%@): %.2f ms per photo, one core; the scaled decode it stands in for: %.1f ms; first pixels %.0f times sooner (%d photos, quickest of 3)",
                     size.description, embedded / n * 1000, scaled / n * 1000, scaled / embedded, copies.count))
    }

    static func scroll(files: [String], thumbnails: String, label: String, option: (String, Double) -> Double) throws {
        let size = Size(width: option("width-points", 1280), height: option("height-points", 800))
        let scale = option("scale", 1)
        let speed = option("speed", 2400), seconds = option("seconds", 20)
        let canvas = try HeadlessCanvas(size: size, fonts: try FontLocator.uiFonts(), scale: scale)
        let start = Date()
        func now() -> Double { Date().timeIntervalSince(start) }
        // --nice -1: the workers keep the main thread's priority.
        let nice = Int32(option("nice", 10))
        let pipeline = ImagePipeline(decoder: ImageFileDecoder(workerNice: nice < 0 ? nil : nice), thumbnails: FreedesktopThumbnails(root: thumbnails),
                                     memoryBudget: Int(option("budget-mb", 48)) << 20,
                                     workers: Int(option("workers", Double(ProcessInfo.processInfo.activeProcessorCount))))
        // --arrivals N: finished pictures collected an update (0: every one, as before the bound).
        if let n = Int(exactly: option("arrivals", -1)), n >= 0 { pipeline.arrivalsPerUpdate = n == 0 ? .max : n }
        let grid = PhotoGrid(files: files, pipeline: pipeline, scale: scale)
        let cv = CollectionView(name: "photos", layout: GridLayout(minimumCrossSize: option("cell", 150)))
        cv.register(reuseIdentifier: "photo") { PhotoCell(reuseIdentifier: $0) }
        cv.backgroundColor = Color(r: 24, g: 25, b: 28)
        cv.dataSource = grid
        cv.prefetchDataSource = grid
        cv.setFrame(Rect(origin: .zero, size: size))
        cv.reloadData()

        var frameTimes: [Double] = [], renderTimes: [Double] = [], cpuTimes: [Double] = []
        // The whole of a window's frame on the main thread: update, draw list and rendering (the
        // software renderer: pictures made into sprites, fades blended), wall and CPU.
        var wholeTimes: [Double] = [], wholeCPU: [Double] = []
        var shownCells = 0, placeholderCells = 0
        var peakRSS = 0.0
        var frames = 0
        var firstFrame: Double?, firstFull: Double?
        var scrollStart: Double?
        let end = seconds
        while true {
            let t = now()
            if let s = scrollStart {
                if t - s > end { break }
                cv.physics.jump(to: Point(0, min(cv.physics.maxOffset.y, speed * (t - s))))
            }
            let before = Date(), cpuBefore = threadCPU()
            cv.update(now: t)
            pipeline.update(now: t)
            var list = DrawList()
            cv.draw(into: &list)
            let drawn = Date(), cpu = threadCPU() - cpuBefore
            canvas.render(list)
            let rendered = Date(), cpuRendered = threadCPU() - cpuBefore
            frames += 1
            let visible = cv.visibleAttributes.filter { $0.kind == .cell && $0.frame.intersects(cv.bounds) }
            let pending = visible.filter { a in grid.key(cv, a.indexPath).map { pipeline.state(of: $0) == .pending || pipeline.state(of: $0) == .failed } ?? true }.count
            if firstFrame == nil { firstFrame = now() }
            if scrollStart == nil {
                if pending == 0, firstFull == nil { firstFull = now(); scrollStart = now() }
                if t > 10 { scrollStart = now() }
            } else {
                frameTimes.append(drawn.timeIntervalSince(before))
                cpuTimes.append(cpu)
                renderTimes.append(rendered.timeIntervalSince(drawn))
                wholeTimes.append(rendered.timeIntervalSince(before))
                wholeCPU.append(cpuRendered)
                shownCells += visible.count - pending
                placeholderCells += pending
                if frames % 10 == 0 { peakRSS = max(peakRSS, residentMB()) }
            }
            // 60 frames a second, in real time.
            let next = Double(frames) / 60
            let wait = next - now()
            if wait > 0 { usleep(UInt32(wait * 1e6)) }
        }
        let waitsDuring = pipeline.stats.waits
        // After: the view at rest for a second while the workers finish.
        let rest = now()
        while now() - rest < 1 {
            cv.update(now: now()); pipeline.update(now: now())
            var list = DrawList(); cv.draw(into: &list); canvas.render(list)
            usleep(16_000)
        }
        let after = residentMB()
        let s = pipeline.stats
        let total = shownCells + placeholderCells
        print("""
        \(label): \(frames) frames, scrolled \(Int(cv.contentOffset.y)) pt at \(Int(speed)) pt/s over \(Int(size.width))x\(Int(size.height)) pt at \(scale)x, \
        cells \(Int(cv.visibleAttributes.first?.frame.width ?? 0)) pt
          main thread per frame (update + draw list): p50 \(ms(percentile(frameTimes, 0.5))) ms, p99 \(ms(percentile(frameTimes, 0.99))) ms, \
        max \(ms(frameTimes.max() ?? .nan)) ms; its CPU time p99 \(ms(percentile(cpuTimes, 0.99))) ms; software rendering: p50 \(ms(percentile(renderTimes, 0.5))) ms, p99 \(ms(percentile(renderTimes, 0.99))) ms
          whole frame on the main thread (update + draw list + rendering): p50 \(ms(percentile(wholeTimes, 0.5))) ms, \
        p99 \(ms(percentile(wholeTimes, 0.99))) ms wall; CPU p50 \(ms(percentile(wholeCPU, 0.5))) ms, p99 \(ms(percentile(wholeCPU, 0.99))) ms
          cells shown as placeholder: \(String(format: "%.1f", 100 * Double(placeholderCells) / Double(max(1, total))))% of \(total) cell frames; \
        waits p50 \(ms(percentile(waitsDuring, 0.5))) ms, p95 \(ms(percentile(waitsDuring, 0.95))) ms (\(waitsDuring.count) pictures)
          pictures: \(s.requested) asked, \(s.decoded) decoded, \(s.fromDisk) from disk thumbnails, \(s.failed) failed, cancelled \(s.cancelledBeforeStart) \
        before starting and \(s.cancelledWhileRunning) while running; memory cache \(pipeline.cache.bytes >> 20) MB of \(pipeline.memoryBudget >> 20) MB
          resident: peak while scrolling \(String(format: "%.0f", peakRSS)) MB, after \(String(format: "%.0f", after)) MB
          first frame \(ms(firstFrame ?? .nan)) ms; first frame with every visible picture \(ms(firstFull ?? .nan)) ms
        """)
    }
}
