import Synchronization

/// Loads pictures for cells without ever blocking a frame: an app makes one, gives it a decoder
/// (and a disk cache) from its backend, and cells draw through it (``draw(_:in:cornerRadius:into:)``).
///
/// A picture not in the memory cache is asked of a worker (the disk thumbnail cache first, then
/// a decode scaled down to the cell's pixels) and the cell shows a placeholder until it arrives;
/// then it fades in over ``fadeDuration``. A picture no frame drew since the last update and no
/// prefetch asked for is cancelled, so a cell scrolled past costs nothing more. Prefetching
/// (``prefetch(_:)``, from `CollectionPrefetchingDataSource`) starts pictures before their cells
/// appear.
///
/// The pipeline never reads a clock: `update(now:)` brings it to the frame's time. It belongs to
/// the thread that draws; only its workers run elsewhere. Each finished picture calls `wake`,
/// which a window loop uses to draw a frame (`WindowWakeUp.post` in the SDL backend).
///
/// ```swift
/// let pipeline = ImagePipeline(decoder: ImageFileDecoder(), thumbnails: FreedesktopThumbnails(),
///                              wake: { WindowWakeUp.post() })
/// // in a cell:
/// pipeline.draw(ImageKey(source: path, size: frame.size, scale: 2), in: frame, into: &list)
/// // once a frame:
/// pipeline.update(now: now)
/// ```
public final class ImagePipeline {
    /// Seconds a picture takes to fade in over its placeholder.
    public var fadeDuration = 0.2
    /// What a cell shows while its picture is pending: a neutral tile.
    public var placeholderColor = Color(r: 0x80, g: 0x80, b: 0x80, a: 0x40)
    /// What a cell shows when its picture cannot be decoded: a tile of this colour with a cross
    /// of ``failureMarkColor`` (nil: the placeholder, as before).
    public var failureColor: Color? = nil
    public var failureMarkColor = Color(r: 0xE5, g: 0x53, b: 0x4B, a: 0xFF)
    /// The most finished pictures one `update(now:)` collects (1 or more). Each one collected
    /// becomes a texture and starts its fade in the frame that follows, so a burst of arrivals (a
    /// screenful of thumbnails read from disk at once) is spread over a few frames instead of
    /// landing in one; the rest are collected by the next updates (``nextDeadline(after:)`` asks
    /// for them at once). With no workers every finished picture is collected, so headless runs
    /// stay the same frame for frame.
    public var arrivalsPerUpdate = 6
    /// Whether a picture's embedded thumbnail (a JPEG's EXIF thumbnail, when the decoder reads
    /// them: ``ImageDecoding/embeddedThumbnail(of:)``) is shown, scaled up, while the picture is
    /// decoded, instead of the placeholder; the picture then fades in over it. Default true.
    public var showsEmbeddedThumbnails: Bool {
        get { previewsOn.value.load(ordering: .relaxed) }
        set { previewsOn.value.store(newValue, ordering: .relaxed) }
    }
    /// Read by the workers.
    private let previewsOn = AtomicFlag(true)
    /// Decoded pictures kept in memory.
    public internal(set) var cache: ImageMemoryCache
    /// Counts of what the pipeline did, for benchmarks and tests.
    public var stats = ImagePipelineStats()
    /// The time of the last `update(now:)`.
    public private(set) var now = 0.0

    private let queue: ImageWorkQueue
    private var inFlight: [ImageKey: ImageJob] = [:]
    private var arrivals: [ImageKey: Double] = [:]
    private var failed: Set<ImageKey> = []
    private var failureReasons: [String: String] = [:]
    private var pendingSince: [ImageKey: Double] = [:]
    /// Embedded thumbnails shown until their picture has arrived and faded in.
    private(set) var previews: [ImageKey: ImagePixels] = [:]
    /// Keys drawn since the last update, and by the last frame drawn before it.
    private var drawn: Set<ImageKey> = [], didDraw = false
    private var wanted: Set<ImageKey> = []
    private var prefetched: Set<ImageKey> = []

