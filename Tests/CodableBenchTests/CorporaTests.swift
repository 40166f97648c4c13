import Catalogue
@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Corpora
import Foundation
import Testing

/// The corpora live beside the project (`../shared/corpora`) or in `Data/corpora`.
enum Corpora {
    static let folders = PayloadFolders(directories: [
        TestSupport.packageRoot.appendingPathComponent("Data/corpora"),
        TestSupport.shared.appendingPathComponent("corpora"),
    ])
    static let available = folders.locate("twitter.json") != nil

    static func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(folders.locate(name)))
    }
}

@Suite("Typed models of real-world JSON", .enabled(if: Corpora.available, "needs ../shared/corpora or Data/corpora"))
struct CorporaTests {
    static let cells: [(String, String)] = Catalogue.all.flatMap { strategy in strategy.defaultFiles.map { (strategy.id, $0) } }

    /// Slow in a debug build (a minute on two cores); every push checks the same cells in release,
    /// where `.ci/run`'s quick run with the corpora verifies each and `check_outcomes.py` compares
    /// each outcome with the one expected.
    @Test(.slow, arguments: cells)
    func strategyHasItsExpectedOutcomeOnItsFile(id: String, file: String) throws {
        let strategy = TestSupport.strategy(id)
        let url = try #require(Corpora.folders.locate(file))
        let verdict = Verifier.verify(strategy, bytes: try Data(contentsOf: url), reference: TestSupport.reference(for: strategy))
        #expect(verdict.outcome == strategy.expectedOutcome(on: .file(url)), "\(id) on \(file): \(verdict.detail)")
    }

    @Test func everyCorpusHasTheFourTechniquesAndAReference() {
        for corpus in ["twitter", "citm", "canada"] {
            let ids = Set(Catalogue.all.filter { $0.group == "corpora" && $0.id.hasPrefix(corpus + "-") }.map(\.id))
            #expect(ids == Set(["synthesized", "jsonserialization-manual", "json-enum", "anycodable-try-chain"].map { "\(corpus)-\($0)" }))
            #expect(TestSupport.strategy("\(corpus)-synthesized").isReference)
        }
    }

    /// A typed strategy that reads one field from the wrong key: the model's view disagrees with the document.
    @Test func modelReadingTheWrongKeyIsWrongOutputWithThePath() throws {
        let wrong = Strategy(
            id: "twitter-wrong-key", group: "corpora", summary: "retweet_count read from favorite_count",
            defaultFiles: ["twitter.json"],
            decode: { data -> TwitterSearch in
                let search = try JSONDecoder().decode(TwitterSearch.self, from: data)
                for status in search.statuses { status.retweetCount = status.favoriteCount }
                return search
            },
            canonical: { try .encoded($0) })
        let verdict = Verifier.verify(
            wrong, bytes: try Corpora.bytes("twitter.json"),
            reference: TestSupport.strategy("twitter-synthesized"))
        #expect(verdict.outcome == .wrongOutput)
        #expect(verdict.detail.contains(".retweet_count: the document has int "), "\(verdict.detail)")
        #expect(verdict.detail.hasSuffix("(vs the document)"))
    }

    /// A model that keeps fewer statuses still matches the document key by key, but not in length.
    @Test func droppedStatusIsCaught() throws {
        let dropping = Strategy(
            id: "twitter-drops", group: "corpora", summary: "drops the last status",
            defaultFiles: ["twitter.json"],
            decode: { data -> TwitterSearch in
                var search = try JSONDecoder().decode(TwitterSearch.self, from: data)
                search.statuses.removeLast()
                return search
            },
            canonical: { try .encoded($0) })
        let verdict = Verifier.verify(dropping, bytes: try Corpora.bytes("twitter.json"), reference: nil)
        #expect(verdict == VerifiedOutcome(.wrongOutput, "statuses: the document has 100 elements, the model 99 (vs the document)"))
    }

