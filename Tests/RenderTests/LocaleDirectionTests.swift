import CollectionKit
import CollectionKitSDL
import XCTest

/// ICU's direction of a locale, and the engine's own table agreeing with it.
final class LocaleDirectionTests: XCTestCase {
    private let rightToLeft = ["ar_EG.UTF-8", "he_IL.UTF-8", "fa_IR", "ur-PK", "ar", "ps_AF", "ckb_IQ", "yi",
                               "ku_Arab_IQ", "pa-Arab-PK", "ug_CN", "dv_MV", "sd_PK", "iw_IL"]
    private let leftToRight = ["en_US.UTF-8", "de_DE", "ja_JP.UTF-8", "C", "POSIX", "", "az-Latn-AZ", "ku_Latn_TR",
                               "fr", "hi_IN", "zh_Hans_CN", "ru_RU@euro", "tr_TR", "sr_Latn"]

    func testICUGivesTheDirectionOfTheLocalesScript() {
        for id in rightToLeft { XCTAssertEqual(LayoutDirection(icuLocale: id), .rightToLeft, id) }
        for id in leftToRight { XCTAssertEqual(LayoutDirection(icuLocale: id), .leftToRight, id) }
    }

    func testTheEnginesTableAgreesWithICU() {
        for id in rightToLeft + leftToRight {
            XCTAssertEqual(LayoutDirection(localeIdentifier: id), LayoutDirection(icuLocale: id), id)
        }
    }
}
