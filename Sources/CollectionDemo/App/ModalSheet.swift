import CollectionKit
/// A scene that can show a modal sheet: while `modalSheet` is set, the sheet dims the whole
/// window (the app dims its tab bar to match) and takes every key and press, as a dialog does.
protocol ModalSheetPresenting {
    /// The open sheet's frame in window points; nil when no sheet is open.
    var modalSheet: Rect? { get }
}

enum ModalSheet {
    /// The veil over everything behind a sheet.
    static var dimming: Color { Theme.background.withAlpha(0.72) }
}
