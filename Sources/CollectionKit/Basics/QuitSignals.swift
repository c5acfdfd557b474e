import Glibc
import Synchronization

/// SIGINT (Ctrl+C in a terminal) and SIGTERM (a session ending, `kill`) as a request to quit, as a
/// desktop program takes them: the program finishes its frame, saves what it saves on closing and
/// exits 0, instead of dying where it stands.
///
/// The SDL backend installs this when SDL starts (`WindowLoop.run` then ends within a frame of
/// the signal, as when the window is closed); a program that reads files before it opens its
/// window calls ``install()`` first of all, so a signal during that reading is not the default
/// one that kills the process, and asks ``isRequested`` between its steps.
///
/// The handlers stay installed for the life of the process: there is no moment at which either
/// signal has its default action again, on any thread. A signal the program inherited as ignored
/// (a program started with `&` from a script) is taken too: a window program quits on Ctrl+C.
public enum QuitSignals {
    private static let requested = Atomic<Bool>(false)
    private static let installed = Mutex<[@Sendable () -> Void]?>(nil)
    /// Posted by the handler (`sem_post` is async-signal-safe), waited on by the watcher thread,
    /// which runs the observers outside the signal handler.
    nonisolated(unsafe) private static let posted: UnsafeMutablePointer<sem_t> = {
        let s = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(s, 0, 0)
        return s
    }()

    /// The signals taken: SIGINT and SIGTERM.
    public static let signals: [Int32] = [SIGINT, SIGTERM]

    /// Takes SIGINT and SIGTERM for the rest of the process. Safe to call more than once and from
    /// any thread; only the first call installs.
    public static func install() {
        let first = installed.withLock { observers -> Bool in
            guard observers == nil else { return false }
            observers = []
            return true
        }
        guard first else { return }
        _ = posted
        for sig in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                QuitSignals.requested.store(true, ordering: .sequentiallyConsistent)
                sem_post(QuitSignals.posted)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, 64 * 1024)
        pthread_create(&thread, &attributes, { _ in
            while true {
                while sem_wait(QuitSignals.posted) != 0 {}
                let observers = QuitSignals.installed.withLock { $0 ?? [] }
                for observer in observers { observer() }
            }
        }, nil)
        pthread_attr_destroy(&attributes)
        pthread_detach(thread)
    }

    /// True once SIGINT or SIGTERM came after ``install()``.
    public static var isRequested: Bool { requested.load(ordering: .sequentiallyConsistent) }

    /// Calls `observer` on a thread of its own each time SIGINT or SIGTERM arrives (at once, too, when
    /// one already came): a loop asleep waiting for input is woken from here. Installs the handlers
    /// if ``install()`` was not called yet.
    public static func onRequest(_ observer: @escaping @Sendable () -> Void) {
        install()
        installed.withLock { $0?.append(observer) }
        if isRequested { observer() }
    }

    /// Forgets a request, for tests that raise the signal in their own process.
    static func resetForTesting() { requested.store(false, ordering: .sequentiallyConsistent) }
}
