import Foundation

/// What the generator returns: the bytes, the ground truth they encode, and a manifest of what
/// was planted in them.
package struct GeneratedPayload: Sendable {
    let profile: Profile
    package let bytes: Data
    let truth: GroundTruth
    package let manifest: Manifest

    package var sha256: String { SHA256.hex(of: bytes) }
}

/// The canonical values of every article in the payload (faulty ones included, as planted before
/// their fault), plus each article's `ext` object.
struct GroundTruth: Sendable {
    let feed: CanonicalFeed
    let ext: [JSONValue]
    /// Each article's subtype (`.none` everywhere without a subtype mix).
    let kinds: [CanonicalKind]

    /// What a strict decode must produce on a clean payload: everything.
    var strictExpectation: CanonicalFeed { feed }

    /// What a lossy decode must produce: everything but the elements the manifest marks as faulty.
    func lossyExpectation(_ manifest: Manifest) -> CanonicalFeed {
        let faulty = Set(manifest.faults.map(\.index))
        var expected = feed
        expected.data.articles = feed.data.articles.enumerated().filter { !faulty.contains($0.offset) }.map(\.element)
        return expected
    }

    /// The `ext` objects a lossy decode must produce.
    func lossyExt(_ manifest: Manifest) -> [JSONValue] {
        let faulty = Set(manifest.faults.map(\.index))
        return ext.enumerated().filter { !faulty.contains($0.offset) }.map(\.element)
    }
}

/// An element the generator made malformed on purpose.
package struct PlantedFault: Codable, Equatable, Sendable {
    enum Kind: String, Codable, Sendable { case wrongType = "wrong-type", missingKey = "missing-key" }
    enum Position: String, Codable, Sendable { case early, late }

    let index: Int
    let kind: Kind
    let position: Position
    let key: String
}

package struct Manifest: Codable, Equatable, Sendable {
    package var elements: Int = 0
    package var faults: [PlantedFault] = []
    package var missingFields: Int = 0
    package var nullFields: Int = 0
    package var unknownSectionIndices: [Int] = []
    /// Articles written with legacy key names.
    var legacyKeyIndices: [Int] = []
    /// Bytes of fields and blobs no strategy's entity reads.
    package var unrelatedBytes: Int = 0
    /// Bytes of the `ext` objects (read only by the dynamic-value strategies).
    package var extBytes: Int = 0
    var totalBytes: Int = 0
}
