import CollectionKit

/// SIGTERM and SIGINT before SDL is started (while a large script is read): ``install()`` takes
/// them first (the engine's `QuitSignals`), the reading stops, and the run stops at its first
/// frame and writes its dump, as a SIGTERM during the run does.
///
/// The handlers are never given back: SDL is told to leave both signals alone and the engine's
/// handler stays for the whole run. (Putting the default action back for SDL to replace, with the
/// signals blocked on the main thread only, let a signal delivered to another thread in that
/// moment end the process with status 143.)
public enum EarlyStop {
    /// Takes SIGTERM and SIGINT. Call once, first of all.
    public static func install() { QuitSignals.install() }

    /// True once SIGTERM or SIGINT came.
    public static var isRequested: Bool { QuitSignals.isRequested }

    /// Runs `start` (which starts SDL). The engine's handlers stay in place while SDL starts, so
    /// no signal has its default action at any moment, on any thread.
    public static func handOver<T>(_ start: () throws -> T) rethrows -> T {
        install()
        return try start()
    }
}
