import CollectionKit

/// A clipboard that lives in memory, for tests: what a field copies can be read back, and what a
/// test puts on it is pasted.
public final class MemoryClipboard: Clipboard {
    public private(set) var text: String?
    public init(text: String? = nil) { self.text = text }
    public func setText(_ text: String) { self.text = text }
}

/// A text input host that remembers what it was told, for tests: whether a field is taking text
/// and where its caret was reported.
public final class RecordingTextInputHost: TextInputHost {
    /// True between a start and a stop.
    public private(set) var isActive = false
    /// The caret rect last reported.
    public private(set) var caret: Rect?
    public init() {}
    public func startTextInput(caret: Rect) { isActive = true; self.caret = caret }
    public func moveTextInput(caret: Rect) { self.caret = caret }
    public func stopTextInput() { isActive = false }
}
