import CollectionKit

/// The window loop as the desktop's services see it (``DesktopServiceHost``): its hooks, its
/// window's keys (``WindowCanvas/keyFilter``), and SDL events as wake-ups (``RequestWakeUp`` for
/// requests answered without a frame, ``WindowWakeUp`` for a frame).
extension WindowLoop: DesktopServiceHost {
    public var keyFilter: ((KeyStroke) -> Bool)? {
        get { canvas.keyFilter }
        set { canvas.keyFilter = newValue }
    }

    public func makeRequestWakeUp() -> @Sendable () -> Void {
        RequestWakeUp.prepare()
        return { RequestWakeUp.post() }
    }

    public var frameWakeUp: @Sendable () -> Void { { WindowWakeUp.post() } }
}

extension WindowLoop: AccessibleWindowHost where Root: ComposedRoot {
    public var windowOrigin: Point { canvas.screenPosition }
    public var pixelsPerPoint: Double { canvas.pointScale }
    public var windowIsActive: Bool { canvas.hasInputFocus }
}
