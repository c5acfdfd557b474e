@testable import CalendarModel
import XCTest

/// Wall-clock days and ISO 8601 offsets in a time zone, across daylight-saving changes.
final class DisplayZoneTests: XCTestCase {
    let berlin = DisplayZone(identifier: "Europe/Berlin")!
    func d(_ s: String) -> CalendarDate { CalendarDate(iso: s)! }

    func testDisplayZoneFormatsOffsetsAcrossDST() {
        let summer = berlin.instant(of: d("2026-07-01"), hour: 9)
        XCTAssertEqual(berlin.iso8601(summer), "2026-07-01T09:00:00+02:00")
        XCTAssertEqual(berlin.iso8601(berlin.instant(of: d("2026-11-21"), hour: 9)), "2026-11-21T09:00:00+01:00")
        XCTAssertEqual(DisplayZone(identifier: "America/St_Johns")!.iso8601(1_790_000_000), "2026-09-21T11:43:20-02:30")
        // 02:30 does not exist on 29 March 2026 in Berlin: it lands after the gap.
        XCTAssertEqual(berlin.iso8601(berlin.instant(of: d("2026-03-29"), hour: 2, minute: 30)), "2026-03-29T03:30:00+02:00")
        XCTAssertEqual(berlin.day(of: berlin.startOfDay(d("2026-10-25"))), d("2026-10-25"))
        XCTAssertEqual(berlin.startOfDay(d("2026-10-26")) - berlin.startOfDay(d("2026-10-25")), 25 * 3600, "the day DST ends has 25 hours")
    }
}
