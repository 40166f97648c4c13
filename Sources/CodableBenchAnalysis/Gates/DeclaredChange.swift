import Foundation
import CodableBenchCore
import CodableBenchHarness

/// A change the commit under test makes on purpose, declared with it (a `CodableBench-Change:`
/// trailer in its message, which `scripts/ab-gate.sh` passes to `ab --declare`): the A/B gate
/// lists the cells it names as declared instead of failing on them.
///
/// Written `STRATEGY: why` (every payload) or `STRATEGY/PROFILE: why`.
package struct DeclaredChange: Sendable, Equatable {
    package let strategy: String
    /// Nil: every profile.
    package let profile: String?
    package let reason: String

    package init(parsing text: String) throws {
        guard let colon = text.firstIndex(of: ":") else {
            throw CommandError.usage("--declare '\(text)': write STRATEGY: why, or STRATEGY/PROFILE: why")
        }
        let cell = text[..<colon].trimmingCharacters(in: .whitespaces)
        reason = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let parts = cell.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }), !reason.isEmpty else {
            throw CommandError.usage("--declare '\(text)': write STRATEGY: why, or STRATEGY/PROFILE: why")
        }
        strategy = parts[0]
        profile = parts.count == 2 ? parts[1] : nil
    }

    package func covers(_ cell: CellKey) -> Bool {
        cell.strategy == strategy && (profile == nil || profile == cell.profile)
    }
}
