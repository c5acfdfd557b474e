import CICUText
import CollectionKit

extension LayoutDirection {
    /// The direction of a locale's script as ICU knows it (`uloc_isRightToLeft`: the script subtag,
    /// else CLDR's likely script for the language), from a POSIX identifier such as
    /// `ar_EG.UTF-8@latin` (the encoding and modifier are dropped) or a BCP 47 tag. An app sets
    /// ``CollectionView/layoutDirection`` from it; ``init(localeIdentifier:)`` is the engine's own
    /// table for when ICU is not at hand. O(length of the identifier).
    public init(icuLocale identifier: String) {
        let base = identifier.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        guard !base.isEmpty, base != "C", base != "POSIX" else { self = .leftToRight; return }
        let icu = base.replacingOccurrences(of: "-", with: "_")
        self = cicu_locale_is_right_to_left(icu) != 0 ? .rightToLeft : .leftToRight
    }
}
