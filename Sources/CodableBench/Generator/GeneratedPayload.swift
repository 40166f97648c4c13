import Foundation

/// What the generator returns: the bytes, the ground truth they encode, and a manifest of what
/// was planted in them.
public struct GeneratedPayload: Sendable {
    public let profile: Profile
    public let bytes: Data
    public let truth: GroundTruth
    public let manifest: Manifest

    public var sha256: String { SHA256.hex(of: bytes) }
}

/// The canonical values of every article in the payload (faulty ones included, as planted before
/// their fault), plus each article's `ext` object.
public struct GroundTruth: Sendable {
    public let feed: CanonicalFeed
    public let ext: [JSONValue]
    /// Each article's subtype (`.none` everywhere without a subtype mix).
    public let kinds: [CanonicalKind]

    /// What a strict decode must produce on a clean payload: everything.
    public var strictExpectation: CanonicalFeed { feed }

    /// What a lossy decode must produce: everything but the elements the manifest marks as faulty.
    public func lossyExpectation(_ manifest: Manifest) -> CanonicalFeed {
        let faulty = Set(manifest.faults.map(\.index))
        var expected = feed
        expected.data.articles = feed.data.articles.enumerated().filter { !faulty.contains($0.offset) }.map(\.element)
        return expected
    }

    /// The `ext` objects a lossy decode must produce.
    public func lossyExt(_ manifest: Manifest) -> [JSONValue] {
        let faulty = Set(manifest.faults.map(\.index))
        return ext.enumerated().filter { !faulty.contains($0.offset) }.map(\.element)
    }
}

/// An element the generator made malformed on purpose.
public struct PlantedFault: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable { case wrongType = "wrong-type", missingKey = "missing-key" }
    public enum Position: String, Codable, Sendable { case early, late }

    public let index: Int
    public let kind: Kind
    public let position: Position
    public let key: String
}

public struct Manifest: Codable, Equatable, Sendable {
    public var elements: Int = 0
    public var faults: [PlantedFault] = []
    public var missingFields: Int = 0
    public var nullFields: Int = 0
    public var unknownSectionIndices: [Int] = []
    /// Articles written with legacy key names.
    public var legacyKeyIndices: [Int] = []
    /// Bytes of fields and blobs no strategy's entity reads.
    public var unrelatedBytes: Int = 0
    /// Bytes of the `ext` objects (read only by the dynamic-value strategies).
    public var extBytes: Int = 0
    public var totalBytes: Int = 0
}
