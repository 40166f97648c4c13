import Foundation

/// What the allocation counter read of its canary at a run's start (`AllocationCanary`), and whether
/// it is what the canaries make: run.json's `allocationCanary`.
package struct AllocationCanaryReading: Codable, Equatable, Sendable {
    /// Objects, arrays and strings the canary makes of each (`AllocationCanary`).
    static let count = 1_000

    /// Per canary: what it makes, and what each of its counted decodes read (empty: no count).
    package var expected: [Int]
    package var read: [[Int]]
    package var passed: Bool { !read.isEmpty && zip(expected, read).allSatisfy { e, r in !r.isEmpty && r.allSatisfy { $0 == e } } }

    /// "the allocation counter read 3000 of the canary's 3000 allocations (1000 objects, 1000
    /// arrays, 1000 strings) and 0 where it makes none", and where it misread, what follows.
    package var sentence: String {
        passed ? whatItRead : whatItRead + ": allocations are not reported in this run"
    }

    /// The sentence without what follows from it.
    var whatItRead: String {
        func figure(_ read: [Int]) -> String {
            read.isEmpty ? "nothing" : Set(read).sorted().map(String.init).joined(separator: " and ")
        }
        let made = "\(Self.count) objects, \(Self.count) arrays, \(Self.count) strings"
        return "the allocation counter read \(figure(read.first ?? [])) of the canary's \(expected[0]) allocations (\(made)) "
            + "and \(figure(read.count > 1 ? read[1] : [])) where it makes none"
    }
}
