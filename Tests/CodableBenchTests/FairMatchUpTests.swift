import Catalogue
@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// Each strategy states the one thing it changes against its yardstick, and every timed cell of a
/// default run is paired with a yardstick but for one per payload: the root of that payload's
/// comparison, which says in its `changes` that it is the yardstick there and why.
@Suite("Fair match-ups: what each strategy changes, and a yardstick for every timed cell")
struct FairMatchUpTests {
    static let visible = Catalogue.all.filter { !$0.isHidden }
    static let yardsticks = Yardsticks(catalogue: Catalogue.all, profiles: TestSupport.profiles)

    @Test(arguments: visible.map(\.id))
    func everyStrategyStatesWhatItChanges(id: String) {
        #expect(!TestSupport.strategy(id).changes.isEmpty, "\(id) does not state what it changes")
    }

    @Test func eachPayloadHasOneRootAndItSaysWhy() {
        let payloads = Set(Self.visible.flatMap { $0.defaultProfiles + $0.defaultFiles })
        for payload in payloads.sorted() {
            let roots = Self.visible.filter { Self.yardsticks.unpaired($0).contains(payload) }
            #expect(roots.count == 1, "\(payload): timed without a yardstick: \(roots.map(\.id))")
            for root in roots {
                // "nothing: … the group's yardstick", "…; on faulty payloads … it is the yardstick".
                #expect(root.changes.contains("yardstick"), "\(root.id) has no yardstick on \(payload) and does not say why")
            }
        }
    }

    @Test func theDictionaryPathIsSplitIntoTheTechniqueAndIts2019DateFormatter() {
        let manual = TestSupport.strategy("jsonserialization-manual")
        let form2019 = TestSupport.strategy("jsonserialization-manual-2019")
        #expect(Self.yardsticks.of(manual) == ["synthesized"])
        #expect(Self.yardsticks.of(form2019) == ["jsonserialization-manual"])
        #expect(manual.defaultProfiles == form2019.defaultProfiles)
    }

    @Test func aReferenceExpectedToThrowYardsticksNothing() {
        // On unknown sections the raw-value enum throws: the fallback is paired with the plain
        // string decode there, and with the enum where it reads (small).
        let fallback = Self.yardsticks.byPayload(TestSupport.strategy("enum-unknown-fallback"))
        #expect(fallback.map(\.yardstick) == ["enum-raw-value", "enum-as-string", "enum-as-string"])
    }

    /// The tiny payload with its articles edited.
    static func tinyPayload(editing edit: (inout [[String: Any]]) -> Void) throws -> Data {
        let payload = NewsGenerator.generate(try TestSupport.profile("tiny"))
        var root = try #require(try JSONSerialization.jsonObject(with: payload.bytes) as? [String: Any])
        var data = try #require(root["data"] as? [String: Any])
        var articles = try #require(data["articles"] as? [[String: Any]])
        edit(&articles)
        data["articles"] = articles
        root["data"] = data
        return try JSONSerialization.data(withJSONObject: root)
    }

    /// The error a strategy throws on `bytes`, as text ("" if it does not throw).
    static func error(of id: String, on bytes: Data) -> String {
        do { _ = try TestSupport.strategy(id).verificationOutput(for: bytes) } catch { return "\(error)" }
        return ""
    }

    /// The dictionary path builds no path string while it succeeds, and still names the failing
    /// field in full when it fails.
    @Test(arguments: ["jsonserialization-manual", "jsonserialization-manual-2019"])
    func theDictionaryPathNamesTheFailingField(id: String) throws {
        let missing = try Self.tinyPayload { articles in
            var metrics = articles[0]["metrics"] as! [String: Any]
            metrics["views"] = nil
            articles[0]["metrics"] = metrics
        }
        #expect(Self.error(of: id, on: missing) == "data.articles[0].metrics.views: key not found")
        let mistyped = try Self.tinyPayload { articles in
            var authors = articles[1]["authors"] as! [[String: Any]]
            authors[0]["name"] = 7
            articles[1]["authors"] = authors
        }
        #expect(Self.error(of: id, on: mistyped).hasPrefix("data.articles[1].authors[0].name: type mismatch, expected String"))
    }
}