    /// A pipeline decoding with `decoder` on `workers` threads, keeping thumbnails in
    /// `thumbnails` (nil: none on disk) and up to `memoryBudget` bytes of pictures in memory.
    /// With 0 workers every picture asked for is made during the next `update(now:)`, on the
    /// caller's thread: a headless run then gives the same frames whatever the machine's speed
    /// (never in a window, whose frames it would block).
    public init(decoder: any ImageDecoding, thumbnails: (any ThumbnailStoring)? = nil, memoryBudget: Int = 48 << 20,
                workers: Int = 2, wake: @escaping @Sendable () -> Void = {}) {
        cache = ImageMemoryCache(budget: memoryBudget)
        let previewsOn = previewsOn
        queue = ImageWorkQueue(workers: workers, wake: wake) { job, post in
            ImagePipeline.make(job, decoder: decoder, thumbnails: thumbnails, previews: previewsOn.value.load(ordering: .relaxed), post: post)
        }
    }

    /// Work still queued when the pipeline goes would keep the workers busy for nobody.
    deinit {
        for job in inFlight.values { job.cancel() }
        queue.cancelAll()
    }

    /// The most bytes of pictures kept in memory.
    public var memoryBudget: Int {
        get { cache.budget }
        set { cache.budget = newValue }
    }

    /// Brings the pipeline to `now`: cancels work for pictures no longer drawn or prefetched,
    /// collects finished pictures (they fade in from now) and forgets finished fades.
    /// O(in flight + finished + fading).
    public func update(now: Double) {
        self.now = now
        // Several updates may run between two frames (one per input event): only a frame that
        // was drawn says what is still on screen.
        if didDraw {
            wanted = drawn
            drawn.removeAll(keepingCapacity: true)
            didDraw = false
        }
        for (key, job) in inFlight where !wanted.contains(key) && !prefetched.contains(key) {
            if queue.cancel(job) { stats.cancelledBeforeStart += 1 } else { stats.cancelledWhileRunning += 1 }
            inFlight[key] = nil
            pendingSince[key] = nil
            previews[key] = nil
        }
        if queue.workers == 0 { queue.drainHere() }
        for (job, outcome) in queue.takeFinished(limit: queue.workers == 0 ? .max : max(1, arrivalsPerUpdate)) {
            let key = job.key
            if case let .preview(pixels) = outcome {
                // Only while the picture is still on its way.
                if inFlight[key] === job { previews[key] = pixels; stats.previews += 1 }
                continue
            }
            if inFlight[key] === job { inFlight[key] = nil }
            switch outcome {
            case let .made(pixels, fromDisk):
                if fromDisk { stats.fromDisk += 1 } else { stats.decoded += 1 }
                cache.insert(pixels, for: key)
                if wanted.contains(key) { arrivals[key] = now }
                if let since = pendingSince.removeValue(forKey: key) {
                    // The latest waits only: a long session keeps no growing list.
                    if stats.waits.count >= ImagePipelineStats.keptWaits { stats.waits.removeFirst(ImagePipelineStats.keptWaits / 2) }
                    stats.waits.append(now - since)
                }
            case let .failed(reason):
                stats.failed += 1
                failed.insert(key)
                // The latest reasons only, by source: a long session keeps no growing list.
                if failureReasons.count >= 1_000 { failureReasons.removeAll(keepingCapacity: true) }
                failureReasons[key.source] = reason
                pendingSince[key] = nil
                previews[key] = nil
            case .cancelled:
                stats.stoppedBetweenStages += 1
                previews[key] = nil
            case .preview:
                break
            }
        }
        let fade = Appearance.reducesMotion ? 0 : fadeDuration
        if !arrivals.isEmpty { arrivals = arrivals.filter { now - $0.value < fade } }
        // A preview goes once its picture is in and has faded in over it.
        if !previews.isEmpty { previews = previews.filter { inFlight[$0.key] != nil || arrivals[$0.key] != nil } }
    }

    /// `now` while a picture fades in or a finished one waits to be collected (or, with no
    /// workers, waits to be made); nil otherwise (a picture that finishes later wakes the window).
    public func nextDeadline(after now: Double) -> Double? {
        (!arrivals.isEmpty || queue.hasFinished || (queue.workers == 0 && !inFlight.isEmpty)) ? now : nil
    }

