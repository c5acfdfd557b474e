import CollectionKit
import Foundation
import Glibc
import Synchronization

/// Decodes pictures in worker processes, so that a decoder that crashes, loops forever or runs
/// away in memory on a hostile file costs that file alone, never the program (the idea of GNOME's
/// glycin, which runs its loaders in separate processes).
///
/// Each worker is the program itself started again in a hidden mode (``ImageDecodeWorker``; the
/// program calls ``ImageDecodeWorker/serveIfRequested()`` first thing in `main`), or any other
/// command that does. A worker limits itself before it reads a request: memory (`RLIMIT_DATA`,
/// and `RLIMIT_AS` as a backstop), CPU seconds per picture (`RLIMIT_CPU`, raised before each
/// one), no core files; and it checks each picture's header against the budget before decoding
/// (``ImageFileDecoder``). This side gives every picture a deadline (``RequestDeadline``: wall
/// time less the time the worker waited for a CPU, up to four times the limit): a worker that
/// dies (a crash, a limit reached) or misses the deadline is killed and reaped, the picture fails
/// with the reason, and the next picture starts a new worker. Workers are kept between pictures
/// (one per pipeline thread at most) and end when this program does: their requests come through
/// a socket whose other end closes then, and each watches its parent.
///
/// The protocol, on the worker's standard input and output (one Unix stream socket), integers
/// little-endian: a request is the path's length (u32), the path's bytes, the box's width and
/// height (u32 each) and the mode (u8: 0 fill, 1 fit, 2 center); an answer is 0, width and height
/// (u32 each) and width x height ARGB8888 words, or 1, a message's length (u32) and the message
/// (UTF-8). The worker sends the picture reduced to what still covers the box. Mode 3 asks for
/// the file's embedded EXIF thumbnail instead (the box unused): its pixels, or a message when it
/// has none.
public final class IsolatedImageDecoder: ImageDecoding {
    /// What one worker may use.
    public struct Limits: Equatable, Sendable {
        /// Bytes of data a worker may map beyond what it maps when it starts (`RLIMIT_DATA`;
        /// address space is held to this plus 1 GB beyond its start).
        public var memoryBytes: Int
        /// CPU seconds for one picture (`RLIMIT_CPU`).
        public var cpuSeconds: Int
        /// Seconds of wall-clock time for one picture, after which the worker is killed. Time the
        /// worker spent waiting for a CPU (a busy machine; workers run at a lower priority than
        /// the window) does not count, up to four times this in all: a good picture is not
        /// marked failed because the machine was busy, and a worker that sleeps or blocks is
        /// still killed on time.
        public var wallSeconds: Double

        /// 1.5 GB, 5 s of CPU, 10 s: a 100-megapixel picture decodes well within them.
        public static let `default` = Limits(memoryBytes: 1536 << 20, cpuSeconds: 5, wallSeconds: 10)

        public init(memoryBytes: Int, cpuSeconds: Int, wallSeconds: Double) {
            self.memoryBytes = memoryBytes
            self.cpuSeconds = cpuSeconds
            self.wallSeconds = wallSeconds
        }
    }

    /// The program started as a worker and its arguments.
    public let command: [String]
    /// Variables added to each worker's environment (tests give ``ImageDecodeWorker/faultsVariable``).
    public let environment: [String: String]
    public let limits: Limits
    public let budget: PictureBudget

    private let idle = Mutex<[WorkerProcess]>([])
    private let counts = Mutex<(started: Int, lost: Int)>((0, 0))
    private let fallbackNoted = Atomic<Bool>(false)

    /// Workers that run `command` (default: this very program, `/proc/self/exe`).
    public init(command: [String] = ["/proc/self/exe"], environment: [String: String] = [:], limits: Limits = .default,
                budget: PictureBudget = .default) {
        self.command = command
        self.environment = environment
        self.limits = limits
        self.budget = budget
    }

    deinit {
        for worker in idle.withLock({ $0 }) { worker.end() }
    }

    /// Workers started so far, and workers lost (crashed, over a limit, or past the deadline).
    public var workersStarted: Int { counts.withLock { $0.started } }
    public var workersLost: Int { counts.withLock { $0.lost } }

