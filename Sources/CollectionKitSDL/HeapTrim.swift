import Glibc

/// Gives the memory a burst of work freed back to the system once the window has gone quiet.
///
/// Drawing ahead (the carousel's steps between pages) and the first frames allocate many short-lived
/// buffers; glibc's malloc keeps the pages they freed inside its heap, where they stay resident
/// until something is allocated there again. `malloc_trim(0)` returns every free page of every
/// arena (the middle of the heap too, not only its top, as `M_TRIM_THRESHOLD` does). It walks the
/// free lists, so it runs only when the loop has had nothing to do for `quiet` seconds after frames
/// were drawn or drawing ahead made something: once per burst of work, never between the frames of
/// an animation or a drag.
struct HeapTrim {
    /// Seconds with nothing to do before the heap is trimmed.
    static let quiet = 0.25
    /// Trims done so far (for tests, which count them).
    private(set) var count = 0
    /// Whether something was drawn or prepared since the last trim.
    private(set) var pending = false
    private let trim: () -> Void

    /// `trim` gives the free pages back (glibc's `malloc_trim(0)`; tests count calls instead).
    init(trim: @escaping () -> Void = HeapTrim.mallocTrim) { self.trim = trim }

    /// A frame was drawn, or drawing ahead prepared something.
    mutating func workDone() { pending = true }

    /// How long the idle loop may wait before `quietPassed()` is due: nil when nothing is pending.
    func wait(untilDeadline left: Double?) -> Double? {
        guard pending else { return nil }
        return left.map { min($0, HeapTrim.quiet) } ?? HeapTrim.quiet
    }

    /// The loop waited `waited` seconds and nothing came: trims when the quiet time has passed and
    /// work was done since the last trim. Returns whether it trimmed.
    @discardableResult
    mutating func quietPassed(_ waited: Double) -> Bool {
        guard pending, waited >= HeapTrim.quiet else { return false }
        pending = false
        count += 1
        trim()
        return true
    }

    /// Makes threads that start allocating from now on share the main thread's heap (glibc's
    /// `mallopt(M_ARENA_MAX, 1)`), done once when a window loop starts. The picture pipeline's
    /// workers otherwise each get an arena of their own, whose free top (up to the trim
    /// threshold malloc raised to its largest freed block, about 1 MB after a picture's decode)
    /// `malloc_trim` does not give back: the photo wall kept 1.0 to 1.4 MB more resident. In the
    /// main heap the quiet-time trim returns it. A worker's allocations are a few a picture, so
    /// the shared lock is not contended. Returns whether the C library took it.
    @discardableResult
    static func shareOneArena() -> Bool { oneArena }

    private static let oneArena: Bool = {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "mallopt") else { return false }
        let mArenaMax: Int32 = -8
        return unsafeBitCast(symbol, to: Mallopt.self)(mArenaMax, 1) == 1
    }()

    /// glibc's `malloc_trim(0)`, looked up at run time: Swift's Glibc module does not declare
    /// `<malloc.h>`. On a C library without it, nothing is done.
    static let mallocTrim: @Sendable () -> Void = {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") else { return {} }
        let function = unsafeBitCast(symbol, to: Trim.self)
        return { _ = function(0) }
    }()
}

/// The process's memory as the window loop manages it.
public enum ProcessMemory {
    /// Makes threads that start allocating from now on share the main thread's heap (glibc's
    /// `M_ARENA_MAX` of 1), whose free pages the window loop gives back once the window goes
    /// quiet; a thread's own arena keeps its free top resident (the photo wall's picture workers
    /// held about 1 MB each). `WindowLoop.run()` does it when it starts; a program that starts
    /// threads before (a picture pipeline made with its root) calls it first thing: glibc fixes
    /// its limit on heaps the first time a thread finds more than eight, and a later call then
    /// changes nothing. Returns whether the C library took it (false without glibc's `mallopt`).
    @discardableResult
    public static func shareOneHeap() -> Bool { HeapTrim.shareOneArena() }
}
