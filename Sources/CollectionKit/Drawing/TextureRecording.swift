/// Commands recorded once into an offscreen texture of `size` points, drawn with `.texture`.
/// The backend keeps a texture while frames keep naming its key and drops it when they stop.
///
/// Use it for content that is expensive to draw and does not change from frame to frame, such as a
/// lifted item's snapshot. Record it with ``DrawList/recordTexture(key:size:_:)``.
public struct TextureRecording: Equatable, Sendable {
    /// The name frames use to draw the texture; a new key means a new texture.
    public var key: String
    /// The texture's size in points; the commands draw with their origin at (0, 0).
    public var size: Size
    /// What is drawn into the texture, once.
    public var commands: [DrawCommand]
    /// Creates a recording of `commands` into a texture of `size` named `key`.
    public init(key: String, size: Size, commands: [DrawCommand]) { self.key = key; self.size = size; self.commands = commands }
}
