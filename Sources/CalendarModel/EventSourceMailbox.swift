import Foundation

/// Hands a calendar read on another thread to the scene, which takes it on the main thread at the
/// start of a frame. Only the newest posted source is kept: a file saved twice while the scene was
/// busy is shown once, as it is now. Taking is one lock and one check, cheap enough for every frame.
///
/// A source is made entirely on the posting thread (with its own `DisplayZone`, whose offset cache
/// is not shared) and used only by the main thread after it is taken; the lock orders the two.
public final class EventSourceMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: (any EventSource)?
    private var pendingFiles: [String]?
    private var postedCount = 0

    /// Called on the posting thread after each post: a window that sleeps while idle uses it to
    /// wake up and show the new calendar (set it before the poster starts).
    public var onPost: (@Sendable () -> Void)?
    /// Called on the retiring thread after each `retire(_:)`: a poster that waits for files to
    /// change uses it to wake up and drop what was given back (set it before anything is retired).
    public var onRetire: (@Sendable () -> Void)?

    public init() {}

    /// Leaves `source` for the next `take()`, replacing one not taken yet; `files` when the set
    /// of files read changed (a calendar was added or removed).
    public func post(_ source: any EventSource, files: [String]? = nil) {
        lock.lock()
        pending = source
        if let files { pendingFiles = files }
        postedCount += 1
        lock.unlock()
        onPost?()
    }

    /// The newest posted source, once; nil when nothing new arrived.
    public func take() -> (any EventSource)? { takeUpdate()?.source }

    /// The newest posted source with the files it was read from when they changed, once.
    public func takeUpdate() -> (source: any EventSource, files: [String]?)? {
        lock.lock(); defer { lock.unlock() }
        guard let s = pending else { return nil }
        let files = pendingFiles
        pending = nil
        pendingFiles = nil
        return (s, files)
    }

    private var retired: [AnyObject] = []

    /// Gives back what the scene no longer shows (a source, or the cache holding it and its pages). Freeing a big calendar (libical's trees of
    /// thousands of components) takes tens of milliseconds, so it is not done on the main
    /// thread: the poster's thread drops what `takeRetired()` returns.
    public func retire(_ object: AnyObject) {
        lock.lock()
        retired.append(object)
        lock.unlock()
        onRetire?()
    }

    /// The sources given back since the last call, for the caller's thread to release.
    public func takeRetired() -> [AnyObject] {
        lock.lock(); defer { lock.unlock() }
        let out = retired
        retired = []
        return out
    }

    /// How many sources were posted so far (tests wait on it).
    public var posted: Int {
        lock.lock(); defer { lock.unlock() }
        return postedCount
    }
}
