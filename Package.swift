// swift-tools-version:6.1
import Foundation
import PackageDescription

/// The sanitizer's pass (scripts/test.sh sets CK_SANITIZER_SUBSET in its own scratch path) runs
/// only the suites that reach C libraries and unsafe memory: it builds only those, rather than
/// every test target a second time. Unset (every other build), nothing changes.
let sanitizerSubset = ProcessInfo.processInfo.environment["CK_SANITIZER_SUBSET"] != nil
/// In that pass a target lists only the files of the suites it runs (nil: all of them).
func sanitizerSources(_ files: [String]) -> [String]? { sanitizerSubset ? files : nil }
/// The files of a test target whose suites the sanitizer's pass skips (scripts/test.sh's
/// `asan_skip`): left out of its build, so it does not compile what it never runs.
func sanitizerSkipped(_ files: [String]) -> [String] { sanitizerSubset ? files : [] }

/// The test runner (scripts/test.sh sets CK_OPTIMIZED_BACKEND) builds the SDL backend optimised
/// for size in its debug builds, asserts kept: the backend's pixel loops (fills, masks, blits, row
/// comparisons) are most of the time of every test that draws, and run three to four times slower
/// unoptimised (the partial-redraw suite: 24 CPU-s against 8; `-O` gives 6 but costs 27 CPU-s more
/// to compile the module, `-Osize` 16). Everything else stays a debug build, and without the
/// variable (an app that depends on the package, a hand-run build) nothing changes.
let optimizedBackend = ProcessInfo.processInfo.environment["CK_OPTIMIZED_BACKEND"] != nil
let backendSettings: [SwiftSetting] = optimizedBackend ? [.unsafeFlags(["-Osize", "-assert-config", "Debug"], .when(configuration: .debug))] : []

