@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

@Suite("Cost breakdown")
struct CostBreakdownTests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent(
        "Tests/CodableBenchTests/Fixtures/callgrind/snake-case-strategy-2-articles.callgrind")

    static func recorded() throws -> CallgrindOutput {
        try CallgrindOutput.parse(try String(contentsOf: fixture, encoding: .utf8))
    }

    static func categories() throws -> CostCategories {
        try CostCategories.read(TestSupport.packageRoot.appendingPathComponent("Data/cost-categories.json"))
    }

    // main (self 10) calls f twice (50 with what f calls) and g once (30); f (self 40, in two cost
    // lines, positions relative) calls g once (10), which callgrind names g'2 (a recursion level).
    static let handWritten = """
        # callgrind format
        version: 1
        positions: line
        events: Ir
        summary: 90

        ob=(1) /bin/app
        fl=(1) main.c
        fn=(1) main
        3 10
        cfn=(2) f
        calls=2 10
        4 50
        cob=(2) /lib/libg.so
        cfn=(3) g
        calls=1 20
        5 30

        fn=(2)
        10 20
        +1 20
        cob=(2)
        cfn=(3)
        calls=1 20
        * 10

        ob=(2)
        fn=(3)
        20 30
        fn=(4) g'2
        21 10
        """

    @Test func aHandWrittenOutputGivesEachFunctionItsOwnAndInclusiveCountsAndCalls() throws {
        let output = try CallgrindOutput.parse(Self.handWritten)
        #expect(output.total == 90)
        let byName = Dictionary(uniqueKeysWithValues: output.functions.map { ($0.symbol, $0) })
        #expect(byName["main"] == .init(symbol: "main", object: "/bin/app", selfCost: 10, inclusiveCost: 90, calls: 0))
        #expect(byName["f"] == .init(symbol: "f", object: "/bin/app", selfCost: 40, inclusiveCost: 50, calls: 2))
        // g and its second recursion level are one function, in the object its fn= line names.
        #expect(byName["g"] == .init(symbol: "g", object: "/lib/libg.so", selfCost: 40, inclusiveCost: 40, calls: 2))
        #expect(output.functions.map(\.selfCost).reduce(0, +) == output.total)
        #expect(
            output.calls == [
                .init(caller: "f", callee: "g", count: 1, inclusiveCost: 10),
                .init(caller: "main", callee: "f", count: 2, inclusiveCost: 50),
                .init(caller: "main", callee: "g", count: 1, inclusiveCost: 30),
            ])
    }

    @Test func textThatIsNotACallgrindOutputIsAOneLineError() {
        #expect(throws: CallgrindError.self) { try CallgrindOutput.parse("hello\n") }
        #expect(throws: CallgrindError.self) { try CallgrindOutput.parse("summary: 5\n3 10\n") }
    }

    @Test func theRecordedOutputsFunctionsAddUpToItsTotal() throws {
        let output = try Self.recorded()
        #expect(output.total > 1_000_000)
        #expect(output.functions.map(\.selfCost).reduce(0, +) == output.total)
        #expect(output.functions.allSatisfy { $0.inclusiveCost <= output.total && $0.inclusiveCost >= $0.selfCost })
        #expect(!output.functions.contains { $0.symbol.range(of: #"'\d+$"#, options: .regularExpression) != nil })
    }

    @Test(arguments: [
        ("$sSS5countSivg", "Swift.String.count.getter"),
        (
            "$s20FoundationEssentials11JSONDecoderC19KeyDecodingStrategyO21_convertFromSnakeCaseyS2SFZTf4nd_n",
            "specialized static FoundationEssentials.JSONDecoder.KeyDecodingStrategy._convertFromSnakeCase(_:)"
        ),
        ("_ZNK5swift16MetadataCacheKeyeqERKS0_", "swift::MetadataCacheKey::operator=="),
        ("malloc", "malloc"),
        ("0x00000000002a3d60", "0x00000000002a3d60"),
    ])
    func swiftAndCPlusPlusSymbolsAreDemangledAndShortened(symbol: String, readable: String) {
        #expect(SymbolName.readable(symbol) == readable)
    }

    @Test func demangledNamesAreShortenedLikeSimplifiedDemangling() {
        let cases = [
            (
                "generic specialization <Swift.Int> of FoundationEssentials.JSONDecoderImpl.unwrap<A where A: Swift.Decodable>(_: FoundationEssentials.JSONMap.Value, as: A.Type, for: FoundationEssentials._CodingPathNode, _: FoundationEssentials._CodingKey?) throws -> A",
                "specialized FoundationEssentials.JSONDecoderImpl.unwrap(_:as:for:_:)"
            ),
            (
                "merged function signature specialization <Arg[2] = Dead> of static Swift.String._uncheckedFromUTF8(_: Swift.UnsafeBufferPointer<Swift.UInt8>, isASCII: Swift.Bool) -> Swift.String",
                "specialized static Swift.String._uncheckedFromUTF8(_:isASCII:)"
            ),
            (
                "static FoundationEssentials.JSONDecoderImpl.(KeyedContainer in _1F9E4C2B).(stringify in _1F9E4C2B)(objectRegion: FoundationEssentials.JSONMap.Region) throws -> [Swift.String : FoundationEssentials.JSONMap.Value]",
                "static FoundationEssentials.JSONDecoderImpl.KeyedContainer.stringify(objectRegion:)"
            ),
            (
                "closure #1 (Swift.UnsafeBufferPointer<Swift.UInt8>) throws -> Swift.String in FoundationEssentials.JSONDecoderImpl.unwrapString(from: FoundationEssentials.JSONMap.Value, for: FoundationEssentials._CodingPathNode, _: FoundationEssentials._CodingKey?) throws -> Swift.String",
                "closure #1 in FoundationEssentials.JSONDecoderImpl.unwrapString(from:for:_:)"
            ),
            ("Swift._StringGuts.nativeUnusedCapacity.getter : Swift.Int?", "Swift._StringGuts.nativeUnusedCapacity.getter"),
            (
                "std::pair<swift::GenericCacheEntry*, bool> swift::LockingConcurrentMap<swift::GenericCacheEntry, swift::LockingConcurrentMapStorage<swift::GenericCacheEntry, (unsigned short)14> >::getOrInsert<swift::MetadataCacheKey>(swift::MetadataCacheKey) const",
                "std::pair swift::LockingConcurrentMap::getOrInsert"
            ),
        ]
        for (full, short) in cases { #expect(SymbolName.shortened(full) == short) }
    }

    @Test func theCommittedCategoriesPutKnownFunctionsWhereTheDocumentationSays() throws {
        let categories = try Self.categories()
        let expected = [
            ("static FoundationEssentials.JSONDecoder.KeyDecodingStrategy._convertFromSnakeCase(_:)", "key-conversion"),
            ("FoundationEssentials.JSONScanner.scanString()", "json"),
            ("Foundation.JSONSerialization.jsonObject(with:options:)", "json"),
            ("Swift.Hasher._finalize()", "key-lookup"),
            ("static FoundationEssentials.JSONDecoderImpl.KeyedContainer.stringify(objectRegion:)", "key-lookup"),
            ("FoundationEssentials.JSONDecoderImpl.container(keyedBy:)", "containers"),
            ("specialized FoundationEssentials.JSONDecoderImpl.unwrapString(from:for:_:)", "values"),
            ("Foundation.ISO8601DateFormatter.date(from:)", "values"),
            ("swift_retain", "allocation"),
            ("malloc", "allocation"),
            ("swift::MetadataCacheKey::operator==", "metadata"),
            ("swift_getTypeByMangledNode", "metadata"),
            ("swift_dynamicCast", "casts"),
            ("swift_conformsToProtocolMaybeInstantiateSuperclasses", "conformances"),
            ("swift::_checkGenericRequirements", "conformances"),
            ("_dl_runtime_resolve_xsavec", "linking"),
            ("swift_beginAccess", "runtime"),
            ("destroy value witness for KeyMapping.CamelCase.Article", "copying"),
            ("swift_allocError", "errors"),
            ("FoundationEssentials._CodingPathNode.path.getter", "coding-paths"),
            ("specialized Swift.Array.append(contentsOf:)", "collections"),
            ("__strchr_avx2", "other"),
        ]
        for (name, category) in expected {
            #expect(categories.category(of: name).id == category, "\(name)")
        }
        #expect(categories.category(of: "icu_76::UnicodeString::copyFrom", object: "lib_FoundationICU.so").id == "values")
        #expect(categories.category(of: "do_lookup_x", object: "ld-linux-x86-64.so.2").id == "linking")
        // Model code is what the executable holds and no earlier rule claims (a module named
        // DatesAndNumbers is not a date function).
        #expect(
            categories.category(of: "DatesAndNumbers.EpochArticle.init(from:)", object: "benchmarks", inExecutable: true).id
                == "model")
        #expect(categories.category(of: "DatesAndNumbers.EpochArticle.init(from:)").id == "other")
        // The harness's frames around the decode, in the modules it was split into.
        for frame in [
            "closure #2 in static CodableBenchHarness.Worker.run(strategy:source:reference:pass:alreadyVerified:)",
            "closure #1 in closure #2 in CodableBenchCore.Strategy.init(id:group:summary:contract:isPitfall:isReference:yardstick:changes:defaultProfiles:defaultFiles:isHidden:timeoutCap:expectedOutcomes:input:run:canonical:)",
            "CodableBenchCore.blackHole(_:)", "CodableBenchHarness.codablebench_counted_region(_:)",
        ] {
            #expect(categories.category(of: frame, object: "benchmarks", inExecutable: true).id == "harness", "\(frame)")
        }
        let witness = "protocol witness for Swift.Decodable.init(from:) in conformance KeyMapping.Article : Swift.Decodable in KeyMapping"
        #expect(categories.category(of: witness, inExecutable: true).id == "model")
        #expect(categories.category(of: witness, inExecutable: false).id == "containers")
    }

    @Test func theRecordedDecodesCategoriesSumExactlyToItsTotal() throws {
        let output = try Self.recorded()
        let breakdown = CostBreakdown(
            output, decodes: 1, executable: "/work/main/.build/release/benchmarks", categories: try Self.categories())
        #expect(breakdown.total == output.total)
        #expect(breakdown.byCategory.values.reduce(0, +) == output.total)
        let byCategory = breakdown.byCategory
        for category in ["json", "key-lookup", "key-conversion", "containers", "values", "allocation", "metadata", "model"] {
            #expect((byCategory[category] ?? 0) > 0, "\(category)")
        }
        // The conversion's string work is the conversion's: a function called only from inside it
        // has all its instructions there, one called from both places is split.
        let conversion = breakdown.functions.filter { $0.category == "key-conversion" }
        #expect(conversion.contains { $0.name.hasSuffix("KeyDecodingStrategy._convertFromSnakeCase(_:)") })
        #expect(conversion.contains { $0.name == "Swift.Substring.lowercased()" })
        #expect(
            breakdown.functions.contains { $0.name == "swift_retain" && $0.category == "key-conversion" }
                && breakdown.functions.contains { $0.name == "swift_retain" && $0.category == "allocation" })
        // The model's own init(from:) (here inside its Decodable witness) is the strategy's code.
        #expect(breakdown.functions.contains { $0.category == "model" && $0.name.contains(" KeyMapping.CamelCase.Feed") })
    }

    @Test func aCalleeSharesItsClaimingCallersWorkInProportionToTheirCallsCosts() {
        let calls: [CallgrindOutput.Call] = [
            .init(caller: "convert", callee: "lowercase", count: 3, inclusiveCost: 30),
            .init(caller: "decode", callee: "lowercase", count: 1, inclusiveCost: 10),
            .init(caller: "lowercase", callee: "malloc", count: 4, inclusiveCost: 40),
            // A recursive pair inside the conversion: both wholly inside it.
            .init(caller: "convert", callee: "scan", count: 1, inclusiveCost: 50),
            .init(caller: "scan", callee: "scanObject", count: 2, inclusiveCost: 40),
            .init(caller: "scanObject", callee: "scan", count: 2, inclusiveCost: 30),
        ]
        let shares = CalleeAttribution.shares(claims: ["convert": "key-conversion"], calls: calls)
        #expect(shares["convert"] == ["key-conversion": 1])
        #expect(shares["lowercase"] == ["key-conversion": 0.75])
        #expect(shares["malloc"] == ["key-conversion": 0.75])
        #expect(abs((shares["scan"]?["key-conversion"] ?? 0) - 1) < 1e-9)
        #expect(abs((shares["scanObject"]?["key-conversion"] ?? 0) - 1) < 1e-9)
        #expect(shares["decode"] == nil)
    }

    @Test func anAllocationIsChargedToTheFirstCallerOutsideTheAllocator() {
        let calls: [CallgrindOutput.Call] = [
            .init(caller: "swift_slowAlloc", callee: "malloc", count: 10, inclusiveCost: 0),
            .init(caller: "decodeArticle", callee: "malloc", count: 2, inclusiveCost: 0),
            .init(caller: "swift_allocObject", callee: "swift_slowAlloc", count: 8, inclusiveCost: 0),
            .init(caller: "appendElement", callee: "swift_slowAlloc", count: 2, inclusiveCost: 0),
            .init(caller: "decodeArticle", callee: "swift_allocObject", count: 6, inclusiveCost: 0),
            .init(caller: "makeString", callee: "swift_allocObject", count: 2, inclusiveCost: 0),
            .init(caller: "realloc", callee: "malloc", count: 5, inclusiveCost: 0),  // not a second allocation
        ]
        let allocator: Set = ["malloc", "swift_slowAlloc", "swift_allocObject"]
        let sites = AllocationSites.attribute(calls: calls, allocator: allocator.contains)
        // slowAlloc's 10 mallocs: 8 of its 10 calls from allocObject, 2 from appendElement; allocObject's
        // 8 split 6 : 2 between its callers.
        #expect(sites == ["decodeArticle": 2 + 6, "makeString": 2, "appendElement": 2])
    }

    static func breakdown(_ functions: [(String, String, Int, Int)]) -> CostBreakdown {
        CostBreakdown(
            functions: functions.map {
                .init(name: $0.0, object: "lib.so", category: $0.1, selfInstructions: $0.2, inclusiveInstructions: $0.2, calls: $0.3)
            })
    }

    @Test func theDifferenceNamesTheCategoriesAndFunctionsThatAccountForIt() throws {
        let yardstick = Self.breakdown([("scan", "json", 600_000, 10), ("retain", "allocation", 400_000, 300)])
        let strategy = Self.breakdown([
            ("scan", "json", 600_000, 10), ("retain", "allocation", 500_000, 400),
            ("lowercase", "key-conversion", 300_000, 600), ("hash", "key-lookup", 100_000, 30),
        ])
        let difference = CostDifference(
            strategy: "snake", yardstick: "plain", profile: "small", elements: 30, of: strategy, against: yardstick)
        #expect(difference.delta == 500_000)
        #expect(difference.categories.map(\.id) == ["key-conversion", "allocation", "key-lookup", "json"])
        let sentence = difference.sentence(categories: try Self.categories())
        #expect(
            sentence.markdown
                == "`snake` vs `plain` on small: +50.0% instructions (+500.0k per decode, +16.7k per element); "
                + "of the instructions added, 60% are in key conversion (`lowercase` +300.0k, 20 calls per element vs 0), "
                + "20% in allocation and reference counting, 20% in key lookup", "\(sentence.markdown)")
        var allocating = strategy
        allocating.functions[allocating.functions.firstIndex { $0.name == "lowercase" }!].allocations = 90
        let withAllocations = CostDifference(
            strategy: "snake", yardstick: "plain", profile: "small", elements: 30, of: allocating, against: yardstick)
        #expect(
            withAllocations.sentence(categories: try Self.categories()).plain.hasSuffix(
                "; allocations +3.0 per element, 100% of them asked for in key conversion"))
        let same = CostDifference(
            strategy: "copy", yardstick: "plain", profile: "small", elements: 30, of: yardstick, against: yardstick)
        #expect(
            same.sentence(categories: try Self.categories()).markdown
                == "`copy` vs `plain` on small: the same instructions within ±0.5% (1.00M per decode)")
    }

    @Test func aSavingNamesWhatItSavedAndWhatWentTheOtherWay() throws {
        let yardstick = Self.breakdown([("scan", "json", 600_000, 10), ("retain", "allocation", 400_000, 300)])
        let strategy = Self.breakdown([
            ("scan", "json", 200_000, 10), ("retain", "allocation", 370_000, 280), ("cast", "casts", 120_000, 90),
        ])
        let difference = CostDifference(
            strategy: "direct", yardstick: "plain", profile: "small", elements: 10, of: strategy, against: yardstick)
        let sentence = difference.sentence(categories: try Self.categories())
        // Shares are of the 430k saved (json 400k, allocation 30k), not of the net 310k.
        #expect(
            sentence.markdown
                == "`direct` vs `plain` on small: −31.0% instructions (−310.0k per decode, −31.0k per element); "
                + "of the instructions saved, 93% are in json reading and writing (`scan` −400.0k), "
                + "7% in allocation and reference counting; "
                + "offset in part by +120.0k elsewhere (+120.0k in dynamic casts)",
            "\(sentence.markdown)")
    }

    @Test func costsCSVReadsBackWhatItWrote() throws {
        let breakdown = CostBreakdown(
            try Self.recorded(), decodes: 1, executable: "benchmarks", categories: try Self.categories())
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("costs.csv")
        try
            (CostsCSV.header
            + CostsCSV.rows(runID: "r", group: "key-mapping", strategy: "snake-case-strategy", profile: "tiny", breakdown).map(
                CostsCSV.line
            ).joined())
            .write(to: file, atomically: true, encoding: .utf8)
        let read = CostsCSV.breakdowns(try CostsCSV.read(file))
        #expect(read["snake-case-strategy"]?["tiny"] == breakdown)
    }

    @Test(arguments: [
        (
            #"{"categories": [{"id": "a", "title": "A", "description": ""}], "rules": [{"category": "b", "symbol": "x"}]}"#,
            "rule 1 names unknown category 'b'"
        ),
        (
            #"{"categories": [{"id": "a", "title": "A", "description": ""}], "rules": [{"category": "a", "includeCallees": true}]}"#,
            "rule 1 needs symbol, object or inExecutable"
        ),
        (
            #"{"categories": [{"id": "a", "title": "A", "description": ""}], "rules": [{"category": "a", "symbol": "("}]}"#,
            "rule 1: '(' is not a regular expression"
        ),
        (#"{"categories": [{"id": "other", "title": "O", "description": ""}], "rules": []}"#, "'other' is built in"),
        (
            #"{"categories": [{"id": "a", "title": "A", "description": ""}, {"id": "a", "title": "A", "description": ""}], "rules": []}"#,
            "category 'a' is declared twice"
        ),
    ])
    func aBadCategoriesFileIsAOneLineError(json: String, message: String) throws {
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("cats.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try CostCategories.read(file)
            Issue.record("accepted \(json)")
        } catch let error as CommandError {
            #expect(error.description.hasPrefix("cats.json: ") && error.description.contains(message), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }
}
