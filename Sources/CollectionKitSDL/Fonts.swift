import CFontconfig
import CollectionKit

/// Finds the UI font files through fontconfig.
public enum FontLocator {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String {
            "no usable font found through fontconfig; install one with: sudo apt-get install fonts-dejavu-core"
        }
    }

    /// The regular and bold font files for the interface (DejaVu Sans, or fontconfig's nearest sans).
    public static func uiFonts() throws -> (regular: String, bold: String) {
        guard let regular = match("DejaVu Sans:style=Book") ?? match("sans-serif") else { throw Missing() }
        let bold = match("DejaVu Sans:style=Bold") ?? regular
        return (regular, bold)
    }

    static func match(_ pattern: String) -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pat = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(pat) }
        FcConfigSubstitute(config, pat, FcMatchPattern)
        FcDefaultSubstitute(pat)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pat, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { return nil }
        let path = String(cString: file)
        // fontconfig answers even when nothing fits; only a TrueType/OpenType file will do for SDL_ttf.
        let lower = path.lowercased()
        guard lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") else { return nil }
        return path
    }
}
