import Foundation

/// Serializes the adapter's use of libical across threads.
///
/// A reloaded calendar is parsed on the file watcher's thread while the scene expands pages of
/// the shown one on the main thread. The two calendars share no libical objects, and libical
/// 3.0 guards its builtin time zones and VTIMEZONE expansions with mutexes and keeps its error
/// number and temporary buffers per thread; but its table of error states is plain global
/// data, written by the parser itself (it marks malformed data non-fatal and back while it reads
/// a TRIGGER or a PERIOD value, both common in real calendars: alarms, free/busy, RDATE periods)
/// and read by every call that reports an error. So parsing and expanding take turns here.
///
/// The lock is fair (tickets, first come first served) and reentrant, and parsing holds it only
/// in short stretches (`yieldToWaiters()` every few lines and events), so a page expanded on the
/// main thread waits at most one stretch, not a whole file. Freeing parsed calendars and
/// iterators needs no turn: it reads no shared state.
///
/// Its state is guarded by a condition variable (waiters sleep until their ticket is served),
/// which `Mutex` cannot do, so the conformance stays unchecked: every stored property is read
/// and written only while `condition` is held.
final class LibicalLock: @unchecked Sendable {
    static let shared = LibicalLock()

    private let condition = NSCondition()
    private var nextTicket = 0
    private var serving = 0
    private var owner: pthread_t?
    private var depth = 0
    private var waitCount = 0
    /// How many times a thread had to wait for another's turn (tests read it).
    var waits: Int {
        condition.lock()
        defer { condition.unlock() }
        return waitCount
    }

    func lock() {
        let me = pthread_self()
        condition.lock()
        defer { condition.unlock() }
        if depth > 0, let owner, pthread_equal(owner, me) != 0 { depth += 1; return }
        let ticket = nextTicket
        nextTicket += 1
        if serving != ticket { waitCount += 1 }
        while serving != ticket { condition.wait() }
        owner = me
        depth = 1
    }

    func unlock() {
        condition.lock()
        defer { condition.unlock() }
        depth -= 1
        if depth == 0 {
            owner = nil
            serving += 1
            condition.broadcast()
        }
    }

    func run<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Lets threads that are waiting take their turn first, when the caller holds the lock once
    /// (not nested, where its state may be mid-change); then takes it back.
    func yieldToWaiters() {
        condition.lock()
        let waiting = nextTicket - serving > 1 && depth == 1
        condition.unlock()
        if waiting { unlock(); lock() }
    }

    /// Whether the calling thread holds the lock (tests and assertions).
    var isHeldByCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return depth > 0 && owner.map { pthread_equal($0, pthread_self()) != 0 } == true
    }
}
