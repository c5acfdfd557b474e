import Foundation
import Synchronization

/// Hands a calendar read on another thread to the scene, which takes it on the main thread at the
/// start of a frame. Only the newest posted source is kept: a file saved twice while the scene was
/// busy is shown once, as it is now. Taking is one lock and one check, cheap enough for every frame.
///
/// A source is made entirely on the posting thread (with its own `DisplayZone`, whose offset cache
/// is not shared) and used only by the main thread after it is taken; the mutex orders the two.
public final class EventSourceMailbox: Sendable {
    /// Everything the two threads share, behind one lock. A source or a retired object enters
    /// as `sending` (the poster keeps no reference) and leaves the same way, so the compiler
    /// checks that no thread holds one while another uses it.
    private struct Shared: ~Copyable {
        var pending: (any EventSource)?
        var pendingFiles: [String]?
        var postedCount = 0
        var retired: [AnyObject] = []
        var onPost: (@Sendable () -> Void)?
        var onRetire: (@Sendable () -> Void)?
    }
    private let shared = Mutex(Shared())

    /// Called on the posting thread after each post: a window that sleeps while idle uses it to
    /// wake up and show the new calendar (set it before the poster starts).
    public var onPost: (@Sendable () -> Void)? {
        get { shared.withLock { $0.onPost } }
        set { shared.withLock { $0.onPost = newValue } }
    }
    /// Called on the retiring thread after each `retire(_:)`: a poster that waits for files to
    /// change uses it to wake up and drop what was given back (set it before anything is retired).
    public var onRetire: (@Sendable () -> Void)? {
        get { shared.withLock { $0.onRetire } }
        set { shared.withLock { $0.onRetire = newValue } }
    }

    public init() {}

    /// Leaves `source` for the next `take()`, replacing one not taken yet; `files` when the set
    /// of files read changed (a calendar was added or removed).
    public func post(_ source: sending any EventSource, files: [String]? = nil) {
        let incoming = Disconnected(source)
        shared.withLock { state in
            state.pending = incoming.value
            if let files { state.pendingFiles = files }
            state.postedCount += 1
        }
        onPost?()
    }

    /// The newest posted source, once; nil when nothing new arrived.
    public func take() -> sending (any EventSource)? { takeUpdate()?.source }

    /// The newest posted source with the files it was read from when they changed, once.
    public func takeUpdate() -> sending (source: any EventSource, files: [String]?)? {
        shared.withLock { state -> sending (source: any EventSource, files: [String]?)? in
            guard let s = state.pending.take() else { return nil }
            let files = state.pendingFiles
            state.pendingFiles = nil
            return (s, files)
        }
    }

    /// Gives back what the scene no longer shows (a source, or the cache holding it and its pages). Freeing a big calendar (libical's trees of
    /// thousands of components) takes tens of milliseconds, so it is not done on the main
    /// thread: the poster's thread drops what `takeRetired()` returns.
    /// The caller drops its own reference at once (the scene replaces the property that held
    /// it); that is not something the compiler can see through a stored property, so it is the
    /// caller's promise here, as it was for the whole class before.
    public func retire(_ object: AnyObject) {
        let incoming = Disconnected(unchecked: object)
        shared.withLock { state in state.retired.append(incoming.value) }
        onRetire?()
    }

    /// The sources given back since the last call, for the caller's thread to release.
    public func takeRetired() -> sending [AnyObject] {
        shared.withLock { state -> sending [AnyObject] in
            let out = state.retired
            state.retired = []
            return out
        }
    }

    /// How many sources were posted so far (tests wait on it).
    public var posted: Int { shared.withLock { $0.postedCount } }
}

/// Carries a value that arrived as a `sending` argument (the caller can no longer touch it, which
/// the compiler checked at the call) into a `Mutex`'s closure. The closure's captures are
/// task-isolated to Swift 6.3's region analysis, so it would refuse to store even a disconnected
/// value there; this is the one claim the compiler cannot check, and it holds because the
/// initialiser takes its value as `sending` (see `init(unchecked:)` for the other).
struct Disconnected<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: sending Value) { self.value = value }
    /// For a value whose last other reference the caller is about to drop, which the compiler
    /// cannot see (it was read from a stored property): the caller's promise.
    init(unchecked value: Value) { self.value = value }
}
