import Foundation
import Glibc
import Synchronization

/// A request from outside the process for the program's state now: `kill -USR1 PID` asks. A
/// window test waits for a state this way instead of sleeping for a guessed time; the program
/// checks `take()` once a frame and writes what it was asked for.
///
/// The signal handler only writes a byte to a pipe (all it may safely do); a thread waiting on the
/// pipe raises a flag and wakes the window loop, which may be asleep in its event wait.
public enum StateDumpRequest {
    private static let requested = Atomic<Bool>(false)
    /// The pipe's write end, set once before the handler is installed.
    nonisolated(unsafe) private static var signalPipe: Int32 = -1

    /// Installs the SIGUSR1 handler and the thread that wakes the window loop. Call once.
    public static func install() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        signalPipe = ends[1]
        let readEnd = ends[0]
        Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(readEnd, &byte, 1)
                if n == 1 {
                    StateDumpRequest.requested.store(true, ordering: .releasing)
                    WindowWakeUp.post()
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }.start()
        signal(SIGUSR1) { _ in
            var byte: UInt8 = 1
            _ = write(StateDumpRequest.signalPipe, &byte, 1)
        }
    }

    /// True once per request: the caller writes the dump.
    public static func take() -> Bool {
        requested.exchange(false, ordering: .acquiring)
    }
}
