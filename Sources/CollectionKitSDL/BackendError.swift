import CSDL2
import CSDL2TTF
import CSDL2Image
import CollectionKit

/// A failure of SDL or its libraries (no display, a font that cannot be opened, a renderer that
/// cannot be made), with SDL's own message appended when it gave one. Its description is the one
/// line the program prints before exiting non-zero.
public struct BackendError: Error, CustomStringConvertible {
    /// What failed, then SDL's explanation.
    public var description: String
    init(_ what: String) {
        let detail = String(cString: SDL_GetError())
        description = detail.isEmpty ? what : "\(what): \(detail)"
    }
    init(plain: String) { description = plain }
}
