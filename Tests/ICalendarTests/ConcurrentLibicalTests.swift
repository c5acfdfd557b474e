import CalendarModel
import Foundation
@testable import ICalendar
import XCTest

/// A reload parses on the watcher's thread while the scene expands pages on the main thread:
/// libical is used from two threads at once (see `LibicalLock`).
final class ConcurrentLibicalTests: XCTestCase {
    static let berlin = DisplayZone(identifier: "Europe/Berlin")!

    /// Weekly series in tzdata zones and in a VTIMEZONE only libical can evaluate, with EXDATEs,
    /// overrides, RDATE periods and alarms (libical's parser flips its global error states while
    /// it reads TRIGGER and PERIOD values), and single events.
    static let text: String = {
        var l = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
                 "BEGIN:VTIMEZONE", "TZID:Customized Time Zone", "BEGIN:STANDARD", "DTSTART:16010101T030000",
                 "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
                 "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
                 "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE"]
        let zones = ["Europe/Berlin", "America/New_York", "Customized Time Zone"]
        let days = ["MO", "TU", "WE", "TH", "FR"]
        for i in 0..<240 {
            let zone = zones[i % 3]
            let month = i % 12 + 1, day = i % 27 + 1, hour = 7 + i % 10
            let date = String(format: "2026%02d%02d", month, day)
            l += ["BEGIN:VEVENT", "UID:c-\(i)", "SUMMARY:Event \(i)",
                  "DTSTART;TZID=\(zone):\(date)T\(String(format: "%02d", hour))0000",
                  "DTEND;TZID=\(zone):\(date)T\(String(format: "%02d", hour))4500"]
            if i % 2 == 0 {
                l += ["RRULE:FREQ=WEEKLY;BYDAY=\(days[i % 5]);UNTIL=20281231T235959Z",
                      "EXDATE;TZID=\(zone):\(String(format: "2027%02d%02d", month, day))T\(String(format: "%02d", hour))0000",
                      "RDATE;VALUE=PERIOD:20270615T080000Z/20270615T090000Z"]
            }
            l += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM",
                  "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Broken", "TRIGGER:soon", "END:VALARM", "END:VEVENT"]
            if i % 2 == 0 {
                l += ["BEGIN:VEVENT", "UID:c-\(i)", "SUMMARY:Event \(i) (moved)",
                      "RECURRENCE-ID;TZID=\(zone):\(String(format: "2027%02d%02d", month % 12 + 1, day))T\(String(format: "%02d", hour))0000",
                      "DTSTART;TZID=\(zone):\(String(format: "2027%02d%02d", month % 12 + 1, day))T\(String(format: "%02d", hour + 1))0000",
                      "DURATION:PT30M", "END:VEVENT"]
            }
        }
        l.append("END:VCALENDAR")
        return l.joined(separator: "\r\n") + "\r\n"
    }()

    static let months = (0..<30).map { CalendarMonth(year: 2026, month: 1)!.adding(months: $0) }

    /// Every month's occurrences as sortable lines, expanded in an order that makes iterators
    /// start, step forward, fill backwards and jump.
    static func expandAll(_ s: ICalendarSource) -> [String] {
        var out: [String] = []
        for m in Self.months.reversed() + Self.months {
            out += s.occurrences(overlapping: m.firstDay...m.lastDay).map { o -> String in
                switch o.span {
                case let .allDay(first, end): return "\(m) \(first)..\(end) \(o.title)"
                case let .timed(a, b): return "\(m) \(a)..\(b) \(o.title)"
                }
            }.sorted()
        }
        return out
    }

    static func parse() -> ICalendarSource {
        let s = ICalendarSource(zone: DisplayZone(Self.berlin.timeZone))
        s.load(text: Self.text, name: "concurrent.ics")
        return s
    }

    func testParsingAndExpandingOnSeveralThreadsAtOnceGivesWhatOneThreadGives() {
        let reference = Self.parse()
        let expected = Self.expandAll(reference)
        let diagnostics = reference.diagnostics
        XCTAssertGreaterThan(expected.count, 10_000)
        XCTAssertFalse(diagnostics.isEmpty, "the broken TRIGGER is reported")

        let waitsBefore = LibicalLock.shared.waits
        let results = ResultBox()
        let group = DispatchGroup()
        // Under the sanitizer each thread parses twice, not four times: the threads still overlap.
        let parses = SanitizerPass.count(4, sanitized: 2)
        for _ in 0..<2 {
            group.enter()
            Thread {
                for _ in 0..<parses {
                    let s = Self.parse()
                    results.add(Self.expandAll(s), s.diagnostics)
                }
                group.leave()
            }.start()
        }
        // Meanwhile this thread expands a calendar read before, as the scene does during a reload:
        // until the others are done, three rounds at most (more only burn the CPU the other
        // threads need on a busy machine), then it waits for them.
        var rounds = 0
        repeat {
            let shown = Self.parse()
            XCTAssertEqual(Self.expandAll(shown), expected)
            rounds += 1
        } while rounds < 3 && group.wait(timeout: .now()) == .timedOut
        group.wait()
        XCTAssertGreaterThanOrEqual(rounds, 1)

        XCTAssertEqual(results.count, 2 * parses)
        for (lines, diags) in results.all {
            XCTAssertEqual(lines, expected)
            XCTAssertEqual(diags, diagnostics)
        }
        // The threads did overlap: some waited for another's turn.
        XCTAssertGreaterThan(LibicalLock.shared.waits, waitsBefore)
    }

    func testParsingAndExpandingWaitWhileAnotherThreadHasLibicalsTurn() {
        let shown = Self.parse()
        let page = CalendarMonth(year: 2027, month: 3)!
        let expected = shown.occurrences(overlapping: page.firstDay...page.lastDay).count
        // Handed to another thread on purpose: the lock is what orders its use of libical.
        nonisolated(unsafe) let fresh = Self.parse()

        let parsed = DispatchSemaphore(value: 0), expanded = DispatchSemaphore(value: 0)
        let parsedCount = Box(0), expandedCount = Box(0)
        LibicalLock.shared.lock()
        Thread { parsedCount.value = Self.parse().eventCount; parsed.signal() }.start()
        Thread {
            expandedCount.value = fresh.occurrences(overlapping: page.firstDay...page.lastDay).count
            expanded.signal()
        }.start()
        // Neither gets anywhere while this thread holds the turn...
        XCTAssertEqual(parsed.wait(timeout: .now() + 0.5), .timedOut)
        XCTAssertEqual(expanded.wait(timeout: .now() + 0.1), .timedOut)
        LibicalLock.shared.unlock()
        // ...and both finish once it is given back.
        XCTAssertEqual(parsed.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(expanded.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(parsedCount.value, shown.eventCount)
        XCTAssertEqual(expandedCount.value, expected)
    }

    func testTheTurnIsReentrantAndFair() {
        let lock = LibicalLock()
        lock.lock(); lock.lock()
        XCTAssertTrue(lock.isHeldByCurrentThread)
        lock.unlock()
        XCTAssertTrue(lock.isHeldByCurrentThread)
        // A waiter queued while the turn is held gets it before the holder takes it back.
        let order = Box([String]())
        let queued = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread {
            queued.signal()
            lock.lock(); order.value.append("waiter"); lock.unlock()
            done.signal()
        }.start()
        queued.wait()
        waitUntil("the waiter to queue for the turn") { lock.waits > 0 }
        lock.yieldToWaiters()
        order.value.append("holder")
        lock.unlock()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(order.value, ["waiter", "holder"])
        XCTAssertFalse(lock.isHeldByCurrentThread)
    }
}

/// A value written on one thread and read on another after a semaphore or the lock orders them.
private final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [([String], [LoadDiagnostic])] = []
    func add(_ lines: [String], _ diagnostics: [LoadDiagnostic]) { lock.lock(); items.append((lines, diagnostics)); lock.unlock() }
    var all: [([String], [LoadDiagnostic])] { lock.lock(); defer { lock.unlock() }; return items }
    var count: Int { all.count }
}
