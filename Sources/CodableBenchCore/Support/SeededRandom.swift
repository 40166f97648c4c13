/// SplitMix64: tiny, fast, and specified bit for bit, so the same seed yields the same payload on
/// every machine (Swift's `SystemRandomNumberGenerator` and hashing are not reproducible).
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<upperBound` (Lemire's multiply-shift; the tiny bias is irrelevant here and
    /// the result is deterministic, unlike the standard library's rejection sampling across versions).
    package mutating func below(_ upperBound: Int) -> Int {
        precondition(upperBound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(upperBound)).high)
    }

    mutating func between(_ low: Int, _ high: Int) -> Int {
        low + below(high - low + 1)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        p > 0 && unitDouble() < p
    }

    mutating func unitDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}
