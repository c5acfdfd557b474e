import CSDL2
import CSDL2SysWM
import CollectionKit
@testable import CollectionKitSDL
import Foundation
import XCTest

/// The window loop sleeps in SDL's event wait and then polls what woke it: the event that woke
/// the wait must come out of the first poll, so the frame that follows it shows its effect.
final class EventWaitTests: XCTestCase {
    /// An event that arrives while the loop waits (here a wake-up from another thread, as a
    /// decoded picture sends; on X11 the same holds for the input that wakes the wait).
    func testTheEventThatEndsAWaitIsPolledAtOnce() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 64, height: 64), fonts: try Golden.fonts())
        defer { canvas.close() }
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {}
        for round in 0..<3 {
            let poster = Thread {
                // Paces the post to come while the wait below is under way: what is tested is an
                // event arriving during a wait, which no state can say has begun.
                usleep(30_000)
                WindowWakeUp.post()
            }
            poster.start()
            XCTAssertTrue(EventWait.wait(timeout: 5), "round \(round): the wait ended without an event")
            var types: [UInt32] = []
            while SDL_PollEvent(&e) != 0 { types.append(e.type) }
            XCTAssertTrue(types.contains(SDL_USEREVENT.rawValue),
                          "round \(round): the poll after the wait did not return the event that ended it (got \(types))")
        }
    }

    /// A wait that times out leaves nothing behind that hides the next event from a poll.
    func testAnEventAfterATimedOutWaitIsPolledAtOnce() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 64, height: 64), fonts: try Golden.fonts())
        defer { canvas.close() }
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {}
        XCTAssertFalse(EventWait.wait(timeout: 0.01))
        WindowWakeUp.post()
        var types: [UInt32] = []
        while SDL_PollEvent(&e) != 0 { types.append(e.type) }
        XCTAssertTrue(types.contains(SDL_USEREVENT.rawValue), "the poll after a timed-out wait missed the event (got \(types))")
    }

    /// Window-manager messages alone (the raw motion of a pointer over other windows) are dropped
    /// without a frame; with anything else queued, nothing is dropped, so input keeps its stamps.
    func testLoneMessagesAreDroppedAndMessagesBeforeInputKept() throws {
        let canvas = try HeadlessCanvas(size: Size(width: 64, height: 64), fonts: try Golden.fonts())
        defer { canvas.close() }
        let wasOn = SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_QUERY)
        InputTimes.enableMessages()
        defer { SDL_EventState(SDL_SYSWMEVENT.rawValue, Int32(wasOn)) }
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {}
        func queued() -> [UInt32] {
            var events = [SDL_Event](repeating: SDL_Event(), count: 16)
            let n = SDL_PeepEvents(&events, 16, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            return events.prefix(Int(max(0, n))).map(\.type)
        }
        // SDL copies the message a window-manager event points to when it is queued.
        let body = UnsafeMutablePointer<SDL_SysWMmsg>.allocate(capacity: 1)
        body.initialize(to: SDL_SysWMmsg())
        defer { body.deallocate() }
        var message = SDL_Event()
        message.type = SDL_SYSWMEVENT.rawValue
        message.syswm.msg = body
        XCTAssertFalse(EventWait.dropLoneMessages(), "an empty queue")
        XCTAssertEqual(SDL_PushEvent(&message), 1)
        XCTAssertEqual(SDL_PushEvent(&message), 1)
        XCTAssertTrue(EventWait.dropLoneMessages())
        XCTAssertEqual(queued(), [], "lone messages dropped")
        XCTAssertEqual(SDL_PushEvent(&message), 1)
        WindowWakeUp.post()
        XCTAssertFalse(EventWait.dropLoneMessages())
        XCTAssertEqual(queued(), [SDL_SYSWMEVENT.rawValue, SDL_USEREVENT.rawValue], "a message before other events stays")
        while SDL_PollEvent(&e) != 0 {}
    }
}