    /// Starts loading the pictures of items about to appear, nearest first, unless kept already.
    /// They stay wanted until ``cancelPrefetching(_:)`` (or until drawn and then left).
    public func prefetch(_ keys: [ImageKey]) {
        for key in keys where !cache.contains(key) && !failed.contains(key) {
            prefetched.insert(key)
            request(key, visible: false)
        }
    }

    /// The pictures of items no longer about to appear: their work stops at the next update
    /// unless a frame draws them.
    public func cancelPrefetching(_ keys: [ImageKey]) {
        for key in keys { prefetched.remove(key) }
    }

    /// Where a picture stands, for the state dump and tests.
    public func state(of key: ImageKey) -> ImageLoadState {
        if cache.contains(key) { return arrivals[key] == nil ? .shown : .fading }
        if failed.contains(key) { return .failed }
        return .pending
    }

    /// Whether `key` shows its embedded thumbnail while it is pending (or fading in over it).
    public func showsPreview(of key: ImageKey) -> Bool { previews[key] != nil }

    /// Why the picture of `source` failed (the decoder's or the header check's reason), for the
    /// latest failures; nil when it did not fail (or failed long ago).
    public func failureReason(of source: String) -> String? { failureReasons[source] }

    /// Pictures asked of the workers and not finished.
    public var inFlightCount: Int { inFlight.count }

    /// Asks a worker for `key` unless it is kept, known broken or already asked for; a picture
    /// asked ahead of the screen that is now on it moves to the front.
    func request(_ key: ImageKey, visible: Bool) {
        guard !cache.contains(key), !failed.contains(key) else { return }
        if let job = inFlight[key] {
            if visible { queue.promote(job) }
            return
        }
        let job = ImageJob(key: key)
        inFlight[key] = job
        stats.requested += 1
        queue.submit(job, visible: visible)
    }

    /// Notes that the frame being drawn shows `key`, and asks for it if it is not ready.
    func markDrawn(_ key: ImageKey) {
        drawn.insert(key)
        didDraw = true
        // On screen now: wanted because it is drawn, no longer because it was prefetched.
        if !prefetched.isEmpty { prefetched.remove(key) }
    }

    /// How far `key` has faded in at the pipeline's time (1: fully shown).
    func fade(of key: ImageKey) -> Double {
        guard let t = arrivals[key] else { return 1 }
        return Appearance.linearProgress(now: now, start: t, duration: fadeDuration)
    }

    /// Notes that `key` is drawn as a placeholder from now, for the wait statistics.
    func notePending(_ key: ImageKey) {
        if pendingSince[key] == nil { pendingSince[key] = now }
    }

    func isFailed(_ key: ImageKey) -> Bool { failed.contains(key) }
}

/// Where a picture stands.
public enum ImageLoadState: String, Sendable {
    /// Shown in full.
    case shown
    /// Arrived and fading in over its placeholder.
    case fading
    /// Not ready: the placeholder shows.
    case pending
    /// The source could not be read or decoded, or was refused (over the budget, a broken
    /// header, a decoder that crashed or ran out of time): the failure tile shows.
    case failed
}

/// What an ``ImagePipeline`` has done since it was made (or since `stats` was reset).
public struct ImagePipelineStats: Equatable, Sendable {
    /// Pictures asked of the workers.
    public var requested = 0
    /// Pictures read from the disk thumbnail cache, and decoded from their source.
    public var fromDisk = 0, decoded = 0
    /// Sources that could not be decoded.
    public var failed = 0
    /// Work cancelled before it started, while it ran (its result still kept if it finished),
    /// and stopped between stages because of it.
    public var cancelledBeforeStart = 0, cancelledWhileRunning = 0, stoppedBetweenStages = 0
    /// Cells drawn with their picture, and with a placeholder.
    public var pictureDraws = 0, placeholderDraws = 0
    /// Embedded thumbnails received to show while their pictures were decoded, and cells drawn
    /// with one.
    public var previews = 0, previewDraws = 0
    /// Seconds each picture drawn as a placeholder waited until it arrived (the latest
    /// `keptWaits` at most).
    public var waits: [Double] = []
    public static let keptWaits = 20_000
    public init() {}
}

/// A flag the pipeline's owner sets and its workers read.
final class AtomicFlag: Sendable {
    let value: Atomic<Bool>
    init(_ on: Bool) { value = Atomic(on) }
}
