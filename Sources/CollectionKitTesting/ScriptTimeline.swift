import CollectionKit
import Foundation

/// A parsed script laid out in time: every input event with the moment it happens.
/// `move X Y MS` becomes even steps at `pointerRate` (a mouse reports its motion about this often),
/// the same at any frame rate, so the same script is the same input at 30, 60 or 144 fps.
///
/// Times start at 0 and are in seconds. Modifiers held at `down` are carried by the moves and the
/// `up` that follow. Building a timeline is O(lines + steps).
///
/// ```swift
/// let lines = try InputScript.parse("down 100 300\nmove 100 100 100\nup 100 100\nwait 500")
/// let timeline = ScriptTimeline(lines, fps: 60)
/// timeline.entries.count   // 14: the press, 12 move steps at 120 a second, the release
/// timeline.endTime         // 0.6
/// ```
public struct ScriptTimeline: Sendable {
    /// What happens at an entry's time.
    public enum Action: Equatable, Sendable {
        /// An input event to hand to the root.
        case input(InputEvent)
        /// Capture the frame to the PNG file at this path.
        case screenshot(String)
    }
    /// One timed action.
    public struct Entry: Equatable, Sendable {
        /// When it happens, in seconds from the start of the script.
        public var time: Double
        /// The script line it came from.
        public var line: Int
        /// What happens.
        public var action: Action
    }
    /// The actions in time order.
    public var entries: [Entry] = []
    /// When the last command has run (the end of the final wait).
    public var endTime: Double = 0

    /// How many pointer positions a second a timed `move` is divided into.
    public static let pointerRate = 120.0

    /// Lays `lines` out in time. Timed moves are divided at `pointerRate` whatever `fps` is (the
    /// frame rate the timeline is played at; kept so callers say what they play it at);
    /// `startPointer` is where the pointer is before the first command.
    ///
    /// `key ctrl+shift+Tab` is typed as a keyboard types it: the modifier keys go down first, each
    /// a key event of its own with the modifiers held so far (Ctrl, then Shift with Ctrl held),
    /// then Tab with both, as SDL delivers them from a real keyboard, so a bare modifier press
    /// reaches the app as it does in a window. `rawModifiers: false` gives the key alone, as
    /// timelines did before.
    public init(_ lines: [ScriptLine], fps: Double, startPointer: Point = Point(x: 0, y: 0), rawModifiers: Bool = true) {
        var t = 0.0
        var pointer = startPointer
        var held: Modifiers = []
        /// The composition an input method holds now, which `commit` types.
        var composing = ""
        func add(_ a: Action, _ line: Int) { entries.append(Entry(time: t, line: line, action: a)) }
        for l in lines {
            switch l.command {
            case let .wait(ms): t += ms / 1000
            case let .down(p, b, mods):
                pointer = p; held = mods
                add(.input(.pointerDown(p, b, mods)), l.number)
            case let .move(p, ms):
                if let ms, ms > 0 {
                    let steps = max(1, Int((ms / 1000 * ScriptTimeline.pointerRate).rounded()))
                    let from = pointer, t0 = t
                    for i in 1...steps {
                        let f = Double(i) / Double(steps)
                        t = t0 + ms / 1000 * f
                        add(.input(.pointerMove(Point(x: lerp(from.x, p.x, f), y: lerp(from.y, p.y, f)), held)), l.number)
                    }
                } else {
                    add(.input(.pointerMove(p, held)), l.number)
                }
                pointer = p
            case let .up(p, b):
                if p != pointer { add(.input(.pointerMove(p, held)), l.number) }
                pointer = p
                add(.input(.pointerUp(p, b, held)), l.number)
                held = []
            case let .wheel(dx, dy): add(.input(.wheel(dx: dx, dy: dy)), l.number)
            case let .key(k, m):
                if rawModifiers, !k.isModifier {
                    var down: Modifiers = []
                    for one in [Modifiers.ctrl, .alt, .shift, .gui] where m.contains(one) {
                        down.insert(one)
                        if let press = Key.pressing(one) { add(.input(.key(press, down)), l.number) }
                    }
                }
                add(.input(.key(k, m)), l.number)
            case let .text(s): add(.input(.text(s)), l.number)
            case let .compose(s, cursor):
                composing = s
                add(.input(.composition(s, cursor: cursor)), l.number)
            case .commitComposition:
                // The input method ends the composition and types what it held.
                if !composing.isEmpty { add(.input(.composition("", cursor: 0)), l.number); add(.input(.text(composing)), l.number) }
                composing = ""
            case let .resize(s): add(.input(.resize(s)), l.number)
            case let .focus(g): add(.input(.focus(gained: g)), l.number)
            case .leave: add(.input(.pointerExited), l.number)
            case let .drop(p, payload):
                // Relative paths from the working directory, as a file manager hands absolute ones.
                let cwd = FileManager.default.currentDirectoryPath
                let files = payload.files.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 }
                add(.input(.drop(DropPayload(text: payload.text, files: files), at: p)), l.number)
            case let .screenshot(path): add(.screenshot(path), l.number)
            }
        }
        endTime = t
    }
}
