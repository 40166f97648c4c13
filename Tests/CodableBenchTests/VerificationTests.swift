import Catalogue
@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

@Suite("Verification of every strategy on generated payloads")
struct VerificationTests {
    static let visible = Catalogue.all.filter { !$0.isHidden }.map(\.id)

    /// Each strategy on each of its default profiles except `large` (kept out of the unit tests for
    /// time), but for the cells expected never to end, which would hang this process: those are
    /// checked end to end (`naiveTryLoopPitfallNeverEndsOnAFaultyPayload`).
    static let cells: [(String, String)] = Catalogue.all.filter { !$0.isHidden }.flatMap { strategy in
        strategy.defaultProfiles.filter { $0 != "large" && strategy.expectedOutcomes[$0] != .timeout }
            .map { (strategy.id, $0) }
    }

    @Test(arguments: cells)
    func strategyHasItsExpectedOutcome(id: String, profileName: String) throws {
        let strategy = TestSupport.strategy(id)
        let profile = try TestSupport.profile(profileName)
        let expected = strategy.expectedOutcome(on: profile)
        let payload = NewsGenerator.generate(profile)
        let verdict = Verifier.verify(strategy, on: payload, reference: TestSupport.reference(for: strategy))
        #expect(verdict.outcome == expected, "\(id) on \(profileName): \(verdict.outcome.rawValue) \(verdict.detail)")
    }

