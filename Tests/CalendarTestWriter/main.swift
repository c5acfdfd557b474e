// The child process of the calendar's process tests (ICalendarTests: AtomicWriteCrashTests,
// CalendarRaceTests): a small program that starts in milliseconds, where running the whole test
// bundle again as the child cost a second or more a launch.
//
//   calendar-test-writer write-until-killed FILE VERSION0 VERSION1
//       writes the contents of VERSION0 and VERSION1 to FILE in turn (AtomicFile.write), for ever;
//       creates FILE.ready once the loop runs
//   calendar-test-writer move-on-go FILE UID GO OUT
//       reads FILE, creates OUT.ready, waits for the file GO to exist, moves the event UID one day
//       later and writes "written" or "refused: <reason>" to OUT
import CalendarModel
import Foundation
import ICalendar

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("calendar-test-writer: \(message)\n".utf8))
    exit(2)
}

let args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "write-until-killed" where args.count == 4:
    let path = args[1]
    guard let a = FileManager.default.contents(atPath: args[2]), let b = FileManager.default.contents(atPath: args[3]) else {
        fail("cannot read \(args[2]) or \(args[3])")
    }
    let versions = [a, b]
    _ = FileManager.default.createFile(atPath: path + ".ready", contents: Data())
    var n = 1
    while true {
        do { try AtomicFile.write(versions[n & 1], to: path) } catch { fail("\(error)") }
        n += 1
    }
case "move-on-go" where args.count == 5:
    let (path, uid, go, out) = (args[1], args[2], args[3], args[4])
    let source = ICalendarSource(files: [path], zone: DisplayZone(identifier: "Europe/Berlin")!)
    _ = FileManager.default.createFile(atPath: out + ".ready", contents: Data())
    // Both children look for the shared "go" every 50 µs, so their writes start close together:
    // the race is the point.
    while !FileManager.default.fileExists(atPath: go) { usleep(50) }
    let outcome = source.move(EventMove(origin: EventOrigin(file: path, uid: uid), days: 1, scope: .event),
                              now: Date(timeIntervalSince1970: 1_795_000_000))
    let text: String
    switch outcome {
    case .written: text = "written"
    case let .refused(why): text = "refused: \(why)"
    }
    do { try Data(text.utf8).write(to: URL(fileURLWithPath: out)) } catch { fail("\(error)") }
default:
    fail("usage: calendar-test-writer write-until-killed FILE VERSION0 VERSION1 | move-on-go FILE UID GO OUT")
}
