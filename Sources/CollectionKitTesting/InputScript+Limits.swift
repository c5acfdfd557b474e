import CollectionKit

extension InputScript {
    /// The one place where a script's numbers are checked. Every coordinate, size, duration and
    /// wheel delta a script gives passes through here before anything runs, so a hostile number
    /// is a `FILE:LINE: message` instead of a trap or a hang somewhere in the engine. The README's
    /// "Script limits" table lists the same values.
    public enum Limits {
        /// Pointer coordinates, in window points: far enough outside any allowed window for a
        /// pointer dragged off the edge, near enough that every layout computes with exact integers.
        public static let coordinate: ClosedRange<Double> = -100_000...100_000
        /// One `wait`, in milliseconds (one hour).
        public static let wait: ClosedRange<Double> = 0...3_600_000
        /// The duration of one `move X Y MS`, in milliseconds (one minute): a timed move is one
        /// pointer event per frame, so its length is also a count of events.
        public static let moveDuration: ClosedRange<Double> = 0...60_000
        /// The whole script's length in script time, in milliseconds (one day).
        public static let scriptDuration: Double = 86_400_000
        /// Wheel deltas per event, in notches (a trackpad sends fractions; a mouse, ±1 a notch).
        public static let wheelDelta: ClosedRange<Double> = -10_000...10_000
        /// `resize W H` sizes when the caller names no limits of its own: 200x200 to
        /// 16384x16384 points.
        public static let windowSize = WindowSizeLimits(minimum: Size(width: 200, height: 200))

        /// Parses a number and checks it against `range`; `what` names it in the message
        /// ("move: Y", "wait: MS").
        static func number(_ text: String, _ what: String, in range: ClosedRange<Double>, unit: String = "") throws -> Double {
            // Swift's Double(String) stops at a NUL byte ("1\0 00" reads as 1): refuse it first.
            // It also reads hexadecimal ("0x1p3" is 8): a script's numbers are decimal only.
            guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
                  text.unicodeScalars.allSatisfy({ decimalCharacters.contains($0) }),
                  let v = Double(text), v.isFinite else {
                throw LimitError("\(what) must be a number, got '\(printable(text))'")
            }
            if range.lowerBound == 0, v < 0 { throw LimitError("\(what) must not be negative") }
            guard range.contains(v) else {
                throw LimitError("\(what) must be between \(format(range.lowerBound)) and \(format(range.upperBound))\(unit), got \(text)")
            }
            return v
        }

        /// What a decimal number is written with: digits, a point, a sign and an exponent's `e`.
        private static let decimalCharacters = Set("0123456789.+-eE".unicodeScalars)

        /// A window size for `resize`: both sides within the app's `limits` (`InputScript.parse`'s
        /// `windowSizes`), as its `--size` takes them.
        static func windowSize(_ w: String, _ h: String, within limits: WindowSizeLimits) throws -> Size {
            let lo = limits.minimum, hi = limits.maximum
            let width = try number(w, "resize: W", in: lo.width...hi.width, unit: " points")
            let height = try number(h, "resize: H", in: lo.height...hi.height, unit: " points")
            return Size(width: width, height: height)
        }

        static func format(_ v: Double) -> String {
            v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
        }

        /// The text with control characters shown as U+XXXX, so a message never carries a NUL.
        static func printable(_ text: String) -> String {
            text.unicodeScalars.map { s in
                s.properties.generalCategory == .control ? "U+" + String(s.value, radix: 16, uppercase: true).leftPadded(4) : String(s)
            }.joined()
        }
    }

    struct LimitError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

extension String {
    fileprivate func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