    @Test(
        arguments: Catalogue.all.filter {
            !$0.isHidden && !$0.isPitfall && $0.defaultProfiles.contains("small")
                && $0.expectedOutcomes["small"] == nil
        }.map(\.id))
    func strategyIsOkOnTheTinyProfile(id: String) throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("tiny"))
        let strategy = TestSupport.strategy(id)
        let verdict = Verifier.verify(strategy, on: payload, reference: TestSupport.reference(for: strategy))
        #expect(verdict.outcome == .ok, "\(id): \(verdict.detail)")
    }

    /// A source's citation or title words from Data/claims.json, a library, or the strategy's role.
    @Test func everyVisibleStrategyNamesItsSourceOrLibraryOrRole() throws {
        let claims = try ClaimsFile.read(TestSupport.packageRoot.appendingPathComponent("Data/claims.json"))
        let names =
            claims.sources.map(\.citation) + [
                "Takagi's Nikkei talk", "AnyCodable post", "PayloadTransformable recipe",
                "subclass Codable posts", "juejin", "Codable", "style", "GRDB",
            ]
        for strategy in Catalogue.all where !strategy.isHidden {
            let s = strategy.summary
            #expect(names.contains { s.contains($0) } || strategy.group == "references", "\(strategy.id): \(s)")
        }
    }

    @Test(arguments: ["synthesized", "handwritten", "jsonserialization-manual"])
    func strictStrategyThrowsOnAFaultyPayload(id: String) throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("faulty-small"))
        let verdict = Verifier.verify(TestSupport.strategy(id), on: payload)
        #expect(verdict.outcome == .threwAsExpected)
        // The error names the first planted fault's path.
        let first = payload.manifest.faults[0]
        #expect(verdict.detail.hasPrefix("data.articles[\(first.index)]"), "\(verdict.detail)")
    }

    /// A strategy that decodes correctly and then changes one value deep inside.
    static func alteredSynthesized(_ alter: @escaping @Sendable (inout CanonicalFeed) -> Void) -> Strategy {
        let base = TestSupport.strategy("synthesized")
        return Strategy(
            id: "altered", group: "test", summary: "synthesized, one value altered",
            decode: { data in try base.verificationOutput(for: data) },
            canonical: { output in
                guard case .feed(var feed) = output else { return output }
                alter(&feed)
                return .feed(feed)
            })
    }

    @Test func deliberatelyWrongStrategyIsWrongOutputWithThePath() throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("tiny"))
        let strategy = Self.alteredSynthesized { $0.data.articles[5].authors[0].name += "!" }
        let verdict = Verifier.verify(strategy, on: payload)
        #expect(verdict.outcome == .wrongOutput)
        #expect(verdict.detail.hasPrefix("data.articles[5].authors[0].name: expected "), "\(verdict.detail)")
    }

    @Test func droppedElementIsReported() throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("tiny"))
        let verdict = Verifier.verify(Self.alteredSynthesized { $0.data.articles.removeLast() }, on: payload)
        #expect(verdict == VerifiedOutcome(.wrongOutput, "data.articles: expected 8 elements, got 7"))
    }

    @Test func optionalAndDoubleDifferencesAreNamed() throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("tiny"))
        let verdict = Verifier.verify(Self.alteredSynthesized { $0.data.articles[2].metrics.score += 0.5 }, on: payload)
        #expect(verdict.detail.hasPrefix("data.articles[2].metrics.score: expected"))
        let nilled = Verifier.verify(Self.alteredSynthesized { $0.data.articles[1].imageURL = "x" }, on: payload)
        #expect(nilled.detail.hasPrefix("data.articles[1].image_url: expected"))
    }

    @Test func strictStrategyThatAcceptsAFaultyPayloadIsWrongOutput() throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("faulty-small"))
        let lenient = Strategy(
            id: "lenient", group: "test", summary: "never throws",
            decode: { _ in payload.truth.feed }, canonical: { .feed($0) })
        let verdict = Verifier.verify(lenient, on: payload)
        #expect(verdict.outcome == .wrongOutput)
        #expect(verdict.detail.hasPrefix("did not throw although \(payload.manifest.faults.count) elements are malformed"))
    }

    @Test func lossyStrategyMustDropExactlyThePlantedElements() throws {
        let payload = NewsGenerator.generate(try TestSupport.profile("faulty-small"))
        let exact = Strategy(
            id: "exact", group: "test", summary: "drops the faulty ones", contract: .lossy,
            decode: { _ in payload.truth.lossyExpectation(payload.manifest) }, canonical: { .feed($0) })
        #expect(Verifier.verify(exact, on: payload) == VerifiedOutcome(.ok))
        let keepsAll = Strategy(
            id: "keeps-all", group: "test", summary: "drops nothing", contract: .lossy,
            decode: { _ in payload.truth.feed }, canonical: { .feed($0) })
        #expect(Verifier.verify(keepsAll, on: payload).outcome == .wrongOutput)
    }

    @Test func modelFreeReadingsAreComparedWithTheExactReading() throws {
        let drift = Data(#"{"ratio": 7.0, "flag": true, "count": 1, "list": [1, 2.5, null]}"#.utf8)
        let plain = Data(#"{"ratio": 7.5, "flag": true, "count": 12, "list": [3, 2.5, "x"]}"#.utf8)
        func verdict(_ id: String, _ bytes: Data) -> VerifiedOutcome {
            let strategy = TestSupport.strategy(id)
            return Verifier.verify(strategy, bytes: bytes, reference: TestSupport.reference(for: strategy))
        }
        for id in ["any-jsonserialization-exact", "any-jsonserialization-casts", "any-json-enum", "any-anycodable"] {
            #expect(verdict(id, plain) == VerifiedOutcome(.ok), "\(id)")
        }
        #expect(verdict("any-jsonserialization-exact", drift) == VerifiedOutcome(.ok))
        #expect(verdict("any-json-enum", drift).detail == "ratio: expected double 7.0, got int 7 (vs the document)")
        #expect(
            verdict("any-jsonserialization-casts", drift).detail
                == "count: expected int 1, got bool true (vs the document)")
        // swift-corelibs-foundation's JSONSerialization rounds this 17-digit literal to the wrong
        // neighbour; Apple's is expected not to.
        let misrounded = verdict("any-jsonserialization-exact", Data("[43.420273000000009]".utf8))
        #if canImport(Darwin)
        #expect(misrounded == VerifiedOutcome(.ok))
        #else
        #expect(
            misrounded.detail
                == "[0]: expected double 43.42027300000001, got double 43.420273000000016 (vs the document)")
        #endif
        #expect(verdict("any-json-enum", Data("[43.420273000000009]".utf8)) == VerifiedOutcome(.ok))
        #expect(verdict("any-json-enum", Data("{".utf8)).outcome == .threw)
        // A strategy of the news model has no truth to be compared with on a file.
        let feed = NewsGenerator.generate(try TestSupport.profile("tiny")).bytes
        #expect(verdict("synthesized", feed).outcome == .unsupported)
    }

    @Test func jsonValueDifferencesTellIntFromDouble() {
        let expected = JSONValue.object(["ratio": .double(1.0), "flags": .array([.int(1), .bool(true)])])
        let drifted = JSONValue.object(["ratio": .int(1), "flags": .array([.int(1), .bool(true)])])
        #expect(FirstDifference.find(expected: expected, actual: drifted) == "ratio: expected double 1.0, got int 1")
        let dropped = JSONValue.object(["ratio": .double(1.0), "flags": .array([.int(1), .int(1)])])
        #expect(FirstDifference.find(expected: expected, actual: dropped) == "flags[1]: expected bool true, got int 1")
    }
}
