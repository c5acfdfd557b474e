import CollectionKit
import CalendarModel
/// One screen of the demo. Scenes live in the core: they take input as values and time as a
/// number, and emit draw lists. A scene lists its parts once in its ``composition`` (views,
/// handlers, overlays and the focus chain, in priority order); input, update, drawing, deadlines,
/// the cursor, live cells and the dump come from there unless the scene says more.
public protocol Scene: AnyObject {
    var name: String { get }
    /// The scene's parts in priority order, with its focus chain.
    var composition: Composition { get }
    /// The area the scene owns, in window points (the window below the tab bar).
    func setFrame(_ frame: Rect)
    func handle(_ event: InputEvent, now: Double)
    func update(now: Double)
    func draw(into list: inout DrawList)
    func cursor(at p: Point) -> Cursor
    /// True while an item is being dragged.
    var isDragging: Bool { get }
    /// The scene's collections for the state dump; scenes may add keys of their own.
    func dumpState() -> [(String, JSON)]
    /// Cell objects alive now, across the scene's collections.
    var liveCellCount: Int { get }
    /// Called when the scene stops being shown (a drag in flight is cancelled).
    func didDeactivate(now: Double)
    /// Messages to show the user (a file that did not load, a refused update).
    var notices: [String] { get }
    /// When the scene next changes without input (see `InteractiveRoot.nextDeadline(after:)`);
    /// the default, `now`, redraws it every frame.
    func nextDeadline(after now: Double) -> Double?
    /// Drawing to prepare while the window is idle (see `InteractiveRoot.drawAhead()`); the
    /// default, nil, has none.
    func drawAhead() -> DrawList?
    /// What the scene shows assistive technology: its collections (made with
    /// `CollectionView.accessibilityNode`) and nodes of its own. Built only when asked; the
    /// default has none.
    func accessibilityNodes() -> [AccessibleNode]
    /// The scene's drag-and-drop manager, whose drags are announced to assistive technology; the
    /// default has none.
    var dragDropManager: DragDropCoordinator? { get }
}

extension Scene {
    public func handle(_ event: InputEvent, now: Double) { _ = composition.handle(event, now: now) }
    public func update(now: Double) { composition.update(now: now) }
    public func draw(into list: inout DrawList) { composition.draw(into: &list) }
    public var isDragging: Bool { composition.isDragging }
    public func cursor(at p: Point) -> Cursor { composition.cursor(at: p) ?? .arrow }
    public func didDeactivate(now: Double) { composition.cancelGestures(now: now) }
    public var liveCellCount: Int { composition.liveCellCount }
    public func dumpState() -> [(String, JSON)] { composition.dumpEntries() }
    public var notices: [String] { [] }
    public func accessibilityNodes() -> [AccessibleNode] { [] }
    public var dragDropManager: DragDropCoordinator? { nil }
    public func nextDeadline(after now: Double) -> Double? { composition.nextDeadline(after: now) }
    public func drawAhead() -> DrawList? { nil }
}

/// Options every scene may read, from the command line.
public struct SceneConfig: Sendable {
    /// `--items`; nil lets each scene use its own default.
    public var items: Int?
    public var carouselAlignment: String = "center"
    public var rearrangeLayout: String = "grid"
    /// `--layout-direction`, else the environment locale's: every scene's collections, the tab bar
    /// and the headers mirror in right to left.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// Extra scene options by flag name (calendar dates, files), parsed by the scene that uses them.
    public var options: [String: [String]] = [:]
    /// Options worked out only when a scene is made (`resolvedOptions`), merged over `options`:
    /// the executable's calendar defaults from the environment, whose ICU data the other scenes
    /// never need at start-up.
    public var lateOptions: (@Sendable () -> [String: [String]])?
    /// `options` with `lateOptions` merged over them.
    public var resolvedOptions: [String: [String]] {
        guard let lateOptions else { return options }
        return options.merging(lateOptions()) { _, late in late }
    }
    /// The calendar scene's events, loaded by the executable (nil: an empty calendar).
    public var calendarSource: EventSourceBox?
    /// Measures text as the backend draws it (nil: estimated widths; see `measurer`).
    public var textMeasurer: TextMeasurerBox?
    /// The clipboard and text input fields edit through (nil: in memory; see `services`).
    public var textServices: TextServicesBox?
    /// The photos scene's pictures and pipeline (`--photos`); nil: no photos scene.
    public var photos: PhotoLibrary?
    /// Makes a pipeline for pictures other scenes show (a picture dropped on the mosaic), with
    /// the backend's decoder; nil: they show no pictures.
    public var makeImagePipeline: (@Sendable () -> ImagePipeline)?
    /// The window's device pixels per point, kept up to date by the backend, for pictures made
    /// for a cell's pixels (nil: 1).
    public var pixelScale: PixelScaleBox?
    /// Opens calendar files dropped on the calendar (absolute paths) beside the ones it shows, as a
    /// second launch's files are; nil: a dropped calendar file is refused.
    public var openCalendarFiles: (@Sendable ([String]) -> Void)?
    public init(items: Int? = nil) { self.items = items }
}

/// A scene the app can show: its name, its tab title, and how to make it.
public struct SceneEntry {
    public var name: String
    public var title: String
    public var make: (SceneConfig) throws -> any Scene
    public init(name: String, title: String, make: @escaping (SceneConfig) throws -> any Scene) {
        self.name = name; self.title = title; self.make = make
    }
}

public enum SceneCatalog {
    /// Every scene that exists, in tab order. Only real, working scenes are listed here.
    public static var all: [SceneEntry] { [
        SceneEntry(name: "grid", title: tr("Grid")) { GridScene(itemCount: $0.items ?? 1000, layoutDirection: $0.layoutDirection) },
        SceneEntry(name: "carousel", title: tr("Carousel")) { try CarouselScene(config: $0) },
        SceneEntry(name: "rearrange", title: tr("Rearrange")) { config in
            let scene = try RearrangeScene(itemCount: config.items ?? 200, layoutNamed: config.rearrangeLayout, measurer: config.measurer)
            scene.collection.layoutDirection = config.layoutDirection
            return scene
        },
        SceneEntry(name: "calendar", title: tr("Calendar")) { try CalendarScene(config: $0) },
        SceneEntry(name: "boards", title: tr("Boards")) { BoardsScene(config: $0) },
        SceneEntry(name: "mosaic", title: tr("Mosaic")) { try MosaicScene(config: $0) },
    ] }
    /// The photos scene: a tab of its own only when asked for (`--photos` or `--scene photos`),
    /// since it needs a folder of pictures and a backend's decoder (`SceneConfig.photos`).
    public static var photos: SceneEntry { SceneEntry(name: "photos", title: tr("Photos")) { try PhotosScene(config: $0) } }
    public static var names: [String] { all.map(\.name) }
    public static func entry(named name: String) -> SceneEntry? { (all + [photos]).first { $0.name == name } }
}
