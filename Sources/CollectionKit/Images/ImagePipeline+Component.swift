/// A pipeline is a part of a ``Composition`` as it is: list it and the composition takes the
/// pictures that finished decoding at each update and asks its deadline (the next arrival it is
/// waiting for), so a scene forwards neither by hand. It takes no input and draws nothing itself:
/// cells draw its pictures (``ImagePipeline/draw(_:in:cornerRadius:into:)``).
///
/// ```swift
/// let pipeline = ImagePipeline(decoder: decoder)
/// let root = Composition([controller, pipeline], focus: FocusChain([controller]))
/// ```
extension ImagePipeline: Component {
    public func contains(_ p: Point) -> Bool { false }
}
