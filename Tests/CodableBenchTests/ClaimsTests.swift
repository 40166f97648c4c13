import Catalogue
@testable import CodableBench
@testable import CodableBenchAnalysis
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

/// The claim checker on findings with known ratios and outcomes, the claims file's validation, and
/// the Answers section of the reports.
@Suite("Claims and answers")
struct ClaimsTests {
    static func ratio(_ value: Double, _ low: Double, _ high: Double) -> PairedRatio {
        PairedRatio(value: value, low: low, high: high, pairs: 20, generations: 20)
    }

    static func row(_ strategy: String, vs yardstick: String, on profile: String, _ ratio: PairedRatio) -> CellRatio {
        CellRatio(profile: profile, group: "g", strategy: strategy, yardstick: yardstick, ratio: ratio)
    }

    static func claim(_ check: ClaimsFile.Check, id: String = "c") -> ClaimsFile.Claim {
        ClaimsFile.Claim(id: id, question: "g", source: "folklore", says: "something", check: check)
    }

    static func check(
        _ strategy: String, against: String? = nil, profiles: [String]? = nil, sweep: String? = nil,
        expect: ClaimsFile.Check.Expectation? = nil, atLeast: Double? = nil, atMost: Double? = nil,
        outcome: Outcome? = nil, alongside: [String]? = nil
    ) -> ClaimsFile.Check {
        ClaimsFile.Check(
            strategy: strategy, against: against, profiles: profiles, sweep: sweep, expect: expect,
            atLeast: atLeast, atMost: atMost, outcome: outcome, alongside: alongside)
    }

    /// handwritten vs synthesized on three sizes, jsonserialization-manual along a sweep, a pitfall's timeouts.
    static let findings = RunFindings(
        outcomes: [
            "synthesized": ["small": .ok, "medium": .ok, "large": .ok, "u0": .ok, "u9": .ok],
            "handwritten": ["small": .ok, "medium": .ok, "large": .ok],
            "manual": ["u0": .ok, "u9": .ok],
            "loop": ["faulty": .timeout, "small": .ok],
            "broken": ["small": .wrongOutput],
            "ref": ["small": .ok],
        ],
        ratios: [
            row("handwritten", vs: "synthesized", on: "small", ratio(1.00, 0.99, 1.01)),
            row("handwritten", vs: "synthesized", on: "medium", ratio(1.01, 1.00, 1.015)),
            row("handwritten", vs: "synthesized", on: "large", ratio(1.00, 0.96, 1.04)),
            row("manual", vs: "synthesized", on: "u0", ratio(1.20, 1.15, 1.25)),
            row("manual", vs: "synthesized", on: "u9", ratio(0.90, 0.88, 0.92)),
            row("synthesized", vs: "ref", on: "small", ratio(4.0, 3.9, 4.1)),
        ],
        sweeps: ["unrelated": [("u0", 0), ("u9", 0.9)]],
        bytes: ["small": 100, "medium": 1_000, "large": 10_000, "u0": 200, "u9": 300, "faulty": 100])

    static func verdict(_ check: ClaimsFile.Check) -> ClaimVerdict {
        ClaimChecker.check(claim(check), against: findings).verdict
    }

