import Foundation

/// The checkout this binary was built from, where the committed data (`Data/profiles`,
/// `Data/claims.json`) and the package manifest are found when the working directory lacks them.
package enum SourceCheckout {
    /// The package root: this file is `Sources/CodableBench/Support/SourceCheckout.swift` under it.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
