// Only with the package's `Programs` trait (on by default): without it (a program that depends on
// the libraries with `traits: []`) nothing here imports swift-argument-parser, and the program
// is a stub that says so (below).
#if Programs
import ArgumentParser
import CalendarModel
import CollectionDemo
import CollectionKit
import CollectionKitTesting
import Foundation
import ICalendar
import Synchronization
import CollectionKitSDL
import CollectionKitDesktop

struct WindowSize: ExpressibleByArgument {
    var size: Size
    /// The argument as given, for messages: a side too large for any number type reads as typed.
    var text: String
    /// Any WIDTHxHEIGHT of whole numbers; `validate()` checks them against `App.windowSizeLimits`, so a
    /// size out of range gets a message naming the limits.
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let w = Double(parts[0]), let h = Double(parts[1]) else { return nil }
        size = Size(width: w, height: h)
        text = argument
    }
    var defaultValueDescription: String { "\(Self.side(size.width))x\(Self.side(size.height))" }

    /// A side as people typed it: a whole number where one fits in an `Int` (the default, any size
    /// within the limits), else the `Double`'s own spelling, since `Int(_:)` traps past 2^63.
    private static func side(_ v: Double) -> String {
        v.rounded() == v && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

@main
struct CollectionDemo: ParsableCommand {
    /// Started as a picture decode worker (``IsolatedImageDecoder``), the program serves that and
    /// ends; otherwise it parses its command line as usual.
    static func main() {
        ImageDecodeWorker.serveIfRequested()
        // The words' language first, so that --help and the command line's messages are in it.
        wordNotices = DemoWords.setUp(directory: DemoWords.localeDirectory(executable: CollectionDemo.executablePath(),
                                                                           environment: ProcessInfo.processInfo.environment))
        main(nil)
    }

    /// What setting up the words refused (a language variable naming a folder, a bad catalogue),
    /// for stderr and the window's notices.
    nonisolated(unsafe) static var wordNotices: [String] = []

    static let configuration = CommandConfiguration(
        commandName: "collection-demo",
        abstract: tr("A collection-view engine for the desktop, shown through SDL2."),
        discussion: filled(tr("Scenes: %@ (the last a tab of its own with --photos). Keys: 1-%@ switch scenes, Ctrl+Q quits."), (SceneCatalog.names + [SceneCatalog.photos.name]).joined(separator: ", "), "\(SceneCatalog.all.count + 1)"),
        version: AppInfo.version)

    // Both are optional so that, when not given, the remembered scene and window size are used.
    // The completions' values come from the same tables the validation reads
    // (`--generate-completion-script`, which scripts/install.sh installs), so they never go stale.
    @Option(help: ArgumentHelp(filled(tr("The scene shown first: %@ (default: the last one shown, else grid)."), SceneCatalog.names.joined(separator: ", "))),
            completion: .list(SceneCatalog.names + [SceneCatalog.photos.name]))
    var scene: String?

    @Option(help: ArgumentHelp(tr("The photos scene's folder of pictures, and a Photos tab (default with --scene photos: the user's Pictures folder, from xdg-user-dir; generated pictures when it has none)."), valueName: "DIR"),
            completion: .directory)
    var photos: String?

    @Option(help: ArgumentHelp(filled(tr("Window size in points, WIDTHxHEIGHT (%@). Without it a window opens at the size it last had (default: 1280x800)."), "\(App.windowSizeLimits.summary)"), valueName: "WxH"))
    var size: WindowSize?

    @Flag(help: ArgumentHelp(tr("Start from the defaults: the remembered state (also in --state-dir) is neither read nor written.")))
    var fresh = false

    @Option(name: .customLong("state-dir"),
            help: ArgumentHelp(tr("Remember the state in DIR/state.json (default: $XDG_STATE_HOME/collection-demo in a window; headless runs remember nothing without it)."), valueName: "DIR"),
            completion: .directory)
    var stateDir: String?

    @Flag(help: ArgumentHelp(tr("Render offscreen with the software renderer; no display needed.")))
    var headless = false

    // The D-Bus service file starts the program with it (GApplication's flag of that name): the
    // bus's call (Activate, Open, ActivateAction) follows, which the window then takes.
    @Flag(name: .customLong("gapplication-service"), help: .hidden)
    var gapplicationService = false

    @Flag(name: .customLong("whole-frames"),
          help: ArgumentHelp(tr("Draw every frame whole. By default a software renderer draws only what changed since the last frame, with the same result.")))
    var wholeFrames = false

    @Flag(name: .customLong("no-accessibility"),
          help: ArgumentHelp(tr("Do not publish the window to screen readers over the accessibility bus (AT-SPI2); NO_AT_BRIDGE=1 does the same.")))
    var noAccessibility = false

    @Option(help: ArgumentHelp(tr("Device pixels per point, 1 to 4 (1.25, 1.5, 2, ...): overrides GDK_SCALE and Xft.dpi on X11; headless, the screenshot is this many times larger (default: the display's, headless 1)."), valueName: "F"))
    var scale: Double?

    // Unconditional, so "-5" is read as a value and refused with a message, not taken for a flag.
    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Number of items, 0 or more (each scene has its own default)."), valueName: "N"))
    var items: Int?

    @Option(help: ArgumentHelp(tr("An input script to play (see README); '-' reads standard input."), valueName: "FILE"))
    var replay: String?

    @Option(help: ArgumentHelp(tr("Write the last frame as PNG at exit."), valueName: "FILE.png"))
    var screenshot: String?

    @Option(name: .customLong("dump-state"), help: ArgumentHelp(tr("Write the state as JSON at exit ('-' for stdout)."), valueName: "FILE"))
    var dumpState: String?

    @Option(help: ArgumentHelp(tr("Write frame-time statistics as JSON at exit."), valueName: "FILE"))
    var stats: String?

    @Option(help: ArgumentHelp(tr("Record what the user does in the window as an input script for --replay."), valueName: "FILE"))
    var record: String?

    @Option(help: ArgumentHelp(tr("Frames per second of the headless clock.")))
    var fps: Double = 60

    @Option(name: .customLong("carousel-align"), help: ArgumentHelp(tr("Carousel alignment: center or edges."), valueName: "center|edges"),
            completion: .list(CarouselLayout.Alignment.allCases.map(\.rawValue)))
    var carouselAlign: String = "center"

    @Option(help: ArgumentHelp(filled(tr("Layout of the rearrange scene: %@."), RearrangeLayoutKind.allCases.map(\.rawValue).joined(separator: ", "))),
            completion: .list(RearrangeLayoutKind.allCases.map(\.rawValue)))
    var layout: String = "grid"

    @Option(name: .customLong("mosaic-preset"),
            help: ArgumentHelp(tr("Mosaic: the starting cards: compact, regular, mixed or long (with --items N the pattern repeats to N cards)."),
                               valueName: "compact|regular|mixed|long"),
            completion: .list(MosaicPreset.allCases.map(\.rawValue)))
    var mosaicPreset: String = "long"

    @Option(help: ArgumentHelp(tr("Calendar: an iCalendar file to show (repeatable; default: the user's Evolution/GNOME calendars, else Assets/sample.ics)."), valueName: "FILE"),
            completion: .file(extensions: ["ics", "ical", "ifb", "icalendar"]))
    var ics: [String] = []

    @Flag(name: .customLong("week-numbers"), help: ArgumentHelp(tr("Calendar: show ISO 8601 week numbers in a narrow first column.")))
    var weekNumbers = false

    @Option(help: ArgumentHelp(tr("Calendar: the month shown first."), valueName: "YYYY-MM"))
    var month: String?

    @Option(help: ArgumentHelp(tr("Calendar: the date marked as today (default: the system date)."), valueName: "YYYY-MM-DD"))
    var today: String?

    @Option(name: .customLong("min-date"), help: ArgumentHelp(tr("Calendar: days before this are disabled."), valueName: "YYYY-MM-DD"))
    var minDate: String?

    @Option(name: .customLong("first-weekday"), help: ArgumentHelp(tr("Calendar: monday, sunday or saturday (default: the locale's first day, else monday).")),
            completion: .list(FirstWeekday.allCases.map(\.rawValue)))
    var firstWeekday: String?

    @Option(help: ArgumentHelp(tr("Calendar: locale for month and weekday names, dates, times and words (default: the environment's LC_ALL, LC_TIME or LANG; words LC_MESSAGES)."), valueName: "ID"))
    var locale: String?

    @Option(help: ArgumentHelp(tr("Calendar: display time zone, an IANA name (default: the environment's)."), valueName: "ZONE"))
    var timezone: String?

    @Argument(help: ArgumentHelp(tr("iCalendar files to open in the calendar (as --ics). In a window, when the program already runs, they open in its window, which is raised."), valueName: "FILE.ics"),
              completion: .file(extensions: ["ics", "ical", "ifb", "icalendar"]))
    var files: [String] = []

    @Flag(name: .customLong("reduce-motion"),
          help: ArgumentHelp(tr("Animations finish at once (springs, landing items, paging), as the desktop's enable-animations=false does.")))
    var reduceMotion = false

    @Option(name: .customLong("color-scheme"),
            help: ArgumentHelp(tr("light or dark (default: the desktop's preference, through the settings portal or GSettings; dark when it has none)."), valueName: "light|dark"),
            completion: .list(ColorScheme.allCases.map(\.rawValue).sorted()))
    var colorScheme: String?

    @Option(name: .customLong("layout-direction"),
            help: ArgumentHelp(tr("ltr or rtl: in rtl the tabs, the headers and every scene are mirrored (default: the direction of the environment's LC_ALL, LC_MESSAGES or LANG language)."), valueName: "ltr|rtl"),
            completion: .list(["ltr", "rtl"]))
    var layoutDirection: String?

    @Option(name: .customLong("text-scale"),
            help: ArgumentHelp(filled(tr("Text is drawn this many times larger, %@ to %@ (default: the desktop's text-scaling-factor, else 1)."), "\(Appearance.textScaleRange.lowerBound)", "\(Appearance.textScaleRange.upperBound)"), valueName: "F"))
    var textScale: Double?

    static let defaultScene = "grid"
    static let defaultSize = Size(width: 1280, height: 800)

    /// `--layout-direction`, else the language of the environment's locale (as gettext picks it).
    func resolvedLayoutDirection() -> LayoutDirection {
        switch layoutDirection {
        case "rtl": return .rightToLeft
        case "ltr": return .leftToRight
        default:
            let env = ProcessInfo.processInfo.environment
            let id = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { env[$0] }.first { !$0.isEmpty } ?? "C"
            return LayoutDirection(icuLocale: id)
        }
    }

    func validate() throws {
        if let layoutDirection, !["ltr", "rtl"].contains(layoutDirection) {
            throw ValidationError(filled(tr("--layout-direction takes ltr or rtl, not '%@'"), "\(layoutDirection)"))
        }
        if let scene, SceneCatalog.entry(named: scene) == nil {
            throw ValidationError(filled(tr("unknown scene '%@'; scenes: %@"), scene, SceneCatalog.names.joined(separator: ", ")))
        }
        if let items, items < 0 { throw ValidationError(filled(tr("--items: the count must be zero or more, got %@"), "\(items)")) }
        if let items, items > 10_000_000 { throw ValidationError(filled(tr("--items: the count must be at most 10000000, got %@"), "\(items)")) }
        if let size, !App.windowSizeLimits.contains(size.size) {
            throw ValidationError(filled(tr("--size: width and height must each be within %@ points, got %@"), "\(App.windowSizeLimits.summary)", "\(size.text)"))
        }
        if let scale {
            guard scale.isFinite, DisplayScale.range.contains(scale) else {
                throw ValidationError(filled(tr("--scale must be between %@ and %@, got %@"), "\(DisplayScale.range.lowerBound)", "\(DisplayScale.range.upperBound)", "\(scale)"))
            }
            let side = Double(HeadlessCanvas.maximumSide)
            if headless, let size, (size.size.width * scale).rounded() > side || (size.size.height * scale).rounded() > side {
                throw ValidationError(filled(tr("--size times --scale must be at most %@ pixels a side headless, got %@ at %@"), "\(HeadlessCanvas.maximumSide)", "\(size.defaultValueDescription)", "\(scale)"))
            }
        }
        if let colorScheme, ColorScheme(rawValue: colorScheme) == nil {
            throw ValidationError(filled(tr("--color-scheme must be 'light' or 'dark', got '%@'"), "\(colorScheme)"))
        }
        if let textScale, !(textScale.isFinite && Appearance.textScaleRange.contains(textScale)) {
            throw ValidationError(filled(tr("--text-scale must be between %@ and %@, got %@"), "\(Appearance.textScaleRange.lowerBound)", "\(Appearance.textScaleRange.upperBound)", "\(textScale)"))
        }
        for file in files where !FileManager.default.isReadableFile(atPath: file) {
            throw ValidationError(filled(tr("cannot read the calendar file '%@'"), "\(file)"))
        }
        guard fps >= 1, fps <= 1000 else { throw ValidationError(tr("--fps must be between 1 and 1000")) }
        guard CarouselLayout.Alignment(rawValue: carouselAlign) != nil else {
            throw ValidationError(filled(tr("--carousel-align must be 'center' or 'edges', got '%@'"), "\(carouselAlign)"))
        }
        guard RearrangeLayoutKind(rawValue: layout) != nil else {
            throw ValidationError(filled(tr("--layout must be one of %@, got '%@'"), RearrangeLayoutKind.allCases.map(\.rawValue).joined(separator: ", "), "\(layout)"))
        }
        guard MosaicPreset(rawValue: mosaicPreset) != nil else {
            throw ValidationError(filled(tr("--mosaic-preset must be one of %@, got '%@'"), MosaicPreset.allCases.map(\.rawValue).joined(separator: ", "), "\(mosaicPreset)"))
        }
        if let screenshot, !screenshot.lowercased().hasSuffix(".png") { throw ValidationError(tr("--screenshot must name a .png file")) }
        if let replay, replay != "-", !FileManager.default.isReadableFile(atPath: replay) {
            throw ValidationError(filled(tr("cannot read the script '%@'"), "\(replay)"))
        }
        // Output paths are checked now, so a typo costs nothing instead of a whole run.
        for (flag, path) in [("--screenshot", screenshot), ("--dump-state", dumpState), ("--stats", stats)] {
            guard let path, path != "-" || flag == "--screenshot" else { continue }
            if let problem = OutputFile.problem(path, flag) { throw ValidationError(problem) }
        }
        // Only the calendar flags given need checking (the settings' own defaults, a locale and a
        // zone, are ICU data that start-up does without).
        if [timezone, locale, firstWeekday, month, minDate, today].contains(where: { $0 != nil }) {
            do { _ = try CalendarSettings.parse(calendarFlags()) } catch { throw ValidationError("\(error)") }
        }
        if let stateDir {
            // An empty name would put the state at /state.json.
            guard !stateDir.isEmpty else { throw ValidationError(tr("--state-dir: the directory name is empty")) }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: stateDir, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw ValidationError(filled(tr("--state-dir: '%@' is not a directory"), "\(stateDir)"))
            }
        }
        if let record {
            guard !headless else { throw ValidationError(tr("--record records a session in the window; it cannot be used with --headless")) }
            let dir = (record as NSString).deletingLastPathComponent
            guard FileManager.default.isWritableFile(atPath: dir.isEmpty ? "." : dir) else {
                throw ValidationError(filled(tr("cannot write the recording '%@': its directory is missing or not writable"), "\(record)"))
            }
        }
    }

    /// The calendar flags as scene options, as given.
    private func calendarFlags() -> [String: [String]] {
        var o: [String: [String]] = ["ics": ics + files.map(CollectionDemo.absolute), "week-numbers": [weekNumbers ? "true" : "false"],
                                     "calendar-label": [calendarFiles.label], "calendar-files": calendarFiles.paths]
        if let timezone { o["timezone"] = [timezone] }
        // Dates and times follow LC_TIME, the scene's words LC_MESSAGES (both through LC_ALL and
        // LANG); an environment without a locale (LANG=C, or unset) keeps the scene's English
        // default. Reading the variables costs nothing at start-up (no ICU).
        let environment = ProcessInfo.processInfo.environment
        if let id = locale ?? CalendarSettings.environmentLocale("LC_TIME", environment: environment) { o["locale"] = [id] }
        if locale == nil, let id = CalendarSettings.environmentLocale("LC_MESSAGES", environment: environment) { o["language"] = [id] }
        if let firstWeekday { o["first-weekday"] = [firstWeekday] }
        if let month { o["month"] = [month] }
        if let minDate { o["min-date"] = [minDate] }
        if let today { o["today"] = [today] }
        return o
    }

    /// The environment's defaults for the calendar flags not given (time zone, locale, today),
    /// worked out when the calendar scene is first made: they are ICU's time-zone and locale data,
    /// which the other scenes never need, so a window showing one of those maps sooner and smaller.
    private func calendarDefaults() -> @Sendable () -> [String: [String]] {
        { [timezone, today] in
            // The system's zone and today's date through the system's ICU, as the scene reads
            // them (Foundation's TimeZone and Calendar would map its own copy of ICU for this).
            let zone = timezone ?? DisplayZone.systemIdentifier()
            var o: [String: [String]] = ["timezone": [zone]]
            // The locale comes from --locale or the environment (`calendarFlags`); Foundation's
            // Locale.current is not asked: on Linux it answers en_001 whatever LANG says.
            if today == nil, let display = DisplayZone(identifier: zone) {
                // The core reads no clock: today is decided here, in the display zone.
                o["today"] = [display.day(of: Int64(time(nil))).description]
            }
            return o
        }
    }

    /// Loads the calendar files (or the sample) when the calendar scene first appears; every problem
    /// goes to stderr here and to the window as the scene's notices.
    /// With `watch`, a thread looks at the files' modification times and posts the calendar read
    /// again when one changes (the window; a headless run stays deterministic without it).
    private func calendarLoader(watch: Bool) -> EventSourceBox {
        let files = calendarFiles.paths
        // The user's own calendars are listed again at each look, so one added in Evolution or
        // GNOME Calendar while the demo runs appears too.
        let discover: (@Sendable () -> [String])? = calendarFiles.label == "local" ? { @Sendable in LocalCalendars.files() } : nil
        // Files dropped or handed over by a second launch arrive through the mailbox, headless too.
        let mailbox: EventSourceMailbox? = EventSourceMailbox()
        // The watcher is made with the calendar, in the zone it is shown in (looking a zone up
        // is ICU's work, which start-up does without).
        let watcher = WatcherSlot()
        var box = EventSourceBox { zone in
            // Files handed over by a second launch before the calendar was first shown come too.
            let opened = OpenedCalendars.shared.files.filter { !files.contains($0) }
            let files = files + opened
            if let mailbox {
                let zoneName = zone.identifier
                let show: @Sendable ([String]) -> Void
                if watch {
                    show = { all in
                        Thread.detachNewThread { mailbox.post(ICalendarSource(files: all, zone: DisplayZone(identifier: zoneName) ?? .utc), files: all) }
                    }
                } else {
                    // Headless, on the script's own thread, so that a run stays deterministic: the
                    // scene takes the calendar at its next frame, as a window's drop does.
                    show = { all in CollectionDemo.showNow(all, zoneName: zoneName, mailbox: mailbox) }
                }
                OpenedCalendars.shared.calendarLoaded(files, show: show)
                // The scene lists the files its settings name; the mailbox tells it of the others.
                if !opened.isEmpty { show(files) }
            }
            let source = ICalendarSource(files: files, zone: zone)
            for d in source.diagnostics { FileHandle.standardError.write(Data("collection-demo: calendar: \(d)\n".utf8)) }
            // Watching starts once the calendar is first shown, from the files as just read.
            if let mailbox, watch {
                watcher.startOnce { CalendarFileWatcher(files: files, zone: zone, mailbox: mailbox, discover: discover) }
            }
            return source
        }
        box.updates = mailbox
        // A window asleep while idle wakes to show a calendar read again on the watcher's thread.
        if watch { mailbox?.onPost = { WindowWakeUp.post() } }
        return box
    }

    /// Reads `files` on the calling thread and posts the calendar to `mailbox` (headless runs).
    private static func showNow(_ files: [String], zoneName: String, mailbox: EventSourceMailbox) {
        _ = mailbox.takeRetired()
        let source = ICalendarSource(files: files, zone: DisplayZone(identifier: zoneName) ?? .utc)
        for d in source.diagnostics { FileHandle.standardError.write(Data("collection-demo: calendar: \(d)\n".utf8)) }
        mailbox.post(source, files: files)
    }

    /// The calendar files shown and what they are: `--ics` files as named, else the user's own
    /// Evolution/GNOME calendars when there are any ("local"), else the sample ("sample").
    private var calendarFiles: (paths: [String], label: String) {
        if !ics.isEmpty || !files.isEmpty { return (ics + files.map(CollectionDemo.absolute), "") }
        let local = LocalCalendars.files()
        return local.isEmpty ? ([CollectionDemo.sampleCalendarPath()], "sample") : (local, "local")
    }

    /// The sample calendar: installed beside the binary (`PREFIX/share/collection-demo/sample.ics`
    /// for `PREFIX/bin/collection-demo`, as `scripts/install.sh` lays it out), else `Assets/sample.ics`
    /// next to the build directory, in the working directory, or in the source tree.
    static func sampleCalendarPath() -> String {
        let exe = URL(fileURLWithPath: executablePath()).resolvingSymlinksInPath()
        let candidates = [
            exe.deletingLastPathComponent().appendingPathComponent("../share/collection-demo/sample.ics").standardized.path,
            exe.deletingLastPathComponent().appendingPathComponent("../../Assets/sample.ics").standardized.path,
            FileManager.default.currentDirectoryPath + "/Assets/sample.ics",
            URL(fileURLWithPath: #filePath).appendingPathComponent("../../../Assets/sample.ics").standardized.path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[1]
    }

    /// The running binary's own path (`argv[0]` is only a name when it was found through `PATH`).
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    func run() throws {
        // Before any thread starts: the picture workers allocate from the heap the loop trims.
        ProcessMemory.shareOneHeap()
        do {
            try runChecked()
        } catch let e as ExitCode {
            throw e
        } catch {
            FileHandle.standardError.write(Data("collection-demo: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func loadScript() throws -> [ScriptLine] {
        guard let replay else { return [] }
        let text = try ScriptSource.read(replay)
        let name = replay == "-" ? "<stdin>" : replay
        let lines: [ScriptLine]
        do { lines = try InputScript.parse(text, windowSizes: App.windowSizeLimits) } catch let e as ScriptError {
            throw AppError("\(name):\(e.line): \(e.message)")
        }
        if EarlyStop.isRequested { return [] }
        for line in lines {
            if case let .screenshot(path) = line.command, let problem = OutputFile.problem(path, "screenshot") {
                throw AppError("\(name):\(line.number): \(problem)")
            }
        }
        return lines
    }

    private func runChecked() throws {
        // First of all, so that a test may ask for the state (SIGUSR1) as soon as the process runs;
        // it is written at the first frame.
        if let dumpState, dumpState != "-" { StateDumpRequest.install() }
        // SIGTERM and SIGINT until SDL takes them (a long script is read first): the run then
        // stops at its first frame and writes its dump.
        EarlyStop.install()
        // The words' language, before any text is made: the environment's (gettext's rules; the
        // calendar's --locale stays the calendar's), the catalogues beside the binary (installed)
        // or in the build directory.
        let wordNotices = CollectionDemo.wordNotices
        for notice in wordNotices { FileHandle.standardError.write(Data("collection-demo: \(notice)\n".utf8)) }
        // A stop asked for while the script was read: nothing of it is played.
        let script = EarlyStop.isRequested ? [] : try loadScript()
        // A window follows the desktop's settings (and a second launch hands its files to the
        // first window); a headless run only its flags, so it draws the same everywhere.
        var instance: SingleInstance?
        if !headless {
            // The window's class is the app id, as the desktop entry's StartupWMClass says (and the
            // Wayland app id): the desktop then matches the window to its entry. A class the user
            // set in the environment is kept.
            setenv("SDL_VIDEO_X11_WMCLASS", AppInfo.id, 0)
            setenv("SDL_VIDEO_WAYLAND_WMCLASS", AppInfo.id, 0)
            let launcher = SingleInstance.Launch.launcherTokens()
            let launch = SingleInstance.Launch(actions: scene.map { [("scene", [$0])] } ?? [],
                                               files: (ics + files).map(CollectionDemo.absolute),
                                               activationToken: launcher.token, startupID: launcher.startupID)
            let scenes = SceneCatalog.names + [SceneCatalog.photos.name]
            switch SingleInstance.claim(name: AppInfo.id, path: AppInfo.objectPath, launch: launch,
                                        checkAction: { App.checkAction($0, $1, scenes: scenes) }, wake: { WindowWakeUp.post() }) {
            case .handedOver:
                let unused = optionsForNewWindowOnly()
                if !unused.isEmpty {
                    let message = filled(tr("the program already runs; its window took the files and --scene, not %@"), unused.joined(separator: ", "))
                    FileHandle.standardError.write(Data("collection-demo: \(message)\n".utf8))
                }
                return
            case let .primary(served): instance = served
            case .alone: break
            }
        }
        let desktop = headless ? nil : DesktopSettings.start(wake: { WindowWakeUp.post() })
        applyAppearance(desktop?.current ?? DesktopPreferences())
        var config = SceneConfig(items: items)
        config.carouselAlignment = carouselAlign
        config.layoutDirection = resolvedLayoutDirection()
        config.rearrangeLayout = layout
        config.options["mosaic-preset"] = [mosaicPreset]
        config.options.merge(calendarFlags()) { _, new in new }
        config.lateOptions = calendarDefaults()
        config.calendarSource = calendarLoader(watch: !headless)
        let fonts = try FontLocator.uiFonts()
        // Cells size themselves from text measured as it will be drawn, before the canvas exists.
        config.textMeasurer = TextMeasurerBox(try EarlyStop.handOver { try TextMeasurer(fonts: fonts, headless: headless) })
        // Typed text reaches fields through SDL's text input; headless runs type from the script.
        if !headless { config.textServices = TextServicesBox(SDLTextServices.make()) }
        let store = stateStore()
        let loaded = store?.load()
        if let notice = loaded?.notice { FileHandle.standardError.write(Data("collection-demo: \(notice)\n".utf8)) }
        let first = firstScene(loaded?.state)
        var entries = SceneCatalog.all
        // A calendar file dropped on the calendar opens as a second launch's file does.
        config.openCalendarFiles = { OpenedCalendars.shared.add($0) }
        if photos != nil || first == SceneCatalog.photos.name {
            config.photos = try PhotoFolder.library(photos, headless: headless)
            entries.append(SceneCatalog.photos)
        }
        // Pictures dropped on the mosaic: the photos scene's decoder (a worker process each) and
        // the desktop's thumbnail cache.
        let wakesWindow = !headless
        config.makeImagePipeline = {
            ImagePipeline(decoder: IsolatedImageDecoder(), thumbnails: FreedesktopThumbnails(), memoryBudget: 16 << 20,
                          workers: wakesWindow ? 1 : 0, wake: { if wakesWindow { WindowWakeUp.post() } })
        }
        config.pixelScale = PhotoFolder.scale
        let photosNotice = config.photos?.notice
        let app = try App(scene: first, size: windowSize(loaded?.state), config: config, entries: entries, remembered: loaded?.state)
        app.stateStore = store
        app.appearanceSource = appearanceSource(desktop?.current)
        for notice in wordNotices { app.addNotice(notice) }
        if let notice = loaded?.notice { app.addNotice(notice) }
        if let photosNotice { app.addNotice(photosNotice) }
        let timer = FrameTimes()
        // The canvas is released when the run returns; SDL quits after it (textures, renderer,
        // surface or window, fonts, then SDL_ttf and SDL).
        defer { SDLSystem.shutdown() }
        if headless {
            try runHeadless(app: app, script: script, fonts: fonts, timer: timer)
        } else {
            try runWindow(app: app, script: script, fonts: fonts, timer: timer, desktop: desktop, instance: instance,
                          startsMaximized: loaded?.state?.windowMaximized == true)
        }
    }

    private func runHeadless(app: App, script: [ScriptLine], fonts: (regular: String, bold: String), timer: FrameTimes) throws {
        let canvas = try HeadlessCanvas(size: app.size, fonts: fonts, scale: scale ?? 1)
        canvas.drawer.redrawsWholeFrame = wholeFrames
        canvas.drawer.neutralTextDirection = app.config.layoutDirection
        app.pixelScale = canvas.scale
        PhotoFolder.scale.value = canvas.scale
        let driver = HeadlessDriver(root: app, fps: fps)
        driver.frameTimer = timer
        var renderError: Error?
        driver.render = { list in
            do { try canvas.resize(app.size) } catch { renderError = error }
            canvas.render(list)
        }
        driver.screenshot = { path in try canvas.writePNG(to: path) }
        // Skipped ticks are time a window would spend idle, and the end of a frame the time it
        // has left before the next: it prepares drawing ahead there.
        driver.whileIdle = { seconds in canvas.drawer.prepareAhead(of: app, for: seconds) }
        driver.afterFrame = { canvas.drawer.prepareAhead(of: app, for: DrawListRenderer.sliceBetweenFrames) }
        // SIGTERM and SIGINT reach SDL as a quit: stop and write the dump, as the window does.
        // SIGUSR1 writes the dump of the moment, as in the window.
        var dumpError: Error?
        driver.shouldStop = { [dumpState] in
            if let dumpState, StateDumpRequest.take() {
                do { try self.writeLiveDump(app, idle: app.nextDeadline(after: driver.now) == nil, now: driver.now, to: dumpState) } catch { dumpError = error }
            }
            return QuitRequest.isPending()
        }
        try driver.play(ScriptTimeline(script, fps: fps))
        if driver.isStopped {
            FileHandle.standardError.write(Data("collection-demo: stopped at \(String(format: "%.3f", Double(max(0, driver.frameCount - 1)) / fps)) s of script time; writing the results\n".utf8))
        }
        if let renderError { throw renderError }
        if let dumpError { throw dumpError }
        try finish(app: app, timer: timer, writeScreenshot: { try canvas.writePNG(to: $0) })
    }

    private func runWindow(app: App, script: [ScriptLine], fonts: (regular: String, bold: String), timer: FrameTimes,
                           desktop: DesktopSettings?, instance: SingleInstance?, startsMaximized: Bool) throws {
        let loop = try WindowLoop(root: app, title: app.windowTitle, fonts: fonts, sizeLimits: App.windowSizeLimits, scale: scale)
        app.pixelScale = loop.canvas.pixelScale
        PhotoFolder.scale.value = loop.canvas.pixelScale
        loop.canvas.drawer.redrawsWholeFrame = wholeFrames
        loop.canvas.drawer.neutralTextDirection = app.config.layoutDirection
        loop.frameTimer = timer
        let timeline = ScriptTimeline(script, fps: 60)
        var next = 0
        var sizeBefore = app.size
        var shownTitle = ""
        // A window that was maximized when the program last ended opens maximized (its normal
        // size as remembered), unless --size asks for a size.
        app.windowStateChanged(maximized: false, normalSize: app.size, now: 0)
        if size == nil, startsMaximized { loop.canvas.maximize() }
        var scriptError: Error?
        // Recording: every event the window delivers, at the time the app is given it.
        var recorder = ScriptRecorder()
        var lastFrame = 0.0
        if record != nil {
            recorder.record(.resize(app.size), at: 0)
            loop.didReceive = { event, now in recorder.record(event, at: now) }
        }
        // A test may ask for the state while the window runs (SIGUSR1): written at the next
        // frame, with whether anything is still moving and whether the window has the keyboard
        // ("live": idle, time, keyboardFocus).
        var dumpError: Error?
        // A script plays in real time: each entry at the first frame at or after its moment.
        loop.willUpdate = { [dumpState] now in
            lastFrame = now
            // The desktop's settings changed: the frame about to be drawn follows them.
            if let change = desktop?.takeChange() {
                let scale = Appearance.textScale
                self.applyAppearance(change)
                app.appearanceSource = self.appearanceSource(change)
                app.appearanceDidChange(textScale: scale != Appearance.textScale)
            }
            // A second launch (or a D-Bus call): this window comes to the front, un-minimized,
            // ends the launch's startup notification, opens the files and activates the action.
            for request in instance?.takeRequests() ?? [] {
                loop.canvas.present(startupID: request.startupID)
                self.open(request.files, in: app, now: now)
                if let action = request.action { app.activate(action, parameters: request.parameters, now: now) }
            }
            // The title names the scene shown.
            if app.windowTitle != shownTitle {
                shownTitle = app.windowTitle
                loop.canvas.title = shownTitle
            }
            // Maximized or not; the normal size is one the window kept for a whole frame while not
            // maximized (a resize to the maximized size may come a frame before the state).
            let maximized = loop.canvas.isMaximized
            let steady = !maximized && !loop.canvas.isMinimized && app.size == sizeBefore
            app.windowStateChanged(maximized: maximized, normalSize: steady ? app.size : nil, now: now)
            sizeBefore = app.size
            app.pixelScale = loop.canvas.pixelScale
            PhotoFolder.scale.value = loop.canvas.pixelScale
            if let dumpState, StateDumpRequest.take() {
                do {
                    try self.writeLiveDump(app, idle: app.nextDeadline(after: now) == nil, now: now,
                                           keyboardFocus: loop.canvas.hasInputFocus, to: dumpState)
                } catch {
                    dumpError = error
                }
            }
            while next < timeline.entries.count, timeline.entries[next].time <= now {
                switch timeline.entries[next].action {
                case let .input(ev): app.handle(ev, now: now)
                case let .screenshot(path):
                    do { try loop.captureLastFrame().writePNG(to: path) } catch { scriptError = error }
                }
                next += 1
            }
        }
        // The loop sleeps while idle; the script's next entry is a deadline it must wake for.
        loop.externalDeadline = { _ in next < timeline.entries.count ? timeline.entries[next].time : nil }
        let accessibility = publishAccessibility(app, loop: loop, now: { lastFrame })
        // The window is up: the launch that started it ends its startup notification (X11), and
        // the id is not passed on to what the program starts.
        let launched = SingleInstance.Launch.launcherTokens()
        unsetenv("DESKTOP_STARTUP_ID")
        unsetenv("XDG_ACTIVATION_TOKEN")
        let shown = loop.didShowFirstFrame
        loop.didShowFirstFrame = {
            shown?()
            if let id = launched.startupID { loop.canvas.completeStartup(id) }
        }
        loop.run()
        withExtendedLifetime(accessibility) {}
        if let record {
            recorder.finish(at: lastFrame)
            try write(recorder.script, to: record)
        }
        if let scriptError { throw scriptError }
        if let dumpError { throw dumpError }
        try finish(app: app, timer: timer, writeScreenshot: { try loop.captureLastFrame().writePNG(to: $0) })
    }

    /// The engine's appearance from the flags, else the desktop's settings.
    private func applyAppearance(_ desktop: DesktopPreferences) {
        Appearance.colorScheme = colorScheme.flatMap(ColorScheme.init(rawValue:)) ?? desktop.colorScheme ?? .dark
        Appearance.reducesMotion = reduceMotion || !desktop.animations
        Appearance.textScale = textScale ?? desktop.textScale
    }

    private func appearanceSource(_ desktop: DesktopPreferences?) -> String {
        let flags = colorScheme != nil || reduceMotion || textScale != nil
        return [flags ? "flags" : nil, desktop?.source].compactMap { $0 }.joined(separator: "+")
    }

    /// A path as given made absolute from the working directory, so another process can open it.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path).standardized.path
    }

    /// The options given that only a new window takes (a running window, handed over to, takes
    /// the files and `--scene`), as typed, for a message.
    private func optionsForNewWindowOnly() -> [String] {
        let given: [(String, Bool)] = [
            ("--size", size != nil), ("--photos", photos != nil), ("--items", items != nil), ("--scale", scale != nil),
            ("--fresh", fresh), ("--state-dir", stateDir != nil), ("--color-scheme", colorScheme != nil),
            ("--layout-direction", layoutDirection != nil), ("--text-scale", textScale != nil), ("--reduce-motion", reduceMotion),
            ("--month", month != nil), ("--today", today != nil), ("--locale", locale != nil), ("--timezone", timezone != nil),
            ("--first-weekday", firstWeekday != nil), ("--week-numbers", weekNumbers), ("--replay", replay != nil),
            ("--record", record != nil), ("--screenshot", screenshot != nil), ("--dump-state", dumpState != nil), ("--stats", stats != nil),
        ]
        return given.filter(\.1).map(\.0)
    }

    /// Opens calendar files handed over by a second launch: the calendar shows them.
    private func open(_ files: [String], in app: App, now: Double) {
        guard !files.isEmpty else { return }
        OpenedCalendars.shared.add(files)
        app.activate("scene", parameters: ["calendar"], now: now)
    }

    /// Where the state is remembered: `--state-dir`, else (in a window) the XDG state folder;
    /// nowhere with `--fresh`, or headless without `--state-dir` (so runs stay reproducible), or
    /// while recording (a recording starts from the defaults, as its replay will).
    private func stateStore() -> StateStore? {
        if fresh || record != nil { return nil }
        if let stateDir { return StateStore(directory: stateDir) }
        return headless ? nil : StateStore(directory: StateStore.defaultDirectory())
    }

    /// `--scene`, else the calendar for files to open, else the remembered scene when it still
    /// exists, else grid.
    private func firstScene(_ remembered: RememberedState?) -> String {
        if let scene { return scene }
        if !files.isEmpty { return "calendar" }
        if let last = remembered?.scene, SceneCatalog.entry(named: last) != nil { return last }
        return CollectionDemo.defaultScene
    }

    /// `--size`, else the remembered window size when it is within the limits, else 1280x800.
    private func windowSize(_ remembered: RememberedState?) -> Size {
        if let size { return size.size }
        if let w = remembered?.windowWidth, let h = remembered?.windowHeight {
            let s = Size(width: w.rounded(), height: h.rounded())
            if App.windowSizeLimits.contains(s) { return s }
        }
        return CollectionDemo.defaultSize
    }

    private func finish(app: App, timer: FrameTimes, writeScreenshot: (String) throws -> Void) throws {
        app.saveRememberedState()
        if let screenshot { try writeScreenshot(screenshot) }
        if let dumpState { try write(app.dumpState().serializedLine(), to: dumpState) }
        if let stats { try write(timer.cpu.json.serializedLine(), to: stats) }
    }

    /// The state dump with a `live` object: whether anything still moves or is due, the time, and
    /// whether the window has the keyboard focus (keys sent to a window without it are lost).
    /// (Headless, with no window, there is no `keyboardFocus`.)
    private func writeLiveDump(_ app: App, idle: Bool, now: Double, keyboardFocus: Bool? = nil, to path: String) throws {
        guard case let .object(pairs) = app.dumpState() else { return }
        let live = JSON.object([("idle", .bool(idle)), ("time", .number(now))] + (keyboardFocus.map { [("keyboardFocus", .bool($0))] } ?? []))
        try write(JSON.object(pairs + [("live", live)]).serializedLine(), to: path)
    }

    /// Writes `text` from its own bytes: a dump of ten million cards is hundreds of megabytes,
    /// and a copy of them as `Data` doubled the peak.
    private func write(_ text: String, to path: String) throws {
        var text = text
        try text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else {
                if path == "-" { try OutputFile.writeToStandardOutput(Data()) } else { try OutputFile.write(Data(), to: path) }
                return
            }
            let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
            if path == "-" { try OutputFile.writeToStandardOutput(data) } else { try OutputFile.write(data, to: path) }
        }
    }
}

/// The calendar's file watcher, made and started the first time the calendar is loaded, and kept
/// for the life of the program.
private final class WatcherSlot: Sendable {
    private let watcher = Mutex<CalendarFileWatcher?>(nil)

    func startOnce(_ make: () -> CalendarFileWatcher) {
        watcher.withLock { w in
            if w == nil {
                let made = make()
                made.start()
                w = made
            }
        }
    }
}

extension CollectionDemo {
    /// Publishes the app on the accessibility bus (AT-SPI2) for screen readers, unless
    /// `--no-accessibility` or `NO_AT_BRIDGE=1` turns it off. The loop answers the bus's requests
    /// while it sleeps and sends the app's events after each update. `now` is the time of the
    /// loop's last frame: actions performed for an assistive technology happen then.
    func publishAccessibility(_ app: App, loop: WindowLoop<App>, now: @escaping () -> Double) -> ATSPIBridge? {
        let application = AccessibleApplication(
            name: "collection-demo",
            tree: { app.accessibilityTree(title: "Collection Demo") },
            events: app.accessibilityEvents,
            setListening: { $0 ? app.listenForAccessibilityEvents() : app.stopAccessibilityEvents() },
            dragManager: { app.currentScene.dragDropManager },
            send: { app.handle($0, now: now()) },
            windowOrigin: { loop.canvas.screenPosition },
            pixelsPerPoint: { loop.canvas.pointScale },
            windowIsActive: { loop.canvas.hasInputFocus })
        // On the bus once the first frame is shown: start-up does not wait for it.
        let bridge = ATSPIBridge.make(for: application, enabled: !noAccessibility)
        bridge?.attach(to: loop)
        return bridge
    }
}

/// The photos scene's pictures: a folder's picture files (`--photos DIR`, else the user's
/// Pictures folder as `xdg-user-dir` names it), or, when there are none, a set generated once
/// into the demo's cache folder. Pictures load through the backend's decoder and the desktop's
/// thumbnail cache, and a finished picture wakes the window.
enum PhotoFolder {
    /// The window's pixel scale, kept up to date by the run loops.
    static let scale = PixelScaleBox()
    static let extensions = PhotoLibrary.pictureExtensions
    /// Files shown at most: a folder of more shows the first ones by name, and a notice says how
    /// many were left out.
    static let maximumFiles = 100_000

    static func library(_ dir: String?, headless: Bool) throws -> PhotoLibrary {
        // Absolute, so the wall remembered for the folder names the same files from any folder.
        let folder = URL(fileURLWithPath: dir ?? picturesFolder()).standardizedFileURL.path
        var (files, total) = pictures(in: folder)
        // A folder given with no pictures is shown as it is: an empty wall that says so.
        if files.isEmpty && dir == nil {
            files = try generated()
            total = files.count
        }
        let wakesWindow = !headless
        let wake: @Sendable () -> Void = { if wakesWindow { WindowWakeUp.post() } }
        // Each picture is decoded in a worker process (this program started again in a hidden
        // mode, see `main()`), so that a hostile file costs only itself.
        let decoder = IsolatedImageDecoder()
        var library = PhotoLibrary(files: files, folder: folder, total: total, scale: scale) {
            // Headless, pictures are made in the frame that asks for them: a script's dump then
            // says the same whatever the machine's speed.
            ImagePipeline(decoder: decoder, thumbnails: FreedesktopThumbnails(), memoryBudget: 48 << 20,
                          workers: wakesWindow ? 2 : 0, wake: wake)
        }
        library.facts = { path in
            let info = PictureFileInfo.read(path)
            var facts = PictureFacts.modificationOnly(path)
            facts.pixelSize = info.size
            facts.taken = info.taken
            return facts
        }
        // "Show in Files": the file manager, over D-Bus (FileManager1).
        if wakesWindow { library.showInFiles = { try FileManagerItems.show($0) } }
        // In a window the folder is watched: pictures copied in or removed appear or go.
        // (Headless runs stay the same whatever happens on disk meanwhile.)
        if wakesWindow {
            library.readsDatesInBackground = true
            library.wake = wake
            let mailbox = PictureFolderMailbox()
            library.folderChanges = mailbox
            watch(folder, mailbox: mailbox, wake: wake)
        }
        return library
    }

    /// Watches `folder` and its subfolders with inotify (``FolderChanges``, as the calendar
    /// watches its files) on a thread of its own, and posts the picture files to `mailbox`
    /// whenever they differ from what it saw last. Without inotify the folder is not watched.
    static func watch(_ folder: String, mailbox: PictureFolderMailbox, wake: @escaping @Sendable () -> Void) {
        let thread = Thread {
            guard let changes = FolderChanges() else { return }
            var last = pictures(in: folder).files
            while true {
                let watched = changes.watch(folders(in: folder)).watched
                if watched == 0 { Thread.sleep(forTimeInterval: 2) } else { _ = changes.wait(timeout: 60) }
                // A copy under way: look once it had a moment to finish; what changes meanwhile
                // wakes the next wait at once.
                Thread.sleep(forTimeInterval: 0.1)
                let now = pictures(in: folder).files
                if now != last {
                    last = now
                    mailbox.post(now)
                    wake()
                }
            }
        }
        thread.name = "photo folder watcher"
        thread.start()
    }

    /// `folder` and its subfolders (hidden ones left out), as ``pictures(in:)`` walks them.
    static func folders(in folder: String) -> Set<String> {
        var out: Set<String> = [folder]
        var queue = [folder]
        while let dir = queue.popLast(), out.count < 10_000 {
            for entry in FileSystemName.entries(of: dir) ?? [] where entry.isFolder && !entry.name.hasPrefix(".") {
                let path = dir + "/" + entry.name
                if out.insert(path).inserted { queue.append(path) }
            }
        }
        return out
    }

    /// `xdg-user-dir PICTURES`, else ~/Pictures.
    static func picturesFolder() -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xdg-user-dir", "PICTURES"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        if (try? p.run()) != nil {
            p.waitUntilExit()
            let path = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // xdg-user-dir answers the home folder itself when PICTURES is not set.
            if p.terminationStatus == 0, !path.isEmpty, path != NSHomeDirectory() { return path }
        }
        return NSHomeDirectory() + "/Pictures"
    }

    /// The picture files in `folder` and its subfolders (hidden ones and symbolic links to
    /// folders left out), sorted by path, the first ``maximumFiles`` of them, and how many there
    /// are in all. Names that are not UTF-8 are kept as their bytes (``FileSystemName``).
    static func pictures(in folder: String) -> (files: [String], total: Int) {
        var out: [String] = []
        var folders = [folder]
        var seen = 0
        // A bound on folders walked, for a tree that never ends (a mount loop).
        while let dir = folders.popLast(), seen < 1_000_000 {
            seen += 1
            for entry in FileSystemName.entries(of: dir) ?? [] where !entry.name.hasPrefix(".") {
                let path = dir + "/" + entry.name
                if entry.isFolder { folders.append(path); continue }
                let ext = (entry.name as NSString).pathExtension.lowercased()
                if extensions.contains(ext) { out.append(path) }
            }
        }
        out.sort(by: PhotoLibrary.listedBefore)
        let total = out.count
        if total > maximumFiles { out.removeLast(total - maximumFiles) }
        return (out, total)
    }

    /// 48 pictures (skies, suns and hills in varied colours), made once into the cache folder.
    static func generated() throws -> [String] {
        let env = ProcessInfo.processInfo.environment
        let cache = env["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory() + "/.cache"
        let dir = cache + "/collection-demo/generated-pictures"
        let names = (0..<48).map { String(format: "%@/picture-%02d.jpg", dir, $0) }
        if names.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { return names }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (i, name) in names.enumerated() { try picture(seed: i).writeJPEG(to: name, quality: 88) }
        return names
    }

    static func picture(seed: Int, width w: Int = 1200, height h: Int = 900) -> Image {
        var px = [UInt32](repeating: 0, count: w * h)
        let hue = Double((seed * 37) % 100) / 100
        let sunX = Double(w) * (0.15 + 0.7 * Double((seed * 53) % 100) / 100), sunY = Double(h) * (0.2 + 0.02 * Double(seed % 7))
        let sunR = Double(h) * (0.06 + 0.01 * Double(seed % 5))
        func hsv(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
            let c = Color.hsv(h.truncatingRemainder(dividingBy: 1), s, v)
            return (Double(c.r), Double(c.g), Double(c.b))
        }
        let sky = hsv(hue, 0.5, 0.95), low = hsv(hue + 0.08, 0.35, 0.75), land = hsv(hue + 0.35, 0.6, 0.45)
        for y in 0..<h {
            let t = Double(y) / Double(h)
            for x in 0..<w {
                let u = Double(x) / Double(w)
                let hill = 0.62 + 0.07 * sin(u * 7 + Double(seed)) + 0.03 * sin(u * 23 + Double(seed) * 2)
                var c: (Double, Double, Double)
                if t > hill {
                    let d = (t - hill) * 1.5
                    c = (land.0 * (1 - d), land.1 * (1 - d), land.2 * (1 - d))
                } else {
                    let k = t / hill
                    c = (sky.0 + (low.0 - sky.0) * k, sky.1 + (low.1 - sky.1) * k, sky.2 + (low.2 - sky.2) * k)
                }
                let dx = Double(x) - sunX, dy = Double(y) - sunY
                if dx * dx + dy * dy < sunR * sunR, t < hill { c = (255, 236, 170) }
                func b(_ v: Double) -> UInt32 { UInt32(max(0, min(255, v))) }
                px[y * w + x] = 0xFF00_0000 | b(c.0) << 16 | b(c.1) << 8 | b(c.2)
            }
        }
        return Image(width: w, height: h, pixels: px)
    }
}


/// Calendar files opened while the program runs (a second launch handed them over): the calendar
/// shows them beside its own. Before the calendar is first shown they are only remembered; after,
/// every file shown is read again on another thread and posted to the calendar's mailbox.
final class OpenedCalendars: Sendable {
    static let shared = OpenedCalendars()

    private struct State {
        var opened: [String] = []
        /// The calendar's files and how to show a new set, once the calendar has loaded.
        var shown: [String]?
        var show: (@Sendable ([String]) -> Void)?
    }
    private let state = Mutex(State())

    /// The files opened so far.
    var files: [String] { state.withLock { $0.opened } }

    /// The calendar loaded `files`; later openings call `show` with every file to show.
    func calendarLoaded(_ files: [String], show: @escaping @Sendable ([String]) -> Void) {
        state.withLock { $0.shown = files; $0.show = show }
    }

    /// Adds `files` (those not shown yet) and shows them if the calendar is loaded.
    func add(_ files: [String]) {
        let next: ([String], @Sendable ([String]) -> Void)? = state.withLock { s in
            let known = Set(s.opened + (s.shown ?? []))
            let new = files.filter { !known.contains($0) }
            guard !new.isEmpty else { return nil }
            s.opened += new
            guard let shown = s.shown, let show = s.show else { return nil }
            s.shown = shown + new
            return (shown + new, show)
        }
        if let (all, show) = next { show(all) }
    }
}
/// The demo's words (the "collection-demo" text domain) for the command line: `--help` and the
/// messages for bad flags. (`scripts/translations.sh update` extracts them from this file too.)
private func tr(_ message: String) -> String { DemoWords.domain(message) }

/// `template` with its `%@` filled in order.
private func filled(_ template: String, _ arguments: String...) -> String { TextDomain.fill(template, arguments: arguments) }
#else
// Built without the package's `Programs` trait (a program that depends on the libraries with
// `traits: []`): the command line needs swift-argument-parser, which is then left out.
import Foundation

@main
struct CollectionDemo {
    static func main() {
        FileHandle.standardError.write(Data("collection-demo: built without the Programs trait; build this package on its own (its default traits) to run it\n".utf8))
        exit(1)
    }
}
#endif