/// A program as it ships: in a release build the Swift runtime and Foundation are linked into it
/// (`-static-stdlib`), so it needs no Swift installed and its window maps only the pages of them it
/// runs, not every shared library's whole symbol tables (the notes example's peak in a window,
/// Benchmarks/RESULTS.md). Debug builds link them shared, which links faster.
let shippedAlone = (swift: [SwiftSetting.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
                    linker: [LinkerSetting.unsafeFlags(["-static-stdlib", "-use-ld=lld"], .when(configuration: .release))])

let package = Package(
    name: "CollectionKit",
    products: [
        // The engine: geometry, input, draw lists, collection views, layouts, physics, drag. Pure Swift.
        .library(name: "CollectionKit", targets: ["CollectionKit"]),
        // The SDL2 backend: a window loop, headless canvas, renderer, text, fonts, PNG capture, clocks.
        .library(name: "CollectionKitSDL", targets: ["CollectionKitSDL"]),
        // The desktop's D-Bus services, over GIO and the engine, with no SDL: the AT-SPI2 bridge for
        // screen readers, the settings portal (colour scheme, motion, text scale), the single instance.
        .library(name: "CollectionKitDesktop", targets: ["CollectionKitDesktop"]),
        // Headless driving on a virtual clock and the input-script format, for tests of your own views.
        .library(name: "CollectionKitTesting", targets: ["CollectionKitTesting"]),
        .executable(name: "collection-demo", targets: ["collection-demo"]),
        .executable(name: "collection-bench", targets: ["collection-bench"]),
        .executable(name: "grid-example", targets: ["grid-example"]),
        .executable(name: "kanban-example", targets: ["kanban-example"]),
        .executable(name: "notes-example", targets: ["notes-example"]),
        .executable(name: "widgets-example", targets: ["widgets-example"]),
    ],
    // What only the demo and benchmark programs need (their command-line parsing) is behind the
    // trait `Programs`, on by default. A program that depends on the libraries alone names the
    // package with `traits: []`, and SwiftPM then neither fetches nor builds those dependencies.
    // The programs' sources are guarded by the same trait (`#if Programs`): whatever a consumer's
    // build order, a program compiled without it imports nothing it lacks and is a stub that
    // says so. (scripts/consumer-builds.sh: 20 builds of such a consumer, only libraries compiled.)
    traits: [
        .trait(name: "Programs", description: "The demo and benchmark programs' command-line parsing (swift-argument-parser)."),
        .default(enabledTraits: ["Programs"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // System libraries, from Debian's packages.
        // SDL's headers are reached as <SDL2/...> and the libraries named in the module maps, not through
        // pkg-config: its flags for SDL (-D_REENTRANT -pthread) are ones SwiftPM refuses, with a warning in
        // every build of every package that depends on this one.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // SDL's window-manager messages, for the X server's time of each input event.
        .systemLibrary(name: "CSDL2SysWM", providers: [.apt(["libsdl2-dev", "libx11-dev"])]),
        // FreeType's header folder, for HarfBuzz's FreeType glue (its flags are plain -I).
        .systemLibrary(name: "CSDL2TTF", pkgConfig: "freetype2", providers: [.apt(["libsdl2-ttf-dev", "libfreetype-dev", "libharfbuzz-dev"])]),
        .systemLibrary(name: "CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),
        // libjpeg-turbo: JPEGs decoded reduced by 1/2, 1/4 or 1/8 (the DCT scaled), for thumbnails of photos.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        // libpng: thumbnails for the freedesktop.org cache, read and written in memory.
        // libexif: the orientation a camera records in a JPEG, so a photo taken upright shows upright.
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // iCalendar (RFC 5545) parsing and recurrence expansion; time zones come from tzdata.
        .systemLibrary(name: "CLibical", pkgConfig: "libical", providers: [.apt(["libical-dev", "tzdata"])]),
        // The system's ICU for the calendar: time zones, date patterns and names, week data, and the
        // Windows-to-IANA zone table (CLDR windowsZones) for the zone names Outlook and Exchange write.
        .systemLibrary(name: "CICU", pkgConfig: "icu-i18n", providers: [.apt(["libicu-dev"])]),
        // ICU's line-break iterator and bidirectional algorithm, for the backend's paragraphs.
        .systemLibrary(name: "CICUText", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        // GLib's D-Bus (GDBus), for the AT-SPI2 accessibility bus: screen readers reach the collections through it.
        // GLib's header folders (GIO's own pkg-config flags add -pthread, which SwiftPM refuses with a
        // warning); the module map links GIO itself.
        .systemLibrary(name: "CGio", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),

        // glibc's gettext (message catalogues, plural rules): part of libc, nothing to link.
        .systemLibrary(name: "CGettext"),

        // The engine. It depends on nothing but the standard library, Foundation and libc's
        // gettext: the target graph keeps SDL out of it.
        .target(name: "CollectionKit", dependencies: ["CGettext"]),

        // The thin SDL backend: events in, draw lists out, text, offscreen capture, the window loop.
        .target(name: "CollectionKitSDL", dependencies: ["CollectionKit", "CSDL2", "CSDL2SysWM", "CSDL2TTF", "CSDL2Image", "CJPEG", "CExif", "CPNG", "CFontconfig", "CICUText", "CGio"],
                swiftSettings: backendSettings),

        // The desktop's services over D-Bus (GIO): they attach to any loop that is a `DesktopServiceHost`.
        .target(name: "CollectionKitDesktop", dependencies: ["CollectionKit", "CGio"]),

        // The null backend: a virtual clock that plays input scripts against any `InteractiveRoot`.
        .target(name: "CollectionKitTesting", dependencies: ["CollectionKit"]),

        // Calendar dates, month grids, events and the `EventSource` protocol: no UI, no SDL.
        .target(name: "CalendarModel", dependencies: ["CGettext", "CICU"]),

        // Calendar files read through libical, behind `EventSource`.
        .target(name: "ICalendar", dependencies: ["CalendarModel", "CLibical", "CICU"]),

        // The demo: the app shell, tab bar and scenes. They configure the engine and hold no engine logic.
        .target(name: "CollectionDemo", dependencies: ["CollectionKit", "CalendarModel"]),

        .executableTarget(
            name: "collection-demo",
            dependencies: [
                "CollectionDemo", "CollectionKit", "CollectionKitSDL", "CollectionKitDesktop", "CollectionKitTesting", "CalendarModel", "ICalendar",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Programs"])),
            ],
            // A release build carries the Swift runtime and Foundation in the program, linked by
            // lld with packed relative relocations: it maps the code it uses rather than every
            // shared library's symbol tables and relocations (resident memory of the grid's window
            // 47 -> 41 MB, the dynamic loader's start 11 M -> 4 M cycles; Benchmarks/README.md).
            // The code that runs is laid out together (scripts/link-order.txt, written by
            // scripts/link-order.sh), so the pages a window maps in hold little code it never runs.
            // Names the order lists that the code no longer has are skipped without a warning each
            // (a stale order costs only memory; scripts/link-order.sh writes a fresh one).
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                           "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/link-order.txt"],
                                          .when(configuration: .release))]),
        .executableTarget(name: "collection-bench",
                          dependencies: ["CollectionDemo", "CollectionKit", "CollectionKitSDL", "CollectionKitTesting", "CalendarModel",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Programs"]))]),
        // Benchmarks/photos.sh: a grid of 10,000 4000x3000 JPEGs scrolled at 2,400 pt/s, cold and warm.
        .executableTarget(name: "photo-bench", dependencies: ["CollectionKit", "CollectionKitSDL"]),
        // Benchmarks/examples.sh: the Kanban and Notes examples' roots run headless with rendering.
        // Benchmarks/gestures.sh: one list of cards, one dragged along it, beside the GTK4 and Qt Quick peers.
        .executableTarget(name: "drag-list-bench", dependencies: ["CollectionKit", "CollectionKitSDL"]),
        // Benchmarks/gestures.sh: twelve flat pages, one card a page, beside AdwCarousel and Qt Quick's paging ListView.
        .executableTarget(name: "page-flick-bench", dependencies: ["CollectionKit", "CollectionKitSDL"]),
        .executableTarget(name: "examples-bench", dependencies: ["KanbanBoard", "NotesList", "CollectionKit", "CollectionKitSDL", "CollectionKitTesting"]),
        .executableTarget(name: "calendar-bench",
                          dependencies: ["CollectionDemo", "CollectionKit", "CollectionKitTesting", "CalendarModel", "ICalendar",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Programs"]))]),
        // The README's "Use the engine in your own program", as a program that builds. The examples ship
        // as the demo does: a release build carries the Swift runtime and Foundation in the program
        // (`shippedAlone`), so a window maps only the pages of them it uses.
        .executableTarget(name: "grid-example", dependencies: ["CollectionKit", "CollectionKitSDL", "CollectionKitDesktop"], path: "Examples/GridExample",
                          swiftSettings: shippedAlone.swift, linkerSettings: shippedAlone.linker),
        // Drag and drop between collections, as an app would use it: columns, a trash, saving to JSON.
        .target(name: "KanbanBoard", dependencies: ["CollectionKit"], path: "Examples/Kanban/KanbanBoard"),
        .executableTarget(name: "kanban-example", dependencies: ["KanbanBoard", "CollectionKitSDL", "CollectionKitDesktop"], path: "Examples/Kanban/App",
                          swiftSettings: shippedAlone.swift, linkerSettings: shippedAlone.linker),
        // A long list of cells as tall as their wrapped text: 100,000 notes, resize keeps the one being read.
        .target(name: "NotesList", dependencies: ["CollectionKit"], path: "Examples/Notes/NotesList"),
        .executableTarget(name: "notes-example", dependencies: ["NotesList", "CollectionKit", "CollectionKitSDL", "CollectionKitDesktop"], path: "Examples/Notes/App",
                          swiftSettings: shippedAlone.swift, linkerSettings: shippedAlone.linker),
        // The engine's buttons, dialog and toast, and a part of the app's own, published to screen readers.
        .executableTarget(name: "widgets-example", dependencies: ["CollectionKit", "CollectionKitSDL", "CollectionKitDesktop"], path: "Examples/WidgetsExample",
                          swiftSettings: shippedAlone.swift, linkerSettings: shippedAlone.linker),

        .testTarget(name: "CollectionKitTests", dependencies: ["CollectionKit", "CollectionKitTesting"],
                    sources: sanitizerSources(["GridLayoutTests.swift"])),
        .testTarget(name: "CollectionDemoTests",
                    dependencies: ["CollectionDemo", "CollectionKit", "CollectionKitTesting", "CalendarModel", "ICalendar"],
                    sources: sanitizerSources(["MonkeyTests.swift", "SceneInspection.swift"])),
        .testTarget(name: "RenderTests",
                    dependencies: ["CollectionDemo", "CollectionKit", "CollectionKitSDL", "CollectionKitDesktop", "CollectionKitTesting", "CalendarModel", "ICalendar"],
                    // (The calendar's goldens, the layout check and the draw-ahead suite stay, as other suites
                    // use their helpers, and the partial redraw's file, for its test of moving pixels.)
                    exclude: ["References"] + sanitizerSkipped(["CarouselGoldenTests.swift", "BoardsGoldenTests.swift", "MosaicGoldenTests.swift",
                                                                "RearrangeGoldenTests.swift", "LocaleGoldenTests.swift", "LongTextTests.swift"])),
        .testTarget(name: "CalendarModelTests", dependencies: ["CalendarModel", "CGettext"],
                    sources: sanitizerSources(["EventCacheTests.swift"])),

        .testTarget(name: "ICalendarTests", dependencies: ["CalendarModel", "ICalendar"],
                    exclude: sanitizerSkipped(["CalendarRaceTests.swift", "CalendarUndoDeleteTests.swift"])),
        // The child process of ICalendarTests' process tests (a killed writer, two writers racing):
        // built with the tests, found beside the test bundle.
        .executableTarget(name: "calendar-test-writer", dependencies: ["CalendarModel", "ICalendar"], path: "Tests/CalendarTestWriter"),
] + (sanitizerSubset ? [] : [
        .testTarget(name: "CollectionKitTestingTests", dependencies: ["CollectionKit", "CollectionKitTesting"]),
        // The AT-SPI2 adapter's mappings and its walk of the tree, with no bus.
        .testTarget(name: "AccessibilityBusTests", dependencies: ["CollectionDemo", "CollectionKit", "CollectionKitSDL", "CollectionKitDesktop", "CollectionKitTesting"]),
        .testTarget(name: "KanbanExampleTests", dependencies: ["KanbanBoard", "CollectionKit", "CollectionKitTesting"]),
        .testTarget(name: "NotesExampleTests", dependencies: ["NotesList", "CollectionKit", "CollectionKitSDL", "CollectionKitTesting"]),
    ])
)
