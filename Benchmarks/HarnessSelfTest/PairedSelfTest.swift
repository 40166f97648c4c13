import CodableBench
import Foundation
import StandardModel

/// A hidden comparison that checks paired measurement itself (`scripts/selftests/paired-selftest.sh`): a
/// reference, an identical copy of it (A/A: must come out as "no difference", ratio 1.00 ± 0.01),
/// and a variant that does the same work plus decoding one more, smaller-than-average article of
/// the thirty with the same decoder: a few percent more work of the same kind (+4.4% when written;
/// 1.027–1.033 in ten runs of harness 0.6.3; a decode call's own fixed cost is about 2%), which
/// slows down with the machine as the rest does.
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
        let decoder = makeStandardDecoder()
        let feed = try decoder.decode(StandardFeed.self, from: input.feed)
        blackHole(try decoder.decode(OneArticle.self, from: input.oneArticle))
        return feed
    }

    /// `{"articles":[<one article of the payload>]}`: the article whose bytes are closest to 2.4%
    /// of the payload's (the first article, 3.9% of the bytes, with a decoder of its own, measured
    /// +4.6%; this one with the shared decoder +4.4%).
    static func oneArticleDocument(_ data: Data) throws -> Data {
        let bytes = [UInt8](data)
        let key = Array(#""articles":["#.utf8)
        guard let keyStart = (0...(bytes.count - key.count)).first(where: { bytes[$0..<($0 + key.count)].elementsEqual(key) })
        else { throw SelfTestError() }
        // Each top-level element of the array, as a byte range.
        var articles: [ClosedRange<Int>] = []
        var depth = 0, inString = false, escaped = false, start = 0
        for index in (keyStart + key.count)..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 { start = index }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { articles.append(start...index) }
            default: break
            }
            if depth < 0 { break }  // the array's own closing bracket
        }
        let target = Double(bytes.count) * 0.024
        guard let chosen = articles.min(by: { abs(Double($0.count) - target) < abs(Double($1.count) - target) })
        else { throw SelfTestError() }
        return Data(#"{"articles":["#.utf8) + Data(bytes[chosen]) + Data("]}".utf8)
    }

    struct SelfTestError: Error, CustomStringConvertible {
        var description: String { "the payload has no article to copy" }
    }

    public static let all: [Strategy] = [
        Strategy(
            id: "paired-reference", group: group, summary: "self-test: JSONDecoder into the standard model",
            isReference: true, defaultProfiles: ["small"], isHidden: true,
            decode: reference, canonical: { .feed($0.canonical) }),
        Strategy(
            id: "paired-copy", group: group, summary: "self-test: the reference's decode, copied (A/A)",
            defaultProfiles: ["small"], isHidden: true, decode: copy, canonical: { .feed($0.canonical) }),
        Strategy(
            id: "paired-3-percent", group: group,
            summary: "self-test: the reference's decode plus one small article decoded again (about 4% more work)",
            defaultProfiles: ["small"], isHidden: true,
            input: { data in (data, try oneArticleDocument(data)) }, run: moreWork,
            canonical: { .feed($0.canonical) }),
    ]
}