    @Test func aThresholdClaimHoldsFailsOrCannotBeDecided() {
        // "synthesized is 10× faster than hand-written": handwritten / synthesized ≥ 10.
        #expect(
            Self.verdict(Self.check("handwritten", against: "synthesized", profiles: ["small", "medium"], atLeast: 10))
                == .doesNotHold)
        #expect(Self.verdict(Self.check("synthesized", against: "ref", profiles: ["small"], atLeast: 3.9)) == .holds)
        // The interval 3.9–4.1 straddles 4: measured but undecided, with the figure and what it straddles.
        let straddling = Self.verdict(Self.check("synthesized", against: "ref", profiles: ["small"], atLeast: 4))
        #expect(straddling == .undecided("interval straddles 4 on small 4.00× (3.90–4.10)"))
        #expect(straddling.description == "undecided (interval straddles 4 on small 4.00× (3.90–4.10))")
        #expect(Self.verdict(Self.check("synthesized", against: "ref", profiles: ["small"], atMost: 4.2)) == .holds)
        #expect(Self.verdict(Self.check("synthesized", against: "ref", profiles: ["small"], atMost: 3.8)) == .doesNotHold)
    }

    @Test func aSpeedClaimUsesTheEquivalenceMargin() {
        // small 0.99–1.01 and medium 1.00–1.015 lie within ±2%: the same speed; large 0.96–1.04 cannot tell.
        #expect(
            Self.verdict(Self.check("handwritten", against: "synthesized", profiles: ["small", "medium"], expect: .same))
                == .holds)
        #expect(
            Self.verdict(Self.check("handwritten", against: "synthesized", profiles: ["small"], expect: .faster))
                == .doesNotHold)
        let large = ClaimChecker.check(
            Self.claim(
                Self.check(
                    "handwritten", against: "synthesized", profiles: ["large"],
                    expect: .same)), against: Self.findings)
        #expect(large.verdict == .undecided("interval straddles 1 and the ±2% margin on large 1.00× (0.96–1.04)"))
        #expect(large.points.map(\.state) == [.undecided(straddles: "1 and the ±2% margin")])
        // Undecided points are named but do not stop the decided ones from deciding.
        #expect(Self.verdict(Self.check("handwritten", against: "synthesized", expect: .same)) == .holds)
    }

    @Test func aClaimAlongASweepHoldsOnlyWhereTheDataSaysSo() {
        let result = ClaimChecker.check(
            Self.claim(
                Self.check(
                    "manual", against: "synthesized", sweep: "unrelated",
                    expect: .faster)), against: Self.findings)
        #expect(result.verdict == .holdsOnlyFor(["unrelated 0.9"]))
        #expect(result.points.map(\.label) == ["unrelated 0", "unrelated 0.9"])
        #expect(result.points.map(\.figure) == ["1.20× (1.15–1.25)", "0.90× (0.88–0.92)"])
        #expect(
            Self.verdict(Self.check("manual", against: "synthesized", sweep: "unrelated", expect: .slower))
                == .holdsOnlyFor(["unrelated 0"]))
        #expect(
            Self.verdict(Self.check("manual", against: "synthesized", sweep: "elements", expect: .slower))
                == .notMeasured("no point of the check was run"))
        #expect(
            Self.verdict(Self.check("absent", against: "synthesized", expect: .slower)) == .notMeasured("\(code: "absent") was not run"))
    }

    @Test func anotherFormOfTheStrategyIsShownThroughItsYardstickAndDecidesNothing() {
        // manual-2019 was paired only with manual: its ratio to synthesized is the product, with
        // the product of the bounds as its interval.
        var findings = Self.findings
        findings.outcomes["manual-2019"] = ["u0": .ok, "u9": .ok]
        findings.ratios.append(
            CellRatio(
                profile: "u0", group: "g", strategy: "manual-2019", yardstick: "manual",
                ratio: PairedRatio(value: 2.0, low: 1.8, high: 2.2, pairs: 40, generations: 12)))
        var check = Self.check("manual", against: "synthesized", sweep: "unrelated", expect: .slower)
        check.alongside = ["manual-2019"]
        let result = ClaimChecker.check(Self.claim(check), against: findings)
        #expect(result.verdict == .holdsOnlyFor(["unrelated 0"]))
        #expect(
            result.points[0].alongside
                == ["\(code: "manual-2019") 2.40× (2.07–2.75) = 1.20× for \(code: "manual") × 2.00× for its own change"])
        // Not paired at u9: nothing to show there.
        #expect(result.points[1].alongside == [])
        let line = AnswersText.claimLine(result, sources: ClaimsFile.none)
        #expect(line.text.markdown.contains("unrelated 0 1.20× (1.15–1.25) (with `manual-2019` 2.40× (2.07–2.75)"))
        // The other form must be a known strategy, and needs a ratio check.
        check.alongside = ["nowhere"]
        #expect(
            ClaimsFile(sources: [], questions: [], claims: [Self.claim(check)]).problems(knownStrategies: ["manual", "synthesized"])
                .contains("claim 'c': unknown strategy 'nowhere'"))
        #expect(Self.check("manual", profiles: ["small"], outcome: .ok, alongside: ["x"]).problem == "'alongside' needs a ratio check")
    }

    @Test func aFindingSaysWhatTheStrategyChangesAndARootWhyItHasNoYardstick() {
        let findings = RunFindings(
            outcomes: ["root": ["p": .ok], "x": ["p": .ok]],
            ratios: [
                CellRatio(
                    profile: "p", group: "g", strategy: "x", yardstick: "root",
                    ratio: PairedRatio(value: 1.1, low: 1.08, high: 1.12, pairs: 10, generations: 3))
            ])
        #expect(
            Answer.sentences(for: "x", findings: findings, changes: "one thing")
                == ["\(code: "x") vs \(code: "root") (changes: one thing): slower on p 1.10× (1.08–1.12)"])
        // Paired with another than the yardstick its change is written against (which did not run).
        #expect(
            Answer.sentences(for: "x", findings: findings, changes: "one thing", against: "elsewhere")
                == [
                    "\(code: "x") vs \(code: "root") (changes against its yardstick \(code: "elsewhere"), not timed beside it on "
                        + "these payloads: one thing): slower on p 1.10× (1.08–1.12)"
                ])
        #expect(
            Answer.sentences(for: "x", findings: findings, changes: "one thing", against: "root")
                == ["\(code: "x") vs \(code: "root") (changes: one thing): slower on p 1.10× (1.08–1.12)"])
        #expect(
            Answer.sentences(for: "root", findings: findings, changes: "nothing: the yardstick here")
                == ["\(code: "root") on p: measured, with no yardstick on those payloads (nothing: the yardstick here)"])
    }

    /// The host's state in the answers: a quiet verdict with a contended ratio apart from it shows
    /// both, named; one the contended state decides where the quiet one does not says which is
    /// which; a contended verdict is marked where the run also has quiet ones; a contended ratio
    /// inside the quiet one's interval is not shown.
    @Test func aFindingNamesTheHostStateWhereItMovesTheRatio() {
        func row(_ profile: String, _ quiet: PairedRatio, state: HostState, contended: PairedRatio? = nil) -> CellRatio {
            var row = Self.row("x", vs: "root", on: profile, quiet)
            row.state = state
            row.contended = contended
            return row
        }
        let findings = RunFindings(
            outcomes: ["root": ["p": .ok, "q": .ok, "r": .ok, "s": .ok], "x": ["p": .ok, "q": .ok, "r": .ok, "s": .ok]],
            ratios: [
                row("p", Self.ratio(1.00, 0.99, 1.01), state: .quiet, contended: Self.ratio(1.06, 1.03, 1.09)),
                row("q", Self.ratio(1.01, 0.95, 1.12), state: .quiet, contended: Self.ratio(1.06, 1.03, 1.09)),
                row("r", Self.ratio(1.30, 1.25, 1.35), state: .contended),
                row("s", Self.ratio(1.50, 1.45, 1.55), state: .quiet, contended: Self.ratio(1.52, 1.47, 1.57)),
            ])
        #expect(
            Answer.sentences(for: "x", findings: findings)
                == [
                    "\(code: "x") vs \(code: "root"): slower on r 1.30× (1.25–1.35) under contention, s 1.50× (1.45–1.55); "
                        + "same speed (within ±2%) on p 1.00× (0.99–1.01) with the cache to itself; under contention slower 1.06× (1.03–1.09); "
                        + "undecided (the interval straddles \(SpeedVerdict.straddled())) on q 1.01× (0.95–1.12) with the cache to itself; "
                        + "under contention slower 1.06× (1.03–1.09)"
                ])
    }

    /// Beside each time ratio, the same pair's exact measure, labelled as that measure: where time
    /// is undecided the line still says only what the cycles show, and the verdict stays time's.
    @Test func aFindingGivesTheExactMeasureBesideTime() {
        var findings = RunFindings(
            outcomes: ["root": ["p": .ok, "q": .ok], "x": ["p": .ok, "q": .ok]],
            ratios: [
                Self.row("x", vs: "root", on: "p", Self.ratio(1.007, 0.951, 1.067)),
                Self.row("x", vs: "root", on: "q", Self.ratio(1.2, 1.1, 1.3)),
            ])
        findings.exact = [
            "x": ["p": (1_010_000, 1_530_000), "q": (2_000_000, nil)],
            "root": ["p": (1_000_000, 1_500_000), "q": (1_000_000, nil)],
        ]
        #expect(
            Answer.sentences(for: "x", findings: findings)
                == [
                    "\(code: "x") vs \(code: "root"): slower on q 1.20× (1.10–1.30) · instructions 2.000×; "
                        + "undecided (the interval straddles \(SpeedVerdict.straddled())) on p 1.01× (0.95–1.07) · simulated cycles 1.020×"
                ])
        let answer = Answer.all(
            claims: ClaimsFile(sources: [], questions: [], claims: []), findings: findings, groups: ["x": "g", "root": "g"])
        #expect(answer.first?.showsExactMeasures == true)
        #expect(AnswersText.platform(SyntheticRuns.provenance, answers: answer).plain.hasSuffix(AnswersText.exactMeasures))
        var mac = SyntheticRuns.provenance
        mac.os = "macOS 15.2.0"
        #expect(AnswersText.platform(mac, answers: answer).plain.hasSuffix(AnswersText.exactMeasuresFromTheCPUsCounter))
        #expect(!AnswersText.platform(SyntheticRuns.provenance).plain.contains("simulated cycles"))
    }

    @Test func aRatioIsReadEitherWayRound() {
        // Only synthesized / ref was measured; ref / synthesized is its inverse.
        let result = ClaimChecker.check(
            Self.claim(
                Self.check(
                    "ref", against: "synthesized", profiles: ["small"],
                    atMost: 0.26)), against: Self.findings)
        #expect(result.verdict == .holds)
        #expect(result.points[0].figure == "0.25× (0.24–0.26)")
    }

    @Test func outcomeClaimsAndWhatCannotBeMeasured() {
        #expect(Self.verdict(Self.check("loop", profiles: ["faulty"], outcome: .timeout)) == .holds)
        #expect(Self.verdict(Self.check("loop", outcome: .timeout)) == .holdsOnlyFor(["faulty"]))
        #expect(Self.verdict(Self.check("loop", profiles: ["small"], outcome: .timeout)) == .doesNotHold)
        #expect(
            Self.verdict(Self.check("loop", profiles: ["large", "huge"], outcome: .timeout))
                == .notMeasured("\(code: "loop") not run on large, huge"))
        // A ratio needs both cells ok, and the two paired.
        #expect(
            Self.verdict(Self.check("broken", against: "synthesized", profiles: ["small"], expect: .slower))
                == .notMeasured("\(code: "broken") ended wrong-output on small"))
        #expect(
            Self.verdict(Self.check("handwritten", against: "synthesized", profiles: ["large", "huge"], expect: .same))
                == .undecided(
                    "interval straddles 1 and the ±2% margin on large 1.00× (0.96–1.04); \(code: "handwritten") not run on huge"))
        #expect(
            Self.verdict(Self.check("loop", against: "handwritten", profiles: ["small"], expect: .slower))
                == .notMeasured("\(code: "loop") and \(code: "handwritten") were not paired on small"))
    }

    @Test func answersFollowTheQuestionsThenTheOtherGroupsWithReferencesLast() {
        let claims = ClaimsFile(
            sources: [],
            questions: [
                .init(group: "second", question: "Second?", yardstick: "b1"),
                .init(group: "first", question: "First?", yardstick: "a1"),
                .init(group: "absent", question: "Absent?", yardstick: "z"),
            ],
            claims: [Self.claim(Self.check("a2", against: "a1", profiles: ["p"], expect: .slower), id: "x")].map {
                var claim = $0
                claim.question = "first"
                return claim
            })
        let findings = RunFindings(
            outcomes: ["a1": ["p": .ok], "a2": ["p": .ok], "b1": ["p": .ok], "r": ["p": .ok], "c": ["p": .crashed]],
            ratios: [Self.row("a2", vs: "a1", on: "p", Self.ratio(1.5, 1.4, 1.6))])
        let answers = Answer.all(
            claims: claims, findings: findings,
            groups: ["a1": "first", "a2": "first", "b1": "second", "r": "references", "c": "other"])
        #expect(answers.map(\.group) == ["second", "first", "absent", "other", "references"])
        #expect(answers[1].findings == ["\(code: "a2") vs \(code: "a1"): slower on p 1.50× (1.40–1.60)"])
        #expect(answers[1].claims.map(\.verdict) == [.holds])
        #expect(!answers[2].wasRun && answers[0].wasRun && answers[0].findings.isEmpty)  // b1 is the yardstick
        #expect(answers[3].findings == ["\(code: "c") ended crashed on p"])
    }

    // MARK: - The claims file

    static func write(_ json: String) throws -> URL {
        let url = try TestSupport.temporaryDirectory().appendingPathComponent("claims.json")
        try Data(json.utf8).write(to: url)
        return url
    }

    static func file(check: String) -> String {
        """
        {"sources": [{"id": "s", "title": "T", "about": "A", "citation": "S 2019"}],
         "questions": [{"group": "g", "question": "Q?", "yardstick": "synthesized"}],
         "claims": [{"id": "bad-claim", "question": "g", "source": "s", "says": "x", "check": \(check)}]}
        """
    }

    @Test func theCataloguesClaimsFileIsValidAndCoversEveryGroup() throws {
        let known = Set(Catalogue.all.map(\.id))
        let claims = try ClaimsFile.read(
            TestSupport.packageRoot.appendingPathComponent("Data/claims.json"),
            knownStrategies: known)
        #expect(claims.problems(knownStrategies: known).isEmpty)
        let groups = Set(Catalogue.all.filter { !$0.isHidden }.map(\.group))
        #expect(Set(claims.questions.map(\.group)) == groups)
        // The five sources each have at least one claim.
        #expect(Set(claims.claims.map(\.source)).isSuperset(of: claims.sources.map(\.id)))
    }

    @Test func aMalformedClaimIsOneLineNamingTheFileAndTheClaim() throws {
        let known: Set = ["synthesized", "handwritten"]
        func problem(_ check: String) throws -> String {
            do {
                _ = try ClaimsFile.read(Self.write(Self.file(check: check)), knownStrategies: known)
                return "no error"
            } catch let error as CommandError { return error.description }
        }
        #expect(try problem(#"{"strategy": "handwritten", "against": "synthesized", "expect": "faster"}"#) == "no error")
        #expect(
            try problem(#"{"strategy": "handwritten", "against": "synthesized", "expect": "faster", "atLeast": 2}"#)
                == "claims.json: claim 'bad-claim': the check needs exactly one of expect, atLeast, atMost, outcome")
        #expect(
            try problem(#"{"strategy": "nope", "against": "synthesized", "expect": "faster"}"#)
                == "claims.json: claim 'bad-claim': unknown strategy 'nope'")
        #expect(
            try problem(#"{"strategy": "handwritten", "expect": "faster"}"#)
                == "claims.json: claim 'bad-claim': a ratio check needs 'against'")
        #expect(try problem(#"{"strategy": "handwritten", "outcome": "exploded"}"#).hasPrefix("malformed claims file claims.json: "))
        #expect(
            try problem(#"{"strategy": "handwritten", "against": "synthesized", "atLeast": -1}"#)
                == "claims.json: claim 'bad-claim': a ratio threshold must be a positive number, got -1.0")
        for message in [try problem("{}"), try problem("[")] { #expect(!message.contains("\n")) }
    }

    @Test func theReportCommandRejectsABadClaimsFileWithExitStatus2() throws {
        let run = try SyntheticRuns.run([.init(strategy: "synthesized")])
        let bad = try Self.write(Self.file(check: #"{"strategy": "handwritten"}"#))
        let execution = try TestSupport.run(["report", run.source.path, "--claims", bad.path])
        #expect(execution.status == 2)
        #expect(
            execution.stderr == "error: claims.json: claim 'bad-claim': the check needs exactly one of expect, atLeast, atMost, outcome\n")
    }

    // MARK: - Reports

    /// A group reference's row records 1 to itself; the tables show its paired ratio to the anchor.
    @Test func aGroupReferenceShowsItsRatioToTheAnchor() throws {
        let run = try SyntheticRuns.run([
            .init(strategy: "synthesized", ratio: .one, ratioTo: "synthesized"),
            .init(strategy: "manual", ratio: .one, ratioTo: "manual"),
        ]).with(ratios: [Self.row("manual", vs: "synthesized", on: "small", Self.ratio(3.5, 3.4, 3.6))])
        let cells = run.records
        let manual = try #require(cells.first { $0.key.strategy == "manual" })
        #expect(manual.ratioColumn(reference: nil) == "vs synthesized: 3.500× (3.400–3.600)" && manual.verdictColumn == "slower")
        let synthesized = try #require(cells.first { $0.key.strategy == "synthesized" })
        #expect(synthesized.ratioColumn(reference: nil) == "yardstick" && synthesized.verdictColumn == "-")
    }

    @Test func reportsOpenWithTheAnswers() throws {
        let run = try SyntheticRuns.run([
            .init(strategy: "synthesized"),
            .init(strategy: "handwritten", ratio: Self.ratio(1.004, 0.995, 1.012)),
        ])
        let claims = ClaimsFile(
            sources: [.init(id: "s", title: "T", author: nil, site: nil, year: 2019, link: nil, about: "A", citation: "S 2019")],
            questions: [.init(group: "g", question: "Is hand-written faster?", yardstick: "synthesized")],
            claims: [
                ClaimsFile.Claim(
                    id: "ten", question: "g", source: "s", says: "synthesized is 10× faster",
                    check: Self.check("handwritten", against: "synthesized", atLeast: 10))
            ])
        let md = MarkdownReport.render(ReportDocument(run: run, claims: claims, facts: StrategyFacts(references: ["synthesized"])))
        let answers = try #require(md.range(of: "## Answers"))
        let measurements = try #require(md.range(of: "## Measurements"))
        #expect(answers.lowerBound < measurements.lowerBound)
        #expect(md.contains("### Is hand-written faster?\n\n_group `g`, yardstick `synthesized`, timed on test_"))
        #expect(md.contains("release build, timed on test. A ratio is"))
        #expect(md.contains("- `handwritten` vs `synthesized`: same speed (within ±2%) on small 1.00× (0.99–1.01)"))
        #expect(
            md.contains(
                "- **does not hold**: S 2019: synthesized is 10× faster (checked: `handwritten` / `synthesized` ≥ 10): small 1.00× (0.99–1.01) (timed on test)"
            ))
        let html = HTMLReport.render(ReportDocument(run: run, claims: claims, facts: StrategyFacts(references: ["synthesized"])))
        #expect(html.contains("<h2>Answers</h2>") && html.contains("<span class=\"v v-not\">does not hold</span>"))
        // The answer's chart: each paired ratio with its interval, and a dashed line at 1.
        #expect(html.contains("time over the yardstick&#39;s") || html.contains("time over the yardstick's"))
        #expect(html.contains("stroke-dasharray") && html.contains("handwritten · small"))
        #expect(html.range(of: "<h2>Answers</h2>")!.lowerBound < html.range(of: "<h2>Measurements</h2>")!.lowerBound)
    }
}

