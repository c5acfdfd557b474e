/// A small deterministic random number generator (SplitMix64), for tests that try random inputs:
/// the same seed gives the same sequence on every machine, so a failure names its seed and can be
/// replayed.
///
/// ```swift
/// var rng = SeededGenerator(seed: 7)
/// let target = Int.random(in: 0..<100, using: &rng)   // the same number on every run
/// ```
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator whose sequence depends only on `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits. O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
