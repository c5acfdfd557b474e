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
        // One configuration for every lookup: loading it (the configuration files and the font
        // caches) is most of what finding a font costs at start-up.
        guard let config = FontConfiguration.shared.config else { throw Missing() }
        guard let regular = match("DejaVu Sans:style=Book", config) ?? match("sans-serif", config) else { throw Missing() }
        let bold = match("DejaVu Sans:style=Bold", config) ?? regular
        return (regular, bold)
    }

    static func match(_ pattern: String, _ config: OpaquePointer) -> String? {
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

/// fontconfig's configuration and font list, loaded once per process when a font is first looked
/// for, and kept: both the UI fonts and the fallback faces are found with it.
final class FontConfiguration {
    nonisolated(unsafe) static let shared = FontConfiguration()
    let config: OpaquePointer?
    private init() { config = FcInitLoadConfigAndFonts() }
}

/// A font file fontconfig offers for characters the UI font lacks: a path and a face index
/// (collections such as `.ttc` files hold several faces).
struct FontFace: Hashable {
    var path: String
    var index: Int
}

/// Finds fallback faces through fontconfig: for a character, the first face in fontconfig's
/// order of preference (for sans-serif text, or for emoji) whose character set has it. The
/// sorted lists are made once per process; answers are cached per character by `TextCache`.
final class FallbackFonts {
    nonisolated(unsafe) static let shared = FallbackFonts()

    private let config: OpaquePointer?
    private let sans: UnsafeMutablePointer<FcFontSet>?
    private let emoji: UnsafeMutablePointer<FcFontSet>?

    private init() {
        config = FontConfiguration.shared.config
        sans = FallbackFonts.sorted(config, "sans-serif")
        emoji = FallbackFonts.sorted(config, "emoji")
    }

    private static func sorted(_ config: OpaquePointer?, _ pattern: String) -> UnsafeMutablePointer<FcFontSet>? {
        guard let config, let pat = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(pat) }
        FcConfigSubstitute(config, pat, FcMatchPattern)
        FcDefaultSubstitute(pat)
        var result = FcResultNoMatch
        return FcFontSort(config, pat, FcFalse, nil, &result)
    }

    /// The preferred face that has `scalar`; with `emoji`, colour emoji faces come first.
    func face(for scalar: UInt32, emoji wantsEmoji: Bool) -> FontFace? {
        if wantsEmoji, let f = first(in: emoji, having: scalar, colourOnly: true) { return f }
        return first(in: sans, having: scalar, colourOnly: false)
    }

    private func first(in set: UnsafeMutablePointer<FcFontSet>?, having scalar: UInt32, colourOnly: Bool) -> FontFace? {
        guard let set, let fonts = set.pointee.fonts else { return nil }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = fonts[i] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset,
                  FcCharSetHasChar(charset, scalar) != 0 else { continue }
            if colourOnly {
                var colour: FcBool = FcFalse
                guard FcPatternGetBool(font, "color", 0, &colour) == FcResultMatch, colour != 0 else { continue }
            }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { continue }
            let path = String(cString: file)
            let lower = path.lowercased()
            // SDL_ttf reads TrueType and OpenType files only.
            guard lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, "index", 0, &index)
            return FontFace(path: path, index: Int(index))
        }
        return nil
    }
}
