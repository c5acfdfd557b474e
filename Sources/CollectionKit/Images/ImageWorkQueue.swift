import Synchronization

/// One picture to make on a worker. Cancelling it takes it out of the queue if it has not
/// started, and otherwise stops it at the next stage (after the disk cache is read, after the
/// decode), so a cell that scrolled away costs at most the stage under way.
final class ImageJob: Sendable {
    let key: ImageKey
    private let cancelled = Atomic<Bool>(false)
    init(key: ImageKey) { self.key = key }
    /// Whether the job was cancelled; the work checks it between stages.
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
    func cancel() { cancelled.store(true, ordering: .relaxed) }
}

/// What a job came to.
enum ImageOutcome: Sendable {
    /// The picture, from the disk cache or decoded.
    case made(ImagePixels, fromDisk: Bool)
    /// The source could not be read or decoded (why): the cell shows the failure tile.
    case failed(String)
    /// Stopped between stages after it was cancelled.
    case cancelled
    /// Not the outcome yet: a first look at the picture (its embedded thumbnail) to show
    /// until the outcome comes.
    case preview(ImagePixels)
}

/// Jobs waiting for a worker and results waiting for the main thread, behind one lock.
///
/// Pictures on screen go first, newest first (in a fast scroll the cells that just came into
/// view stay longest); pictures prefetched go after them in the order asked (nearest first).
/// At most `workers` detached tasks run at once; each takes jobs until none is left, so an idle
/// pipeline holds no thread. With no workers, jobs wait until `drainHere()` runs them on the
/// caller's thread (headless runs and tests, where the result must not depend on timing). Every result wakes the window (`wake`), which collects it in its
/// next `update(now:)`.
final class ImageWorkQueue: Sendable {
    private struct State {
        var visible: [ImageJob] = []
        var ahead: [ImageJob] = []
        var running = 0
        var finished: [(ImageJob, ImageOutcome)] = []
    }
    private let state = Mutex(State())
    let workers: Int
    /// A job's work; it may post previews (``ImageOutcome/preview(_:)``) before its outcome.
    private let work: @Sendable (ImageJob, _ post: (ImageOutcome) -> Void) -> ImageOutcome
    private let wake: @Sendable () -> Void

    init(workers: Int, wake: @escaping @Sendable () -> Void,
         work: @escaping @Sendable (ImageJob, _ post: (ImageOutcome) -> Void) -> ImageOutcome) {
        self.workers = max(0, workers)
        self.wake = wake
        self.work = work
    }

    /// Queues `job`, on screen (`visible`) or ahead of it, and starts a worker if one is free.
    func submit(_ job: ImageJob, visible: Bool) {
        let start = state.withLock { s -> Bool in
            if visible { s.visible.append(job) } else { s.ahead.append(job) }
            guard s.running < workers else { return false }
            s.running += 1
            return true
        }
        if start { Task.detached(priority: .utility) { [self] in drain() } }
    }

    /// Moves a job queued ahead of the screen to the front: its cell is on screen now.
    func promote(_ job: ImageJob) {
        state.withLock { s in
            guard let i = s.ahead.firstIndex(where: { $0 === job }) else { return }
            s.ahead.remove(at: i)
            s.visible.append(job)
        }
    }

    /// Cancels `job`: true when it had not started (it never will), false when it is running.
    @discardableResult
    func cancel(_ job: ImageJob) -> Bool {
        job.cancel()
        return state.withLock { s in
            if let i = s.visible.firstIndex(where: { $0 === job }) { s.visible.remove(at: i); return true }
            if let i = s.ahead.firstIndex(where: { $0 === job }) { s.ahead.remove(at: i); return true }
            return false
        }
    }

    /// Cancels every job not started and marks the running ones cancelled: the owner is gone.
    func cancelAll() {
        let dropped = state.withLock { s -> [ImageJob] in
            defer { s.visible.removeAll(); s.ahead.removeAll() }
            return s.visible + s.ahead
        }
        for job in dropped { job.cancel() }
    }

    /// The results finished since the last call, oldest first, at most `limit` of them (the
    /// rest wait for the next call).
    func takeFinished(limit: Int = .max) -> [(ImageJob, ImageOutcome)] {
        state.withLock { s in
            guard s.finished.count > limit else {
                defer { s.finished.removeAll() }
                return s.finished
            }
            defer { s.finished.removeFirst(max(0, limit)) }
            return Array(s.finished.prefix(max(0, limit)))
        }
    }

    /// Whether results wait to be collected.
    var hasFinished: Bool { state.withLock { !$0.finished.isEmpty } }

    /// Jobs queued and not started.
    var queuedCount: Int { state.withLock { $0.visible.count + $0.ahead.count } }

    /// Runs every queued job on the calling thread, in the order workers would take them.
    func drainHere() {
        while let job = state.withLock({ s in s.visible.popLast() ?? (s.ahead.isEmpty ? nil : s.ahead.removeFirst()) }) {
            let outcome = job.isCancelled ? .cancelled : work(job) { early in state.withLock { $0.finished.append((job, early)) } }
            state.withLock { $0.finished.append((job, outcome)) }
        }
    }

    private func drain() {
        while let job = next() {
            let outcome = job.isCancelled ? .cancelled : work(job) { [self] early in
                state.withLock { $0.finished.append((job, early)) }
                wake()
            }
            state.withLock { $0.finished.append((job, outcome)) }
            wake()
        }
    }

    private func next() -> ImageJob? {
        state.withLock { s in
            if let j = s.visible.popLast() { return j }
            if !s.ahead.isEmpty { return s.ahead.removeFirst() }
            s.running -= 1
            return nil
        }
    }
}