    /// Model-free facts of the files, read independently of every model: the typed readings agree.
    @Test func typedReadingsAgreeWithModelFreeCounts() throws {
        let twitter = try JSONDecoder().decode(TwitterSearch.self, from: Corpora.bytes("twitter.json"))
        #expect(twitter.statuses.count == 100)
        #expect(twitter.statuses.compactMap(\.retweetedStatus).count == 73)
        // Above 2^53: twitter's numeric ids were written through doubles; the *_str twins are exact.
        #expect(twitter.statuses[0].id == 505874924095815700 && twitter.statuses[0].idStr == "505874924095815681")
        let citm = try JSONDecoder().decode(CitmCatalog.self, from: Corpora.bytes("citm_catalog.json"))
        #expect(citm.events.count == 184 && citm.performances.count == 243)
        #expect(citm.performances.reduce(0) { $0 + $1.prices.count } == 907)
        let canada = try JSONDecoder().decode(FeatureCollection.self, from: Corpora.bytes("canada.json"))
        #expect(canada.features[0].geometry.coordinates.count == 480)
    }

    /// What the platform's JSONSerialization does with canada.json's 17-digit doubles decides the
    /// outcome: the test expects what the strategy declares for this platform (the same decision
    /// the run uses), and where that is wrong-output (swift-corelibs-foundation) the first coordinate.
    @Test func theDictionaryPathIsCaughtMisroundingCanadasDoubles() throws {
        let strategy = TestSupport.strategy("canada-jsonserialization-manual")
        let url = try #require(Corpora.folders.locate("canada.json"))
        let verdict = Verifier.verify(
            strategy, bytes: try Data(contentsOf: url), reference: TestSupport.strategy("canada-synthesized"))
        let expected = strategy.expectedOutcome(on: .file(url))
        #expect(verdict.outcome == expected, "\(verdict.detail)")
        guard expected == .wrongOutput else { return }
        #expect(
            verdict.detail.hasPrefix(
                "features[0].geometry.coordinates[0][0][0]: the document has double -65.61361699999998, the model double -65.6136169999999"),
            "\(verdict.detail)")
    }
}

@Suite("Payload files named by strategies")
struct DefaultFilesTests {
    @Test func missingFilesAreSkippedWithOneMessageThatSaysHowToGetThem() throws {
        let nowhere = PayloadFolders(directories: [URL(fileURLWithPath: "/nonexistent-corpora")])
        let plan = try RunPlan(
            catalogue: Catalogue.all, groups: ["corpora", "references"], strategyIDs: [], profileNames: [],
            skipLarge: true, profiles: TestSupport.profiles, folders: nowhere)
        #expect(plan.cells.allSatisfy { if case .generated = $0.source { return true } else { return false } })
        #expect(
            plan.skipped == [
                "skipping 15 strategies on canada.json (7), citm_catalog.json (7), twitter.json (7): not found in "
                    + "/nonexistent-corpora (fetch them with 'python3 scripts/fetch-corpora.py', or pass --corpus-dir DIR)"
            ], "\(plan.skipped)")
    }

    @Test func onlyFileBoundStrategiesAndMissingFilesIsAClearError() {
        let nowhere = PayloadFolders(directories: [])
        #expect(throws: CommandError.self) {
            try RunPlan(
                catalogue: Catalogue.all, groups: ["corpora"], strategyIDs: [], profileNames: [],
                profiles: TestSupport.profiles, folders: nowhere)
        }
    }

    @Test func namedProfilesLeaveFileBoundStrategiesOut() throws {
        let plan = try RunPlan(
            catalogue: Catalogue.all, groups: ["corpora", "references"], strategyIDs: [], profileNames: ["tiny"],
            profiles: TestSupport.profiles, folders: Corpora.folders)
        #expect(Set(plan.cells.map(\.strategy.group)) == ["references"])
        #expect(plan.cells.allSatisfy { $0.source.name == "tiny" })
    }

    @Test func referenceIsTheOneSharingTheFile() {
        #expect(Catalogue.all.reference(for: TestSupport.strategy("citm-json-enum"))?.id == "citm-synthesized")
        #expect(Catalogue.all.reference(for: TestSupport.strategy("canada-synthesized")) == nil)
        #expect(Catalogue.all.reference(for: TestSupport.strategy("handwritten"))?.id == "synthesized")
    }
}