    public func decode(_ source: String, covering box: PixelSize, mode: ImageContentMode) throws -> ImagePixels {
        let worker: WorkerProcess
        if let kept = idle.withLock({ $0.popLast() }) {
            worker = kept
        } else {
            do {
                worker = try WorkerProcess(command: command, environment: environment, limits: limits, budget: budget)
                counts.withLock { $0.started += 1 }
            } catch {
                // No worker can be started (the program cannot be run again): the header check
                // and libpng's limits still hold, in this process.
                if !fallbackNoted.exchange(true, ordering: .relaxed) {
                    FileHandle.standardError.write(Data("CollectionKit: pictures are decoded in this process: \(error)\n".utf8))
                }
                return try ImageFileDecoder(workerNice: 10, budget: budget).decode(source, covering: box, mode: mode)
            }
        }
        do {
            let pixels = try worker.decode(source, box: box, mode: mode, deadline: limits.wallSeconds, budget: budget)
            keep(worker)
            return pixels
        } catch let refusal as PictureHeader.Refusal {
            // The worker answered: it is still good.
            keep(worker)
            throw refusal
        } catch {
            counts.withLock { $0.lost += 1 }
            worker.end()
            throw error
        }
    }

    /// The picture's embedded thumbnail (``ImageFileDecoder/embeddedThumbnail(of:)``), read and
    /// decoded by a worker as pictures are: a hostile one costs that thumbnail (and that worker),
    /// nothing else. Nil when there is none, it cannot be read, or no worker can be started.
    ///
    /// Whether there is one is read here (libexif on the file's first 128 kB, as the dates are):
    /// a picture without one costs no worker's time.
    public func embeddedThumbnail(of source: String) -> ImagePixels? {
        guard let head = try? FileSystemName.head(source, bytes: 131_072), ImageFileDecoder.embeddedThumbnailBytes(inHead: head) != nil else { return nil }
        let worker: WorkerProcess
        if let kept = idle.withLock({ $0.popLast() }) {
            worker = kept
        } else {
            guard let started = try? WorkerProcess(command: command, environment: environment, limits: limits, budget: budget) else { return nil }
            counts.withLock { $0.started += 1 }
            worker = started
        }
        do {
            let pixels = try worker.decode(source, box: PixelSize(width: 0, height: 0), mode: nil, deadline: limits.wallSeconds, budget: ImageFileDecoder.embeddedThumbnailBudget)
            keep(worker)
            return pixels
        } catch is PictureHeader.Refusal {
            keep(worker)
            return nil
        } catch {
            counts.withLock { $0.lost += 1 }
            worker.end()
            return nil
        }
    }

    private func keep(_ worker: WorkerProcess) {
        let extra = idle.withLock { list -> WorkerProcess? in
            guard list.count < 4 else { return worker }
            list.append(worker)
            return nil
        }
        extra?.end()
    }
}

/// Why a worker gave no picture.
struct ImageWorkerFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// One worker process and its socket; used by one thread at a time.
/// When a worker's answer is due: `seconds` after the request, plus the time the worker spent
/// waiting for a CPU meanwhile (a busy machine; a worker runs at a lower priority than the
/// window), never later than four times `seconds` after the request. A worker that sleeps or
/// blocks waits for no CPU, so it is due on time; one that spins uses up its CPU limit.
struct RequestDeadline: Equatable {
    /// When the answer is due now (the system's uptime, seconds).
    private(set) var at: Double
    /// The deadline without waiting counted, and the latest it may move to.
    let due: Double, latest: Double
    /// The worker's time waiting for a CPU when the request was made; nil: not known, no stretch.
    let waitedAtStart: Double?

    init(from start: Double, seconds: Double, waited: Double?) {
        at = start + seconds
        due = at
        latest = start + 4 * seconds
        waitedAtStart = waited
    }

    /// At `now`, past `at`: moves the deadline by the time the worker has waited for a CPU
    /// since the request (`waited`, its figure now), up to `latest`; true when it is later than
    /// `now` then.
    mutating func stretch(now: Double, waited: Double?) -> Bool {
        guard let start = waitedAtStart, let waited, waited > start else { return false }
        at = max(at, min(latest, due + (waited - start)))
        return at > now
    }
}

final class WorkerProcess: @unchecked Sendable {
    let pid: pid_t
    private let fd: Int32
    private var ended = false

