import Catalogue
@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
@testable import Encoding
import Foundation
import StandardModel
import Testing

@Suite("Encoding strategies")
struct EncodingTests {
    static func verdict(_ id: String, _ profile: String) throws -> VerifiedOutcome {
        Verifier.verify(TestSupport.strategy(id), on: NewsGenerator.generate(try TestSupport.profile(profile)))
    }

    @Test func explicitNullsWriteOneNullPerNilOptionalAndIfPresentNone() throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("small"))
        let nils = payload.truth.strictExpectation.nilOptionalCount
        // Every nil optional is one the generator planted, missing or null.
        #expect(nils == payload.manifest.missingFields + payload.manifest.nullFields && nils > 10)
        for (id, expected) in [("encode-explicit-nulls", nils), ("encode-if-present", 0), ("encode-synthesized", 0)] {
            guard case .written(_, _, let nulls, _) = try TestSupport.strategy(id).verificationOutput(for: payload.bytes) else {
                Issue.record("\(id) is not an encoder"); continue
            }
            #expect(nulls == expected, "\(id)")
        }
    }

    /// An encoder that writes nulls while promising to leave nil optionals out, and the reverse.
    @Test func nilKeyRulesAreChecked() throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("small"))
        func encoder(_ policyNulls: Bool, claims rule: NilKeys) -> Strategy {
            Strategy(
                id: "test-encoder", group: "test", summary: "test", input: EncodingStrategies.standardFeed,
                run: { feed in
                    try EncodingStrategies.encode(PolicyFeed(feed: feed, policy: policyNulls ? .explicitNull : .ifPresent))
                },
                canonical: { try .written($0, nilKeys: rule, readBack: EncodingStrategies.readBack) })
        }
        let nulls = payload.truth.strictExpectation.nilOptionalCount
        #expect(
            Verifier.verify(encoder(true, claims: .omitted), on: payload)
                == VerifiedOutcome(.wrongOutput, "wrote \(nulls) null values; nil optionals must be left out"))
        #expect(
            Verifier.verify(encoder(false, claims: .writtenAsNull), on: payload)
                == VerifiedOutcome(.wrongOutput, "wrote 0 null values for \(nulls) nil optionals (one null each expected)"))
    }

    @Test func subclassWithoutOverrideDropsItsFields() throws {
        let verdict = try Self.verdict("encode-subclass-missing-override", "subtypes-small")
        #expect(verdict.outcome == .wrongOutput)
        #expect(
            verdict.detail.contains(".kind: expected video(") || verdict.detail.contains(".kind: expected gallery("), "\(verdict.detail)")
        #expect(try Self.verdict("encode-subclass-override", "subtypes-small").outcome == .ok)
    }

    @Test func encodersReportTheBytesTheyWrite() throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("small"))
        let written = try EncodingStrategies.encode(try EncodingStrategies.standardFeed(payload.bytes))
        let verdict = Verifier.verify(TestSupport.strategy("encode-synthesized"), on: payload)
        #expect(verdict.outputBytes == written.count)
        #expect(verdict.detail == "wrote \(written.count) bytes per operation")
    }

    /// The AnyCodable post's repair matters: JSONSerialization hands booleans over as NSNumbers.
    @Test func dictionaryPathsHandAnalyticsRealBooleans() throws {
        let feed = try EncodingStrategies.standardFeed(NewsGenerator.generate(try TestSupport.profile("tiny")).bytes)
        let repaired = try EncodableToDictionary.dictionary(feed)
        let direct = try DirectDictionaryEncoder.dictionary(feed)
        for dictionary in [repaired, direct] {
            let first = ((dictionary["data"] as? [String: Any])?["articles"] as? [Any])?.first as? [String: Any]
            let flag = try #require(first?["is_premium"])
            #expect(type(of: flag) == Bool.self)
        }
        let difference = JSONValueDifference.find(
            expected: AnalyticsDictionary.value(direct),
            actual: AnalyticsDictionary.value(repaired), path: "")
        // The byte round trip loses what the direct encoder keeps: an integral Double (a score of
        // 1.0) reaches the SDK as the integer 1.
        #expect(difference == "data.articles[4].metrics.score: expected double 1.0, got int 1", "\(difference ?? "")")
        // Without the repair the flag is a number to the SDK (and the read-back refuses it).
        let encoder = EncodingStrategies.makeEncoder()
        let raw = try JSONSerialization.jsonObject(with: encoder.encode(feed)) as! [String: Any]
        #expect(throws: (any Error).self) { try AnalyticsDictionary.readBack(raw) }
    }

    @Test func everyListedEncodingStrategyExists() {
        let ids = Set(Catalogue.all.filter { $0.group == "encoding" }.map(\.id))
        #expect(
            ids == [
                "encode-synthesized", "encode-handwritten", "encode-snake-case-strategy", "encode-explicit-nulls",
                "encode-if-present", "encode-subclass-override", "encode-subclass-missing-override", "encode-composed",
                "encode-enum-custom", "encodable-to-dictionary", "encodable-direct-dictionary", "encode-flat-struct",
            ])
    }
}
