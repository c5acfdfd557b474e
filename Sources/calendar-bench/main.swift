// Only with the package's `Programs` trait (on by default): without it (a program that depends on
// the libraries with `traits: []`) nothing here imports swift-argument-parser, and the program
// is a stub that says so (main.swift).
#if Programs
import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import Foundation
import ICalendar

/// Times what opening and paging the calendar costs, without a window:
///
///     calendar-bench [--zone Europe/Berlin] [--month 2026-11] FILE.ics...
///
/// Prints JSON: the load (parse and index), the first page, and every month of the next ten
/// years prepared in prefetch slices and read, as paging would. With `--script FILE` it also
/// plays an input script on the calendar scene (virtual clock, 60 Hz) and times each frame's
/// core work (update and draw list, no rasterising): `core_frame_ms_*`.
let options = CalendarBenchOptions.parseOrExit()
let files = options.files
let start = CalendarMonth(iso: options.month)!   // checked by validate()
let script = options.script
let zone = DisplayZone(identifier: options.zone)!

func ms(_ from: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - from) / 1e6 }
func round3(_ v: Double) -> JSON { .number((v * 1000).rounded() / 1000) }

/// CPU time of the calling thread in milliseconds: unlike the wall clock, it does not count the
/// time a busy machine gives to other processes.
func threadCPUms() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
}

if let (first, last) = options.listedMonths {
    // One line an occurrence, sorted: `T start end title` (UTC instants, ISO 8601) for a timed
    // one, `D first end title` (dates, end exclusive) for an all-day one, with ` [cancelled]` for
    // one shown struck through; the file's notices go to standard error.
    let source = ICalendarSource(files: files, zone: zone)
    let utc = DisplayZone(identifier: "UTC")!
    let lines = source.occurrences(overlapping: first.firstDay...last.lastDay).map { o -> String in
        let title = o.title.replacingOccurrences(of: "\n", with: " ")
        let mark = o.cancelled ? " [cancelled]" : ""
        switch o.span {
        case let .allDay(a, b): return "D \(a) \(b) \(title)\(mark)"
        case let .timed(a, b): return "T \(utc.iso8601(a)) \(utc.iso8601(b)) \(title)\(mark)"
        }
    }
    for d in source.diagnostics { FileHandle.standardError.write(Data("\(d)\n".utf8)) }
    print(lines.sorted().joined(separator: "\n"))
    exit(0)
}

let t0 = DispatchTime.now().uptimeNanoseconds
let c0 = threadCPUms()
let source = ICalendarSource(files: files, zone: zone)
let loadMS = ms(t0)
let loadCPUms = threadCPUms() - c0
let cache = EventCache(source: source, zone: zone)
let t1 = DispatchTime.now().uptimeNanoseconds
let c1 = threadCPUms()
let grid = MonthGrid(month: start, firstWeekday: .monday)
var firstPageEvents = 0
for d in grid.dates { firstPageEvents += cache.events(on: d, page: grid).count }
let firstPageMS = ms(t1)
let firstPageCPUms = threadCPUms() - c1

// Paging forward as the scene does: idle frames prepare the next page in slices of
// `budget` events, then the page turns and its cells read the cache.
let budget = 60
var monthMS: [Double] = []
var sliceMS: [Double] = []
var buildMS: [Double] = []
var occurrences = 0
for i in 1...120 {
    let page = MonthGrid(month: start.adding(months: i), firstWeekday: .monday)
    while true {
        let t = DispatchTime.now().uptimeNanoseconds
        let done = cache.prepare(page, budget: budget)
        if done { buildMS.append(ms(t)); break }
        sliceMS.append(ms(t))
    }
    let t = DispatchTime.now().uptimeNanoseconds
    for d in page.dates { occurrences += cache.events(on: d, page: page).count }
    monthMS.append(ms(t))
}
let slices = sliceMS.sorted()
let sorted = monthMS.sorted()
var figures: [(String, JSON)] = [
    ("events", .int(source.eventCount)),
    ("diagnostics", .int(source.diagnostics.count)),
    ("load_ms", round3(loadMS)),
    ("first_page_ms", round3(firstPageMS)),
    ("open_ms", round3(loadMS + firstPageMS)),
    ("load_cpu_ms", round3(loadCPUms)),
    ("first_page_cpu_ms", round3(firstPageCPUms)),
    ("open_cpu_ms", round3(loadCPUms + firstPageCPUms)),
    ("first_page_event_marks", .int(firstPageEvents)),
    ("prepared_page_read_ms_p50", round3(sorted[sorted.count / 2])),
    ("prepared_page_read_ms_max", round3(sorted.last ?? 0)),
    ("prefetch_slices", .int(slices.count)),
    ("prefetch_slice_ms_p50", round3(slices[slices.count / 2])),
    ("prefetch_slice_ms_p99", round3(slices[min(slices.count - 1, slices.count * 99 / 100)])),
    ("prefetch_slice_ms_max", round3(slices.last ?? 0)),
    ("page_table_ms_p50", round3(buildMS.sorted()[buildMS.count / 2])),
    ("page_table_ms_max", round3(buildMS.max() ?? 0)),
    ("event_marks_per_page_avg", .int(occurrences / 120)),
]

/// Times the core's share of each frame with the wall clock the core never reads itself.
final class CoreTimer: FrameTimer {
    var stats = FrameStats()
    private var began: UInt64 = 0
    func frameBegan() { began = DispatchTime.now().uptimeNanoseconds }
    func frameEnded(liveCells: Int) { stats.record(ms: ms(began), liveCells: liveCells) }
}

