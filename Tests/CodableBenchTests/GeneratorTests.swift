@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

@Suite("Payload generator")
struct GeneratorTests {
    @Test func splitMixMatchesTheReferenceSequence() {
        // Vigna's splitmix64.c with state 0: the first outputs, the same on every machine.
        var random = SeededRandom(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func sameProfileAndSeedGiveIdenticalBytes() throws {
        let profile = try TestSupport.profile("small")
        let first = NewsGenerator.generate(profile)
        let second = NewsGenerator.generate(profile)
        #expect(first.sha256 == second.sha256)
        #expect(first.bytes == second.bytes)
        #expect(first.truth.feed == second.truth.feed)
        #expect(first.manifest == second.manifest)
    }

    @Test func differentSeedGivesDifferentBytes() throws {
        var profile = try TestSupport.profile("small")
        let first = NewsGenerator.generate(profile)
        profile.seed += 1
        #expect(NewsGenerator.generate(profile).sha256 != first.sha256)
    }

    @Test func knownProfileHasAStableFingerprint() throws {
        // Guards "byte-identical on every machine": this digest was produced by the generator
        // itself; if it changes, every recorded sha256 and baseline changes with it.
        let payload = NewsGenerator.generate(try TestSupport.profile("tiny"))
        #expect(payload.bytes.count == 19_695)
        #expect(payload.sha256 == "4c0115a52f402c91cc0f30691bd5f9d4f272db91242da8104125015718dd6bdd")
    }

    @Test(arguments: ["tiny", "small", "medium", "faulty-small"])
    func payloadIsValidJSONWithTheTruthsArticleCount(name: String) throws {
        let payload = NewsGenerator.generate(try TestSupport.profile(name))
        let root = try #require(try JSONSerialization.jsonObject(with: payload.bytes) as? [String: Any])
        let articles = try #require((root["data"] as? [String: Any])?["articles"] as? [Any])
        #expect(articles.count == payload.profile.elements)
        #expect(payload.truth.feed.data.articles.count == payload.profile.elements)
        #expect(payload.truth.ext.count == payload.profile.elements)
        #expect(payload.manifest.totalBytes == payload.bytes.count)
    }

    @Test func profilesHaveTheirAdvertisedSizes() throws {
        let expected: [(String, ClosedRange<Int>)] = [
            ("small", 70_000...150_000), ("medium", 700_000...1_500_000), ("large", 7_000_000...15_000_000),
        ]
        for (name, range) in expected {
            let payload = NewsGenerator.generate(try TestSupport.profile(name))
            #expect(range.contains(payload.bytes.count), "\(name): \(payload.bytes.count) bytes")
        }
    }

    @Test func manifestRecordsEveryPlantedFault() throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("faulty-small"))
        let faults = payload.manifest.faults
        #expect(!faults.isEmpty)
        let root = try #require(try JSONSerialization.jsonObject(with: payload.bytes) as? [String: Any])
        let articles = try #require((root["data"] as? [String: Any])?["articles"] as? [[String: Any]])
        for fault in faults {
            let value = articles[fault.index][fault.key]
            switch fault.kind {
            case .missingKey: #expect(value == nil, "article \(fault.index) still has \(fault.key)")
            case .wrongType: #expect(value is String, "article \(fault.index).\(fault.key) is not a string")
            }
        }
        let faulty = Set(faults.map(\.index))
        for (index, article) in articles.enumerated() where !faulty.contains(index) {
            #expect(article["id"] is NSNumber && article["comment_count"] is NSNumber)
        }
        #expect(payload.truth.lossyExpectation(payload.manifest).data.articles.count == articles.count - faults.count)
    }

    @Test func idsAboveTwoToThe53AreWrittenExactly() throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("small"))
        let big = payload.truth.feed.data.articles.map(\.id).filter { $0 > 1 << 53 }
        #expect(!big.isEmpty)
        let text = String(decoding: payload.bytes, as: UTF8.self)
        for id in big { #expect(text.contains("\"id\":\(id),")) }
    }

    @Test func datesAgreeWithFoundationsISO8601Parser() throws {
        var profile = try TestSupport.profile("small")
        profile.dateFormat = .mixed
        let payload = NewsGenerator.generate(profile)
        let root = try #require(try JSONSerialization.jsonObject(with: payload.bytes) as? [String: Any])
        let articles = try #require((root["data"] as? [String: Any])?["articles"] as? [[String: Any]])
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var sawFractional = false
        for (article, truth) in zip(articles, payload.truth.feed.data.articles) {
            let text = try #require(article["published_at"] as? String)
            sawFractional = sawFractional || text.contains(".")
            let date = try #require(plain.date(from: text) ?? fractional.date(from: text))
            #expect(date.epochMilliseconds == truth.publishedAt)
        }
        #expect(sawFractional)
    }

    @Test func camelCaseProfileWritesCamelCaseKeys() throws {
        var profile = try TestSupport.profile("tiny")
        profile.keyStyle = .camelCase
        let text = String(decoding: NewsGenerator.generate(profile).bytes, as: UTF8.self)
        #expect(text.contains("\"publishedAt\":"))
        #expect(!text.contains("\"published_at\":"))
    }

    @Test func unrelatedRatioIsRoughlyHonoured() throws {
        var profile = try TestSupport.profile("medium")
        for ratio in [0.0, 0.5, 0.8] {
            profile.unrelatedRatio = ratio
            let m = NewsGenerator.generate(profile).manifest
            let share = Double(m.unrelatedBytes) / Double(m.totalBytes)
            #expect(abs(share - ratio) < 0.05, "asked \(ratio), got \(share)")
        }
    }

    @Test func stringsWithEscapesRoundTripThroughJSONDecoder() throws {
        // Titles and bodies mix scripts, emoji, quotes, backslashes, tabs, newlines and \u escapes.
        let payload = NewsGenerator.generate(try TestSupport.profile("medium"))
        let text = String(decoding: payload.bytes, as: UTF8.self)
        #expect(text.contains("\\ud83d"))  // an escaped surrogate pair
        #expect(text.contains("\\\""))
        struct Body: Decodable { let body: String }
        struct Feed: Decodable { struct D: Decodable { let articles: [Body] }; let data: D }
        let decoded = try JSONDecoder().decode(Feed.self, from: payload.bytes)
        #expect(decoded.data.articles.map(\.body) == payload.truth.feed.data.articles.map(\.body))
    }
}