/// What a report and the terminal open with: every question in one line.
@Suite("One-line answers")
struct OneLineAnswerTests {
    static func ratio(_ strategy: String, _ profile: String, _ value: Double, _ low: Double, _ high: Double) -> CellRatio {
        CellRatio(
            profile: profile, group: "g", strategy: strategy, yardstick: "synthesized",
            ratio: PairedRatio(value: value, low: low, high: high, pairs: 20, generations: 10))
    }

    @Test("a strategy's verdicts and the range of its ratios, then the CPU")
    func line() {
        var answer = Answer(
            group: "g", question: "Is it faster?", yardstick: "synthesized", findings: [],
            ratios: [
                Self.ratio("handwritten", "small", 1.00, 0.97, 1.03),  // undecided
                Self.ratio("handwritten", "medium", 1.03, 1.01, 1.05),  // slower
                Self.ratio("per-property", "small", 2.10, 2.00, 2.20),
                Self.ratio("per-property", "medium", 2.104, 2.05, 2.15),
            ], claims: [], wasRun: true)
        answer.timedOn = ["AMD EPYC family 26 model 2"]
        #expect(
            AnswersText.oneLine(answer).plain
                == "handwritten 1.00–1.03× (slower on medium; undecided on small); per-property slower 2.10× "
                + "· timed on AMD EPYC family 26 model 2")
        let notRun = Answer(group: "h", question: "Q?", yardstick: nil, findings: [], ratios: [], claims: [], wasRun: false)
        #expect(AnswersText.oneLine(notRun).plain == "not measured in this run (group not run)")
        #expect(
            AnswersText.terminalSummary([answer, notRun], report: "r.md").split(separator: "\n").last
                == "(1 more question not measured: its group was not in this run)")
    }
}
