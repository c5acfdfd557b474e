import CollectionKit

/// The backend's text measurer, handed to scenes through `SceneConfig`. Scenes run on the main
/// thread only, like the measurer's fonts; the box only carries it there.
public struct TextMeasurerBox: @unchecked Sendable {
    public let measurer: any TextMeasuring
    public init(_ measurer: any TextMeasuring) { self.measurer = measurer }
}

extension SceneConfig {
    /// The measurer scenes size their text with: the backend's when the executable gave one, else
    /// estimated widths (unit tests that draw nothing).
    public var measurer: any TextMeasuring { textMeasurer?.measurer ?? EstimatedTextMeasurer() }
}

/// The window's text services (clipboard, text input), handed to scenes through `SceneConfig`
/// like the measurer: made on the main thread, used there only.
public struct TextServicesBox: @unchecked Sendable {
    public let services: TextServices
    public init(_ services: TextServices) { self.services = services }
}

extension SceneConfig {
    /// The services scenes' fields use: the backend's when the executable gave them, else in
    /// memory (tests and headless runs).
    public var services: TextServices { textServices?.services ?? TextServices() }
}