    init(command: [String], environment: [String: String], limits: IsolatedImageDecoder.Limits, budget: PictureBudget) throws {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw ImageWorkerFailure(description: "no socket for a worker: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        // A decoder's warnings (libpng once wrote 13 MB/s of them) go nowhere.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of this program's goes with it: a descriptor opened without O_CLOEXEC (a
        // lock, a file being written) held by a worker would outlive its use here.
        // (glibc 2.34 has it; Swift's Glibc module does not declare it.)
        if let closeFrom = WorkerProcess.closeFrom { _ = closeFrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let setting = "\(limits.memoryBytes),\(limits.cpuSeconds),\(budget.maximumPixels),\(budget.maximumSide)"
        var env = ProcessInfo.processInfo.environment.filter { $0.key != ImageDecodeWorker.modeVariable }
        for (k, v) in environment { env[k] = v }
        env[ImageDecodeWorker.modeVariable] = setting
        // A crash is an answer, not something to explain at length: no backtrace.
        env["SWIFT_BACKTRACE"] = "enable=no"
        
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, command[0], &actions, &attributes, argv, envp)
        close(pair[1])
        guard status == 0 else {
            close(pair[0])
            throw ImageWorkerFailure(description: "cannot start \(command[0]): \(String(cString: strerror(status)))")
        }
        pid = child
        fd = pair[0]
    }

    deinit { end() }

    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: CloseFrom.self) }

    /// Closes the socket, kills the worker and reaps it.
    func end() {
        guard !ended else { return }
        ended = true
        close(fd)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Seconds the worker's main thread (where it decodes) has spent runnable but waiting for a
    /// CPU, from the kernel's `/proc/PID/schedstat`; nil where the kernel keeps no such figure or
    /// the worker has gone.
    func waitedForCPU() -> Double? { WorkerProcess.waitedForCPU(pid: pid) }

    /// Seconds the main thread of process `pid` has spent runnable but waiting for a CPU.
    static func waitedForCPU(pid: pid_t) -> Double? {
        let fd = open("/proc/\(pid)/schedstat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 128)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 127) }
        guard n > 0 else { return nil }
        // "time on a CPU, time waiting for one, timeslices", in nanoseconds.
        let fields = bytes[0..<n].split(separator: UInt8(ascii: " "))
        guard fields.count >= 2, let waited = UInt64(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return Double(waited) / 1e9
    }

    /// What became of a worker that stopped answering: its signal or exit status, reaped.
    private func death() -> String {
        ended = true
        close(fd)
        var status: Int32 = 0
        // It closed its end: it is ending; wait for it (a moment at most), then make sure.
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        if signal == SIGXCPU { return "the decoder used more than its CPU time" }
        if signal != 0 { return "the decoder crashed (signal \(signal))" }
        return "the decoder ended (status \((status >> 8) & 0xFF))"
    }

    /// Asks for `source` decoded to cover `box` under `mode`, or (`mode` nil) for its embedded thumbnail.
    func decode(_ source: String, box: PixelSize, mode: ImageContentMode?, deadline seconds: Double, budget: PictureBudget) throws -> ImagePixels {
        // The system's uptime: a clock set meanwhile moves no deadline.
        var deadline = RequestDeadline(from: ProcessInfo.processInfo.systemUptime, seconds: seconds, waited: waitedForCPU())
        var request = [UInt8]()
        let path = FileSystemName.bytes(source)
        func u32(_ v: Int) { request += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        u32(path.count)
        request += path
        u32(max(0, box.width))
        u32(max(0, box.height))
        request.append(mode == nil ? 3 : mode == .fill ? 0 : mode == .fit ? 1 : 2)
        try request.withUnsafeBytes { raw in
            var at = 0
            while at < raw.count {
                let n = send(fd, raw.baseAddress! + at, raw.count - at, Int32(MSG_NOSIGNAL))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw ImageWorkerFailure(description: death()) }
                at += n
            }
        }
        var head = [UInt8](repeating: 0, count: 9)
        try head.withUnsafeMutableBytes { try receive($0, &deadline) }
        func le(_ a: [UInt8], _ i: Int) -> Int { Int(a[i]) | Int(a[i + 1]) << 8 | Int(a[i + 2]) << 16 | Int(a[i + 3]) << 24 }
        if head[0] == 1 {
            let length = le(head, 1)
            guard length <= 4096 else { throw ImageWorkerFailure(description: death()) }
            var message = [UInt8](repeating: 0, count: length)
            // The message's first four bytes came with the head.
            let first = Array(head[5..<9])
            var rest = [UInt8](repeating: 0, count: max(0, length - 4))
            if !rest.isEmpty { try rest.withUnsafeMutableBytes { try receive($0, &deadline) } }
            message = Array((first + rest).prefix(length))
            throw PictureHeader.Refusal(String(decoding: message, as: UTF8.self))
        }
        let w = le(head, 1), h = le(head, 5)
        // An answer larger than any picture within the budget is a worker gone wrong.
        guard head[0] == 0, w > 0, h > 0, w <= 1 << 15, h <= 1 << 15, w * h <= budget.maximumPixels else {
            throw ImageWorkerFailure(description: death())
        }
        var failure: Error?
        let words = [UInt32](unsafeUninitializedCapacity: w * h) { buffer, n in
            do { try receive(UnsafeMutableRawBufferPointer(buffer), &deadline) } catch { failure = error }
            n = w * h
        }
        if let failure { throw failure }
        guard let pixels = ImagePixels(width: w, height: h, pixels: words) else { throw ImageWorkerFailure(description: death()) }
        return pixels
    }

    /// Fills `buffer` from the socket by `deadline`; a worker that closes it or misses the
    /// deadline is killed and reaped, and this throws why.
    private func receive(_ buffer: UnsafeMutableRawBufferPointer, _ deadline: inout RequestDeadline) throws {
        var at = 0
        while at < buffer.count {
            var left = deadline.at - ProcessInfo.processInfo.systemUptime
            if left <= 0, deadline.stretch(now: ProcessInfo.processInfo.systemUptime, waited: waitedForCPU()) {
                left = deadline.at - ProcessInfo.processInfo.systemUptime
            }
            guard left > 0 else {
                _ = death()
                throw ImageWorkerFailure(description: "the decoder took longer than its time")
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(min(left * 1000 + 1, 60_000)))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { continue }
            let n = recv(fd, buffer.baseAddress! + at, buffer.count - at, 0)
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else { throw ImageWorkerFailure(description: death()) }
            at += n
        }
    }
}

/// The worker's side of ``IsolatedImageDecoder``: a program that offers workers calls
/// ``serveIfRequested()`` first thing; started as a worker, it serves requests on its standard
/// input and output until that closes, then exits, and never returns.
public enum ImageDecodeWorker {
    /// Set in a worker's environment: its limits (`memory,cpu,pixels,side`).
    public static let modeVariable = "COLLECTIONKIT_IMAGE_WORKER"
    /// For tests: `crash=NAME,hang=NAME,sleep=NAME,allocate=NAME,...`: the worker crashes, loops
    /// forever, sleeps forever or allocates without end when asked for a file of that name, as a
    /// broken decoder would; `thumbnail-crash=NAME` (and so on) only when asked for its embedded
    /// thumbnail, `picture-sleep=NAME` (and so on) only when asked for the picture.
    public static let faultsVariable = "COLLECTIONKIT_IMAGE_WORKER_FAULTS"

    /// Serves as a decode worker when started as one (never returns then); otherwise returns at once.
    public static func serveIfRequested() {
        guard let value = getenv(modeVariable).map({ String(cString: $0) }) else { return }
        unsetenv(modeVariable)
        let numbers = value.split(separator: ",").compactMap { Int($0) }
        guard numbers.count == 4 else { exit(2) }
        let faults = getenv(faultsVariable).map { String(cString: $0) } ?? ""
        serve(memory: numbers[0], cpu: numbers[1], budget: PictureBudget(maximumPixels: numbers[2], maximumSide: numbers[3]),
              faults: Dictionary(faults.split(separator: ",").compactMap { pair -> (String, String)? in
                  let kv = pair.split(separator: "=", maxSplits: 1)
                  return kv.count == 2 ? (String(kv[1]), String(kv[0])) : nil
              }, uniquingKeysWith: { a, _ in a }))
    }

    /// The process's address space and data now (`VmSize`, `VmData`), in bytes.
    static func mappedBytes() -> (size: Int, data: Int) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
            // "VmSize:\t   1234 kB" (a wide number leaves no spaces after the tab).
            return (Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0) * 1024
        }
        return (field("VmSize"), field("VmData"))
    }

    static func limit(_ resource: Int32, _ value: Int) {
        var r = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
        _ = setrlimit(__rlimit_resource_t(UInt32(resource)), &r)
    }

    static func serve(memory: Int, cpu: Int, budget: PictureBudget, faults: [String: String]) -> Never {
        // Counted from what the worker maps already (the program's own data, and under
        // AddressSanitizer its terabytes of shadow), so the limits bound what a decode adds.
        let (size, data) = mappedBytes()
        limit(Int32(RLIMIT_DATA.rawValue), data + memory)
        limit(Int32(RLIMIT_AS.rawValue), size + memory + (1 << 30))
        limit(Int32(RLIMIT_CORE.rawValue), 0)
        // Decoding is long work and drawing short: the window's threads go first.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        // Ends with its parent even in the middle of a decode that never returns.
        let parent = getppid()
        Thread.detachNewThread {
            while getppid() == parent { usleep(200_000) }
            _exit(0)
        }
        let decoder = ImageFileDecoder(workerNice: nil, budget: budget)
        while true {
            guard let head = readExactly(4) else { exit(0) }
            let length = le(head, 0)
            guard length <= 1 << 16, let path = readExactly(length), let rest = readExactly(9) else { exit(0) }
            let box = PixelSize(width: le(rest, 0), height: le(rest, 4))
            let mode: ImageContentMode = rest[8] == 0 ? .fill : rest[8] == 1 ? .fit : .center
            let embedded = rest[8] == 3
            // The CPU limit counts the whole process: this picture gets `cpu` seconds from now.
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            let used = Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1
            var r = rlimit(rlim_cur: rlim_t(used + cpu), rlim_max: rlim_t.max)
            _ = setrlimit(__rlimit_resource_t(UInt32(RLIMIT_CPU.rawValue)), &r)
            let source = FileSystemName.string(path)
            let name = String(source.split(separator: "/").last ?? "")
            // A fault `thumbnail-crash` (and the like) strikes the embedded thumbnail only,
            // `picture-sleep` the picture only.
            if let fault = faults[name] {
                if fault.hasPrefix("thumbnail-") { if embedded { act(String(fault.dropFirst(10))) } }
                else if fault.hasPrefix("picture-") { if !embedded { act(String(fault.dropFirst(8))) } }
                else { act(fault) }
            }
            do {
                let p: ImagePixels
                if embedded {
                    guard let small = decoder.embeddedThumbnail(of: source) else { throw PictureHeader.Refusal("no embedded thumbnail") }
                    p = small
                } else {
                    p = reduced(try decoder.decode(source, covering: box, mode: mode), covering: box, mode: mode)
                }
                var out: [UInt8] = [0]
                put(&out, p.width)
                put(&out, p.height)
                guard writeAll(out) else { exit(0) }
                guard p.pixels.withUnsafeBytes({ writeAll($0) }) else { exit(0) }
            } catch {
                let message = Array(String(describing: error).utf8.prefix(4096))
                var out: [UInt8] = [1]
                put(&out, message.count)
                out += message
                // An answer is at least 9 bytes long.
                while out.count < 9 { out.append(0) }
                guard writeAll(out) else { exit(0) }
            }
        }
    }

    /// The picture reduced to the least that still covers `box` under `mode` (never cropped).
    static func reduced(_ p: ImagePixels, covering box: PixelSize, mode: ImageContentMode) -> ImagePixels {
        guard box.width > 0, box.height > 0 else { return p }
        let s = min(1, mode.scale(from: p.size, to: box))
        guard s < 1 else { return p }
        let target = PixelSize(width: max(1, Int((Double(p.width) * s).rounded(.up))), height: max(1, Int((Double(p.height) * s).rounded(.up))))
        return p.thumbnail(for: target, mode: .fit)
    }

    /// The `allocate` fault's blocks.
    nonisolated(unsafe) static var allocatedBlocks: [UnsafeMutableRawPointer] = []

    /// A broken decoder, for tests.
    static func act(_ fault: String) {
        switch fault {
        case "crash":
            raise(SIGSEGV)
        case "hang":
            // A system call each turn: no optimiser can take the loop away.
            while getpid() != 0 {}
        case "sleep":
            while true { sleep(1000) }
        case "allocate":
            // Touches every page, as a decoder filling a huge buffer does, until the limit stops it.
            // Each block is kept where other code could read it: an optimiser may not drop a block
            // nothing reads, and the loop would then only spin until the CPU limit.
            while true {
                guard let block = malloc(64 << 20) else { abort() }
                memset(block, 1, 64 << 20)
                allocatedBlocks.append(block)
            }
        default:
            break
        }
    }

    static func le(_ a: [UInt8], _ i: Int) -> Int { Int(a[i]) | Int(a[i + 1]) << 8 | Int(a[i + 2]) << 16 | Int(a[i + 3]) << 24 }
    static func put(_ out: inout [UInt8], _ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }

    static func readExactly(_ n: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: n)
        var at = 0
        let ok = out.withUnsafeMutableBytes { raw -> Bool in
            while at < n {
                let r = read(0, raw.baseAddress! + at, n - at)
                if r < 0 && errno == EINTR { continue }
                if r <= 0 { return false }
                at += r
            }
            return true
        }
        return ok ? out : nil
    }

    static func writeAll(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { writeAll($0) } }

    static func writeAll(_ raw: UnsafeRawBufferPointer) -> Bool {
        var at = 0
        while at < raw.count {
            let n = write(1, raw.baseAddress! + at, raw.count - at)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            at += n
        }
        return true
    }
}