/// Times each frame twice: the wall clock, and the CPU time of this thread, which does not count
/// the time the machine gave to other work (another thread parsing, other processes).
final class CoreAndCPUTimer: FrameTimer {
    var wall = FrameStats(), cpu = FrameStats()
    private var wall0: UInt64 = 0, cpu0 = 0.0
    func frameBegan() { wall0 = DispatchTime.now().uptimeNanoseconds; cpu0 = threadCPUms() }
    func frameEnded(liveCells: Int) {
        wall.record(ms: ms(wall0), liveCells: liveCells)
        cpu.record(ms: threadCPUms() - cpu0, liveCells: liveCells)
    }
}

if let script, let text = try? String(contentsOfFile: script, encoding: .utf8) {
    // A fresh source, so the scene opens cold exactly as the app does.
    var settings = CalendarSettings()
    settings.zone = zone
    settings.today = start.firstDay
    settings.month = start
    let t = DispatchTime.now().uptimeNanoseconds
    let scene = CalendarScene(settings: settings, source: ICalendarSource(files: files, zone: zone))
    let app = try App(scene: "calendar", size: Size(width: 1280, height: 800),
                      entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in scene }])
    let driver = HeadlessDriver(root: app, fps: 60)
    driver.frame()
    let openMS = ms(t)
    let timer = CoreTimer()
    driver.frameTimer = timer
    var timeline = ScriptTimeline(try InputScript.parse(text), fps: 60)
    for i in timeline.entries.indices { timeline.entries[i].time += driver.now + 1 / 60 }
    timeline.endTime += driver.now + 1 / 60
    try driver.play(timeline)
    figures.append(("scene_open_ms", round3(openMS)))
    figures.append(("core_frames", .int(timer.stats.frameMS.count)))
    figures.append(("core_frame_ms_p50", round3(timer.stats.percentile(50))))
    figures.append(("core_frame_ms_p99", round3(timer.stats.percentile(99))))
    figures.append(("core_frame_ms_max", round3(timer.stats.frameMS.max() ?? 0)))
    figures.append(("final_month", .string("\(scene.visibleMonth)")))

    // Home from ten years away, in a scene opened there (so today's page is not cached yet):
    // the frames of the jump, once the far page has settled.
    var farSettings = settings
    farSettings.month = start.adding(months: 120)
    let farScene = CalendarScene(settings: farSettings, source: ICalendarSource(files: files, zone: zone))
    let farApp = try App(scene: "calendar", size: Size(width: 1280, height: 800),
                         entries: [SceneEntry(name: "calendar", title: "Calendar") { _ in farScene }])
    let farDriver = HeadlessDriver(root: farApp, fps: 60)
    for _ in 0..<90 { farDriver.frame() }
    let far = CoreAndCPUTimer()
    farDriver.frameTimer = far
    farApp.handle(.key(.home, []), now: farDriver.now)
    for _ in 0..<90 { farDriver.frame() }
    figures.append(("home_10y_today_ready", .bool(farScene.events.isReady(farScene.grid(for: start)))))
    figures.append(("home_10y_frames", .int(far.wall.frameMS.count)))
    figures.append(("home_10y_frame_ms_max", round3(far.wall.frameMS.max() ?? 0)))
    figures.append(("home_10y_frame_cpu_ms_max", round3(far.cpu.frameMS.max() ?? 0)))

    // A changed file read again on another thread, as the window's watcher does, while frames go on.
    let mailbox = EventSourceMailbox()
    scene.updates = mailbox
    let reloadTimer = CoreAndCPUTimer()
    driver.frameTimer = reloadTimer
    let tz = zone.timeZone
    let parseStart = DispatchTime.now().uptimeNanoseconds
    let parsed = EventSourceMailbox()
    Thread { [files] in parsed.post(ICalendarSource(files: files, zone: DisplayZone(tz))) }.start()
    var posted = false
    var waited = 0
    while scene.reloadCount == 0, waited < 100_000 {
        if !posted, let source = parsed.take() {
            figures.append(("reload_parse_ms", round3(ms(parseStart))))
            mailbox.post(source)
            posted = true
        }
        driver.frame()
        waited += 1
    }
    // The old calendar comes back through the mailbox and is freed off the frame thread.
    func release(_ box: EventSourceMailbox) {
        // Handed over whole: this thread keeps no reference to what it gives the other.
        nonisolated(unsafe) let old = box.takeRetired()
        Thread { _ = old.count }.start()
    }
    release(mailbox)
    figures.append(("reload_frames", .int(reloadTimer.wall.frameMS.count)))
    figures.append(("reload_frame_ms_p99", round3(reloadTimer.wall.percentile(99))))
    figures.append(("reload_frame_ms_max", round3(reloadTimer.wall.frameMS.max() ?? 0)))
    figures.append(("reload_frame_cpu_ms_p99", round3(reloadTimer.cpu.percentile(99))))
    figures.append(("reload_frame_cpu_ms_max", round3(reloadTimer.cpu.frameMS.max() ?? 0)))
}
print(JSON.object(figures).serialized())
#else
// Built without the package's `Programs` trait (a program that depends on the libraries with
// `traits: []`): this program's command line needs swift-argument-parser, which is then left out.
import Foundation
FileHandle.standardError.write(Data("calendar-bench: built without the Programs trait; build this package on its own (its default traits) to run it\n".utf8))
exit(1)
#endif
