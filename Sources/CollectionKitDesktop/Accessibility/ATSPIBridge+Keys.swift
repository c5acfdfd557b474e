import CollectionKit
import Foundation

/// Key forwarding to screen readers, as atk-bridge does for GTK 3 and Qt: each key is shown to
/// the registry's keystroke listeners (`DeviceEventController.NotifyListenersSync`) before the
/// application handles it, and a key a listener consumes (a screen reader's own command) never
/// reaches the application.
extension ATSPIBridge {
    /// How long a key waits for the listeners' answer at most, in milliseconds; past it the key
    /// goes to the application as if nobody consumed it.
    static let keyAnswerTimeout: Int32 = 500

    /// Shows a key to the keystroke listeners; true when one consumed it. Returns false at once,
    /// with no bus traffic, while no keystroke listener is registered. While it waits, the
    /// application keeps answering the listener's questions about the tree (a screen reader
    /// reads the focused item before it answers), as atk-bridge's re-entrant wait does.
    public func forwardKey(_ stroke: KeyStroke) -> Bool {
        guard connection.hasKeyListeners, let event = ATSPIKeyEvent(stroke) else { return false }
        let answer = KeyAnswer()
        let connection = self.connection
        Thread.detachNewThread {
            answer.set(connection.notifyKeyListeners(event, timeout: ATSPIBridge.keyAnswerTimeout))
        }
        let deadline = Date().addingTimeInterval(Double(ATSPIBridge.keyAnswerTimeout) / 1000 + 0.05)
        while true {
            if let consumed = answer.wait(seconds: 0.002) { return consumed }
            _ = service()
            if Date() > deadline { return false }
        }
    }

    /// Wires ``forwardKey(_:)`` into a window loop: keys go to listeners before the loop reads them.
    func forwardKeys(of loop: some DesktopServiceHost) {
        loop.keyFilter = { [weak self] stroke in self?.forwardKey(stroke) ?? false }
    }
}

/// The listeners' answer, handed from the thread that waits for the bus.
private final class KeyAnswer: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Bool?

    func set(_ consumed: Bool) {
        condition.lock(); value = consumed; condition.signal(); condition.unlock()
    }

    func wait(seconds: Double) -> Bool? {
        condition.lock(); defer { condition.unlock() }
        if value == nil { _ = condition.wait(until: Date().addingTimeInterval(seconds)) }
        return value
    }
}
