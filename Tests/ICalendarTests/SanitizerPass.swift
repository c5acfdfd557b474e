import Foundation

/// The sanitizer's pass of the suite (scripts/test.sh sets CK_SANITIZED there). Tests that repeat
/// the same code over many inputs run fewer of them in that pass: every path still runs under
/// the sanitizer, and the plain pass runs them all.
enum SanitizerPass {
    static let isOn = ProcessInfo.processInfo.environment["CK_SANITIZED"] != nil
    /// `plain` in the plain pass, `sanitized` in the sanitizer's.
    static func count(_ plain: Int, sanitized: Int) -> Int { isOn ? sanitized : plain }
}
