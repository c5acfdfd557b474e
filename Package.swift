// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "CollectionDemo",
    products: [
        .executable(name: "collection-demo", targets: ["collection-demo"]),
        .executable(name: "collection-bench", targets: ["collection-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries, from Debian's packages.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2TTF", pkgConfig: "SDL2_ttf", providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CSDL2Image", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // iCalendar (RFC 5545) parsing and recurrence expansion; time zones come from tzdata.
        .systemLibrary(name: "CLibical", pkgConfig: "libical", providers: [.apt(["libical-dev", "tzdata"])]),

        // The pure core: geometry, input, draw lists, the collection-view engine, scenes.
        // It must never depend on an SDL target.
        .target(name: "CollectionCore"),

        // The thin SDL backend: events in, draw lists out, text, offscreen capture.
        .target(name: "SDLBackend", dependencies: ["CollectionCore", "CSDL2", "CSDL2TTF", "CSDL2Image", "CFontconfig"]),

        // Calendar files read through libical, behind the core's `EventSource` protocol.
        .target(name: "ICalendar", dependencies: ["CollectionCore", "CLibical"]),

        .executableTarget(
            name: "collection-demo",
            dependencies: [
                "CollectionCore", "SDLBackend", "ICalendar",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "collection-bench", dependencies: ["CollectionCore", "SDLBackend"]),
        .executableTarget(name: "calendar-bench", dependencies: ["CollectionCore", "ICalendar"]),

        .testTarget(name: "CollectionCoreTests", dependencies: ["CollectionCore"]),
        .testTarget(name: "RenderTests", dependencies: ["CollectionCore", "SDLBackend", "ICalendar"],
                    exclude: ["References"]),
        .testTarget(name: "ICalendarTests", dependencies: ["CollectionCore", "ICalendar"]),
    ]
)
