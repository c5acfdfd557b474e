import CollectionCore
import Foundation
import ICalendar

let args = CommandLine.arguments.dropFirst()
let zone = DisplayZone(identifier: ProcessInfo.processInfo.environment["BENCH_TZ"] ?? "Europe/Berlin")!
let t0 = DispatchTime.now().uptimeNanoseconds
let src = ICalendarSource(files: Array(args), zone: zone)
let t1 = DispatchTime.now().uptimeNanoseconds
let m = CalendarMonth(year: 2026, month: 11)!
let occ = src.occurrences(overlapping: m.firstDay...m.lastDay)
let t2 = DispatchTime.now().uptimeNanoseconds
print("events", src.eventCount, "load ms", Double(t1 - t0) / 1e6, "month ms", Double(t2 - t1) / 1e6, "occurrences", occ.count)
for d in src.diagnostics { print(d) }
