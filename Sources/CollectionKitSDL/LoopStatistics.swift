import CollectionKit
import Foundation
import Glibc

/// Frame statistics of a window loop, written as JSON when the loop ends, for any program that runs
/// a `WindowLoop`: set `COLLECTIONKIT_STATS=FILE` in its environment. The program needs no code of
/// its own, so an app is measured as it ships.
///
/// The file holds, in this order: `frames` (frames drawn after the first), `frame_ms_p50`,
/// `frame_ms_p99`, `frame_ms_max` (the CPU time of those frames on the loop's thread: input, update,
/// draw list and rendering, not the wait for the display), `first_frame_cpu_ms` (the first frame's
/// CPU time, which opens fonts and fills caches), `first_frame_ms` (wall time from the process's
/// start to the first frame on the screen, to within the kernel's clock tick, 10 ms on most
/// systems), `peak_rss_kb` (the process's peak resident memory, `VmHWM`), `rss_kb` (resident
/// memory at the end, `VmRSS`), `live_cells_max`, `frames_skipped` (60 Hz ticks slept through),
/// `frames_asked` (every frame the loop ran, the first included), `frames_presented` (those
/// that put pixels on the screen; the rest changed nothing visible), `key_frames` (frames that
/// handled a key press), `key_frames_presented` (of those, the frames that put pixels on the
/// screen: a key whose effect shows reaches the screen in the frame that handles it, not a frame
/// later) and `inputs_absorbed` (input events taken without a frame at all, with nothing moving:
/// pointer moves that changed nothing the root shows, see `InteractiveRoot.absorbs(_:now:)`;
/// they are not among `frames_asked`) and `event_waits` (the times the loop's thread waited in
/// the system's event wait, each ending on an event or a deadline: a few per input event and
/// frame; a wait woken again and again by nothing the loop wants shows here).
///
/// ```sh
/// COLLECTIONKIT_STATS=/tmp/stats.json .build/release/notes-example
/// ```
final class LoopStatistics: FrameTimer {
    /// The environment variable that names the file.
    static let variable = "COLLECTIONKIT_STATS"
    /// Where the statistics go.
    let path: String
    /// The timer the program set itself (the demo's `--stats`), still told of every frame.
    let inner: FrameTimer?
    private(set) var stats = FrameStats()
    private(set) var firstFrameCPUms: Double?
    private(set) var firstFrameMS: Double?
    private var cpu0 = 0.0
    private var framesEnded = 0
    /// Frames that handled a key press, and of those the frames that presented.
    private(set) var keyFrames = 0, keyFramesPresented = 0

    init(path: String, inner: FrameTimer?) {
        self.path = path
        self.inner = inner
    }

    /// Statistics for the file `COLLECTIONKIT_STATS` names, or nil when it is unset or empty. A
    /// file that cannot be written (its folder missing) is said once on standard error, at once,
    /// and the loop runs without statistics.
    static func fromEnvironment(wrapping inner: FrameTimer?) -> LoopStatistics? {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder), isFolder.boolValue else {
            FileHandle.standardError.write(Data("\(variable): no folder \(folder) for \(path); no statistics are written\n".utf8))
            return nil
        }
        return LoopStatistics(path: path, inner: inner)
    }

    func frameBegan() {
        inner?.frameBegan()
        cpu0 = Clock.threadCPUSeconds()
    }

    func frameEnded(liveCells: Int) {
        inner?.frameEnded(liveCells: liveCells)
        let ms = (Clock.threadCPUSeconds() - cpu0) * 1000
        framesEnded += 1
        if framesEnded == 1 { firstFrameCPUms = ms } else { stats.record(ms: ms, liveCells: liveCells) }
    }

    func framesSkipped(_ count: Int) {
        inner?.framesSkipped(count)
        stats.framesSkipped += count
    }

    func framePresented(_ shown: Bool) {
        inner?.framePresented(shown)
        stats.recordPresent(shown)
    }

    /// Called after a frame that handled a key press, with whether it put pixels on the screen.
    func keyFrameEnded(presented: Bool) {
        keyFrames += 1
        if presented { keyFramesPresented += 1 }
    }

    /// Input events the root absorbed without a frame (``InteractiveRoot/absorbs(_:now:)``).
    private(set) var inputsAbsorbed = 0

    /// Called when `count` events were taken without a frame: nothing they did shows.
    func inputAbsorbed(_ count: Int) { inputsAbsorbed += count }

    /// Called after each frame is presented: the first one's moment is kept.
    func frameShown() {
        if firstFrameMS == nil { firstFrameMS = LoopStatistics.millisecondsSinceProcessStart() }
    }

    /// The figures, in the documented order.
    var json: JSON {
        func ms(_ v: Double?) -> JSON { v.map { .number(($0 * 1000).rounded() / 1000) } ?? .null }
        let memory = LoopStatistics.memoryKB()
        return .object([
            ("frames", .int(stats.frameMS.count)),
            ("frame_ms_p50", ms(stats.percentile(50))),
            ("frame_ms_p99", ms(stats.percentile(99))),
            ("frame_ms_max", ms(stats.frameMS.max() ?? 0)),
            ("first_frame_cpu_ms", ms(firstFrameCPUms)),
            ("first_frame_ms", ms(firstFrameMS)),
            ("peak_rss_kb", memory.peak.map { .int($0) } ?? .null),
            ("rss_kb", memory.now.map { .int($0) } ?? .null),
            ("live_cells_max", .int(stats.liveCellsMax)),
            ("frames_skipped", .int(stats.framesSkipped)),
            ("frames_asked", .int(stats.framesAsked)),
            ("frames_presented", .int(stats.framesPresented)),
            ("key_frames", .int(keyFrames)),
            ("key_frames_presented", .int(keyFramesPresented)),
            ("inputs_absorbed", .int(inputsAbsorbed)),
            ("event_waits", .int(EventWait.count)),
        ])
    }

    /// Writes the file; a failure is one line on standard error.
    func write() {
        do {
            try json.serializedLine().write(toFile: path, atomically: false, encoding: .utf8)
        } catch {
            FileHandle.standardError.write(Data("\(LoopStatistics.variable): cannot write \(path): \(error.localizedDescription)\n".utf8))
        }
    }

    /// Wall milliseconds since the process started: the boot-time clock now, less the process's
    /// start in clock ticks after boot (`/proc/self/stat`, field 22).
    static func millisecondsSinceProcessStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name, which may hold spaces: the state is field 3, the start 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        let boot = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        return (boot - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))) * 1000
    }

    /// Peak and current resident memory in kB, from `/proc/self/status`.
    static func memoryKB() -> (peak: Int?, now: Int?) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (nil, nil) }
        func value(_ key: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return nil }
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return (value("VmHWM:"), value("VmRSS:"))
    }
}
