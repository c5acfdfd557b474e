import Glibc
import Synchronization

/// SIGTERM and SIGINT before SDL is started (while a large script is read): SDL turns them into
/// a quit once it runs, but until then they ended the process at once (status 143, no dump).
/// ``install()`` takes them first; the reading stops; ``handOver(_:)`` gives them to SDL as it
/// starts, with a stop asked for before it queued as a quit, so the run stops at its first frame
/// and writes its dump, as a SIGTERM during the run does.
public enum EarlyStop {
    private static let requested = Atomic<Bool>(false)

    /// Takes SIGTERM and SIGINT. Call once, first of all.
    public static func install() {
        signal(SIGTERM) { _ in EarlyStop.requested.store(true, ordering: .relaxed) }
        signal(SIGINT) { _ in EarlyStop.requested.store(true, ordering: .relaxed) }
    }

    /// True once SIGTERM or SIGINT came before SDL took them.
    public static var isRequested: Bool { requested.load(ordering: .relaxed) }

    /// Runs `start` (which starts SDL) with the signals held back and their default handling put
    /// back, so SDL installs its own; a stop asked for earlier is raised again once SDL has them.
    public static func handOver<T>(_ start: () throws -> T) rethrows -> T {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        sigaddset(&held, SIGTERM)
        sigaddset(&held, SIGINT)
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
        defer {
            if isRequested { raise(SIGTERM) }
            // A signal that came meanwhile is delivered now, to SDL's handler (or the default one).
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try start()
    }
}
