import Foundation

/// Timing curves for animations with a fixed duration.
///
/// Each maps linear progress (0...1) to eased progress.
enum TimingCurve: Equatable, Sendable {
    /// `linear` is constant speed; `easeOut` is cubic, fast at first and slowing to a stop; `easeInOut`
    /// is cubic, slow at both ends.
    case linear, easeOut, easeInOut

    /// Eased progress for linear progress `t`, which is clamped to 0...1.
    func value(_ t: Double) -> Double {
        let t = min(1, max(0, t))
        switch self {
        case .linear: return t
        case .easeOut: return 1 - pow(1 - t, 3)
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        }
    }
}
