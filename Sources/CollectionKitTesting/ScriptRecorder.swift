import CollectionKit
import Foundation

/// Turns input events, each with the time it was handled, into an input script (the `--replay`
/// format), with the waits between them, so a session in a window can be replayed headless.
///
/// The times to give are the times the root was told (`handle(_:now:)`): a window loop hands
/// every event polled in a frame to the root at that frame's time, so recording those times,
/// not the moments SDL queued the events, replays each event at exactly the time the window's
/// engine saw it. The engine's results do not depend on the frame rate, so the replay's own
/// frames, at other times, reach the same state. Waits are written to the nanosecond: a fling's
/// velocity comes from event times, so rounding them coarser would move where it comes to rest.
///
/// ```swift
/// var recorder = ScriptRecorder()
/// recorder.record(.pointerDown(Point(x: 10, y: 20), .left, []), at: 0.5)
/// recorder.finish(at: 1.5)
/// recorder.script   // "wait 500\ndown 10 20 left\nwait 1000\n" after a header comment
/// ```
public struct ScriptRecorder: Sendable {
    /// The script lines so far (without the header).
    public private(set) var lines: [String] = []
    /// Events that have no script form (text with a line break or a leading blank) and were left out.
    public private(set) var skipped = 0
    private var lastTime = 0.0

    public init() {}

    /// The whole script: a header comment, then the lines.
    public var script: String {
        (["# Recorded with collection-demo --record: replay with --replay (times in milliseconds)."] + lines)
            .joined(separator: "\n") + "\n"
    }

    /// Adds `event`, handled at `time` seconds, after a wait from the previous event.
    public mutating func record(_ event: InputEvent, at time: Double) {
        // A modifier key is typed again by the replay before its key: nothing lost, nothing to say.
        if case let .key(k, _) = event, k.isModifier { return }
        guard let line = ScriptRecorder.line(for: event) else { skipped += 1; return }
        wait(until: time)
        lines.append(line)
    }

    /// Ends the script at `time`: a last wait, so the replay runs as long as the session did.
    public mutating func finish(at time: Double) { wait(until: time) }

    private mutating func wait(until time: Double) {
        let ms = ((time - lastTime) * 1e9).rounded() / 1e6
        if ms > 0 {
            lines.append("wait \(ScriptRecorder.number(ms, decimals: 6))")
            // Advance by what was written, so rounding never accumulates.
            lastTime += ms / 1000
        }
    }

    /// The script line for one event; nil when the format cannot say it. A move or release
    /// carries the modifiers of the press before it, as the script format defines.
    public static func line(for event: InputEvent) -> String? {
        switch event {
        case let .pointerDown(p, b, mods):
            return "down \(point(p)) \(b.rawValue)" + (mods.isEmpty ? "" : " \(modifiers(mods))")
        case let .pointerMove(p, _):
            return "move \(point(p))"
        case let .pointerUp(p, b, _):
            return "up \(point(p)) \(b.rawValue)"
        case let .wheel(dx, dy):
            return "wheel \(number(dx)) \(number(dy))"
        case let .key(k, mods):
            // A modifier key pressed is typed again by the replay before the key it goes with
            // (see `ScriptTimeline`), so it is not written on its own.
            if k.isModifier { return nil }
            return "key " + (mods.isEmpty ? "" : modifiers(mods) + "+") + k.name
        case let .text(s):
            // Verbatim after one space when it can be; quoted when it starts with a blank or a
            // quote, or holds a line break.
            guard !s.isEmpty, !s.contains("\r") else { return nil }
            if let first = s.first, first != " ", first != "\t", first != "\"", !s.contains("\n") { return "text \(s)" }
            return "text \(InputScript.quoting(s))"
        case let .composition(s, cursor):
            guard !s.contains("\r") else { return nil }
            return "compose \(InputScript.quoting(s)) \(cursor)"
        case let .resize(s):
            return "resize \(number(s.width)) \(number(s.height))"
        case let .focus(gained):
            return "focus \(gained ? "gained" : "lost")"
        case .pointerExited:
            return "leave"
        case let .drop(payload, p):
            // One kind a line; paths the format cannot say (spaces, a `#`) leave the drop out.
            if let text = payload.text, payload.files.isEmpty, !text.isEmpty, !text.contains("\r") {
                return "drop \(point(p)) text \(InputScript.quoting(text))"
            }
            guard payload.text == nil, !payload.files.isEmpty,
                  !payload.files.contains(where: { $0.contains(where: { $0 == " " || $0 == "\t" || $0 == "#" || $0 == "\n" || $0 == "\"" }) }) else { return nil }
            return "drop \(point(p)) file " + payload.files.joined(separator: " ")
        }
    }

    static func point(_ p: Point) -> String { "\(number(p.x)) \(number(p.y))" }

    static func modifiers(_ m: Modifiers) -> String {
        var parts: [String] = []
        if m.contains(.ctrl) { parts.append("ctrl") }
        if m.contains(.shift) { parts.append("shift") }
        if m.contains(.alt) { parts.append("alt") }
        if m.contains(.gui) { parts.append("gui") }
        return parts.joined(separator: "+")
    }

    /// Integers as integers, anything else to at most `decimals` decimals.
    static func number(_ v: Double, decimals: Int = 3) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        var s = String(format: "%.\(decimals)f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
