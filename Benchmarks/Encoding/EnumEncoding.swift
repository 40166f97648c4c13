import CodableBench
import Foundation
import StandardModel

/// The subclass Codable posts' enum tip: the section's wire value is uppercase (its own `encode(to:)` through a
/// single-value container, not the raw value), and the article adds a key derived from it
/// (`section_desk`) without a stored property, through an extra coding key.
enum DeskSection: Encodable {
    case section(StandardSection)

    var wireValue: String {
        switch self {
        case .section(let s): return s.rawValue.uppercased()
        }
    }

    /// The newsroom desk a section belongs to: the derived key.
    var desk: String {
        switch self {
        case .section(let s):
            switch s {
            case .politics, .economy, .business, .markets, .world: return "news"
            case .technology, .sports, .culture, .opinion: return "features"
            }
        }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(wireValue)
    }
}

struct DeskArticle: Encodable {
    let a: StandardArticle

    enum Keys: String, CodingKey {
        case section
        case sectionDesk = "section_desk"
    }

    func encode(to encoder: Encoder) throws {
        // Everything but the section as synthesized, then the section and its derived key.
        try WithoutSection(a: a).encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        let section = DeskSection.section(a.section)
        try c.encode(section, forKey: .section)
        try c.encode(section.desk, forKey: .sectionDesk)
    }

    private struct WithoutSection: Encodable {
        let a: StandardArticle
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: ArticleKeys.self)
            try c.encode(a.id, forKey: .id)
            try c.encode(a.title, forKey: .title)
            try c.encodeIfPresent(a.subtitle, forKey: .subtitle)
            try c.encodeIfPresent(a.summary, forKey: .summary)
            try c.encode(a.body, forKey: .body)
            try c.encode(a.url, forKey: .url)
            try c.encodeIfPresent(a.imageURL, forKey: .imageURL)
            try c.encode(a.publishedAt, forKey: .publishedAt)
            try c.encodeIfPresent(a.updatedAt, forKey: .updatedAt)
            try c.encode(a.tags, forKey: .tags)
            try c.encode(a.authors, forKey: .authors)
            try c.encode(a.images, forKey: .images)
            try c.encode(a.metrics, forKey: .metrics)
            try c.encode(a.isPremium, forKey: .isPremium)
            try c.encode(a.isBreaking, forKey: .isBreaking)
            try c.encode(a.relatedIDs, forKey: .relatedIDs)
            try c.encode(a.commentCount, forKey: .commentCount)
        }
    }

    /// Verification: every `section_desk` must match its section; then the wire values are turned
    /// back into the payload's (lowercase, no derived key) for the standard read-back.
    static func readBack(_ data: Data) throws -> CanonicalOutput {
        guard case .object(var root) = try JSONValue.parse(data), case .object(var feedData)? = root["data"],
            case .array(let articles)? = feedData["articles"]
        else { throw DecodePathError(path: "data.articles", "missing") }
        var restored: [JSONValue] = []
        for (index, article) in articles.enumerated() {
            guard case .object(var members) = article, case .string(let wire)? = members["section"],
                let section = StandardSection(rawValue: wire.lowercased())
            else {
                throw DecodePathError(path: "data.articles[\(index)].section", "not an uppercase section")
            }
            guard members["section_desk"] == .string(DeskSection.section(section).desk) else {
                throw DecodePathError(path: "data.articles[\(index)].section_desk", "does not match the section \(wire)")
            }
            members["section"] = .string(section.rawValue)
            members["section_desk"] = nil
            restored.append(.object(members))
        }
        feedData["articles"] = .array(restored)
        root["data"] = .object(feedData)
        return try EncodingStrategies.readBack(JSONEncoder().encode(JSONValue.object(root)))
    }
}
