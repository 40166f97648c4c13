import CodableBench
import Foundation
import StandardModel

/// A hidden comparison that checks paired measurement itself (`scripts/paired-selftest.sh`): a
/// reference, an identical copy of it (A/A: must come out as "no difference", ratio 1.00 ± 0.01),
/// and a variant that does the same work plus decoding one more article of the thirty, about 3%
/// more work of the same kind, so that it slows down with the machine exactly as the rest does.
public enum PairedSelfTest {
    public static let group = "selftest-paired"

    struct OneArticle: Decodable {
        let articles: [StandardArticle]
    }

    @inline(never)
    static func reference(_ data: Data) throws -> StandardFeed {
        try makeStandardDecoder().decode(StandardFeed.self, from: data)
    }

    /// The same body as `reference`, as a function of its own.
    @inline(never)
    static func copy(_ data: Data) throws -> StandardFeed {
        try makeStandardDecoder().decode(StandardFeed.self, from: data)
    }

    @inline(never)
    static func moreWork(_ input: (feed: Data, oneArticle: Data)) throws -> StandardFeed {
        let feed = try makeStandardDecoder().decode(StandardFeed.self, from: input.feed)
        blackHole(try makeStandardDecoder().decode(OneArticle.self, from: input.oneArticle))
        return feed
    }

    /// `{"articles":[<the payload's first article>]}`, cut out of the payload's bytes.
    static func firstArticleDocument(_ data: Data) throws -> Data {
        let bytes = [UInt8](data)
        let key = Array(#""articles":["#.utf8)
        guard let keyStart = (0...(bytes.count - key.count)).first(where: { bytes[$0..<($0 + key.count)].elementsEqual(key) })
        else { throw SelfTestError() }
        let start = keyStart + key.count
        var depth = 0, inString = false, escaped = false
        for index in start..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return Data(#"{"articles":["#.utf8) + Data(bytes[start...index]) + Data("]}".utf8) }
            default: break
            }
        }
        throw SelfTestError()
    }

    struct SelfTestError: Error, CustomStringConvertible {
        var description: String { "the payload has no article to copy" }
    }

    public static let all: [Strategy] = [
        Strategy(id: "paired-reference", group: group, summary: "self-test: JSONDecoder into the standard model",
                 isReference: true, defaultProfiles: ["small"], isHidden: true,
                 decode: reference, canonical: { .feed($0.canonical) }),
        Strategy(id: "paired-copy", group: group, summary: "self-test: the reference's decode, copied (A/A)",
                 defaultProfiles: ["small"], isHidden: true, decode: copy, canonical: { .feed($0.canonical) }),
        Strategy(id: "paired-3-percent", group: group,
                 summary: "self-test: the reference's decode plus one article of thirty decoded again (about 3% more work)",
                 defaultProfiles: ["small"], isHidden: true,
                 input: { data in (data, try firstArticleDocument(data)) }, run: moreWork,
                 canonical: { .feed($0.canonical) }),
    ]
}
