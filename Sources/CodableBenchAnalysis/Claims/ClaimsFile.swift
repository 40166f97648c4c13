import Foundation
import CodableBenchCore
import CodableBenchHarness

/// A claims file (`Data/claims.json`, documented in results/README.md): where the catalogue's
/// techniques come from, the questions a run answers (in the order the reports show them), and what
/// each source claims, in a form a run can check.
package struct ClaimsFile: Decodable, Equatable, Sendable {
    var sources: [Source]
    var questions: [Question]
    var claims: [Claim]

    /// An article, talk or library a technique or claim comes from, described in our own words.
    package struct Source: Decodable, Equatable, Sendable {
        var id: String
        var title: String
        var author: String?
        var site: String?
        var year: Int?
        var link: String?
        /// What it says, in one or two sentences of our own.
        var about: String
        /// How reports cite it: `Takagi, Nikkei 2019`.
        package var citation: String
    }

    /// One question, answered by the strategies of one group.
    struct Question: Decodable, Equatable, Sendable {
        /// The group whose strategies answer it.
        var group: String
        var question: String
        /// The plain technique a reader compares the group's strategies with.
        var yardstick: String
    }

    package struct Claim: Decodable, Equatable, Sendable {
        var id: String
        /// The group of the question it belongs to.
        var question: String
        /// A source id, or `folklore` for what is commonly said without one source.
        var source: String
        /// The claim in our own words.
        package var says: String
        package var check: Check
    }

    /// What a run must show for the claim to hold, at each point (profile) it names: a ratio of
    /// `strategy`'s time over `against`'s (`expect` faster / slower / same, or `atLeast` /
    /// `atMost` a threshold), or `strategy`'s outcome. Points: `profiles`, or every profile of a
    /// knob sweep (`sweep`), or by default every profile the strategy ran on.
    package struct Check: Decodable, Equatable, Sendable {
        package var strategy: String
        package var against: String?
        package var profiles: [String]?
        package var sweep: String?
        package var expect: Expectation?
        package var atLeast: Double?
        package var atMost: Double?
        package var outcome: Outcome?
        /// Other forms of `strategy` (the technique as its source wrote it), shown at every point
        /// with their ratio to `against` and what their own change adds; they decide nothing.
        var alongside: [String]?
        /// The situations the ratio is judged in (`warm-release`, `cold-debug`, or `warm` / `cold` in
        /// the run's own build); nil: the run's warm ratios, as before situations existed.
        package var situations: [Situation]?

        package enum Expectation: String, Decodable, Sendable {
            case faster, slower, same
        }

        /// The strategies the check names.
        var strategies: [String] { [strategy] + (against.map { [$0] } ?? []) }
        /// Every strategy the check mentions, those shown alongside too.
        var mentioned: [String] { strategies + (alongside ?? []) }
    }

    /// Where a ratio was measured: a warm decode (the hundredth in a process) or a fresh process's
    /// first (`--cold`), in a release or a debug build (nil: the run's own), in the catalogue's
    /// executable or in a large app (`benchmarks-app-size`: thousands of extra conformances).
    package struct Situation: Decodable, Hashable, Sendable, CustomStringConvertible {
        package enum Mode: String, Sendable { case warm, cold }
        var mode: Mode
        package var build: String?
        var largeApp = false

        package init(_ mode: Mode, build: String?, largeApp: Bool = false) {
            self.mode = mode
            self.build = build
            self.largeApp = largeApp
        }

        static let largeAppSuffix = "-large-app"

        /// `warm`, `cold`, `warm-release`, `cold-debug`, `cold-release-large-app`, …
        package init?(_ text: String) {
            let largeApp = text.hasSuffix(Self.largeAppSuffix)
            let parts = text.dropLast(largeApp ? Self.largeAppSuffix.count : 0).split(separator: "-", maxSplits: 1)
                .map(String.init)
            guard let first = parts.first, let mode = Mode(rawValue: first) else { return nil }
            let build = parts.count > 1 ? parts[1] : nil
            if let build, build != "release" && build != "debug" { return nil }
            self.init(mode, build: build, largeApp: largeApp)
        }

        package init(from decoder: Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let situation = Situation(text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "'\(text)' is not a situation (warm or cold, optionally -release or -debug, optionally -large-app)"))
            }
            self = situation
        }

        /// `cold debug`, `cold release large app`.
        package var description: String {
            mode.rawValue + (build.map { " \($0)" } ?? "") + (largeApp ? " large app" : "")
        }

        /// With the build named: the run's own where none is.
        func resolved(build runBuild: String) -> Situation { Situation(mode, build: build ?? runBuild, largeApp: largeApp) }
    }

    static let folklore = "folklore"
    /// No claims: answers list each group the run measured, in alphabetical order.
    package static let none = ClaimsFile(sources: [], questions: [], claims: [])

    /// The source a claim cites, or nil for folklore.
    package func source(of claim: Claim) -> Source? {
        sources.first { $0.id == claim.source }
    }
}

extension ClaimsFile {
    /// Reads and validates `file`. Every failure is one line naming the file (and the claim).
    /// `knownStrategies`: the catalogue's ids, which every check must name (nil: not checked).
    static func read(_ file: URL, knownStrategies: Set<String>? = nil) throws -> ClaimsFile {
        let name = file.lastPathComponent
        guard let data = try? Data(contentsOf: file) else { throw CommandError.usage("cannot read claims file \(file.path)") }
        let claims: ClaimsFile
        do { claims = try JSONDecoder().decode(ClaimsFile.self, from: data) } catch let error as DecodingError {
            throw CommandError.usage("malformed claims file \(name): \(error.oneLine)")
        } catch {
            throw CommandError.usage("malformed claims file \(name): not JSON")
        }
        if let problem = claims.problems(knownStrategies: knownStrategies).first {
            throw CommandError.usage("\(name): \(problem)")
        }
        return claims
    }

    /// Everything wrong with the file, each naming the claim, question or source it concerns.
    func problems(knownStrategies: Set<String>? = nil) -> [String] {
        var out: [String] = []
        for id in duplicates(sources.map(\.id)) { out.append("source '\(id)' appears twice") }
        for id in duplicates(questions.map(\.group)) { out.append("question '\(id)' appears twice") }
        for id in duplicates(claims.map(\.id)) { out.append("claim '\(id)' appears twice") }
        let sourceIDs = Set(sources.map(\.id))
        let questionIDs = Set(questions.map(\.group))
        for question in questions {
            if let knownStrategies, !knownStrategies.contains(question.yardstick) {
                out.append("question '\(question.group)': unknown yardstick '\(question.yardstick)'")
            }
        }
        for claim in claims {
            let label = "claim '\(claim.id)'"
            if !questionIDs.contains(claim.question) { out.append("\(label): unknown question '\(claim.question)'") }
            if claim.source != Self.folklore && !sourceIDs.contains(claim.source) {
                out.append("\(label): unknown source '\(claim.source)' (a source id, or folklore)")
            }
            if let knownStrategies {
                for id in claim.check.mentioned where !knownStrategies.contains(id) {
                    out.append("\(label): unknown strategy '\(id)'")
                }
            }
            if let problem = claim.check.problem { out.append("\(label): \(problem)") }
        }
        return out
    }

    private func duplicates(_ ids: [String]) -> [String] {
        Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    }
}

extension ClaimsFile.Check {
    /// What makes the check unusable, if anything.
    var problem: String? {
        let predicates = [expect != nil, atLeast != nil, atMost != nil, outcome != nil].filter { $0 }.count
        if predicates != 1 { return "the check needs exactly one of expect, atLeast, atMost, outcome" }
        if outcome == nil && against == nil { return "a ratio check needs 'against'" }
        if outcome != nil && against != nil { return "an outcome check takes no 'against'" }
        if profiles != nil && sweep != nil { return "name profiles or a sweep, not both" }
        if let profiles, profiles.isEmpty { return "'profiles' is empty" }
        for threshold in [atLeast, atMost].compactMap({ $0 }) where !(threshold > 0 && threshold.isFinite) {
            return "a ratio threshold must be a positive number, got \(threshold)"
        }
        if against == strategy { return "a strategy against itself" }
        if alongside != nil && against == nil { return "'alongside' needs a ratio check" }
        if let situations {
            if situations.isEmpty { return "'situations' is empty" }
            if against == nil { return "'situations' needs a ratio check" }
            if Set(situations).count != situations.count { return "a situation appears twice" }
        }
        return nil
    }
}

extension ClaimsFile {
    /// Reads, merges and validates the claims files at `paths` against the catalogue. A relative
    /// path is looked up under the working directory, else under the checkout this binary was built
    /// from (so the catalogue's `Data/claims.json` is found from any folder, as the profiles are).
    package static func load(_ paths: [String], knownStrategies: Set<String>) throws -> ClaimsFile {
        let files = try paths.map { path -> ClaimsFile in
            var url = URL(fileURLWithPath: path)
            if !FileManager.default.fileExists(atPath: url.path) && !path.hasPrefix("/") {
                url = SourceCheckout.root.appendingPathComponent(path)
            }
            guard FileManager.default.fileExists(atPath: url.path) else { throw CommandError.usage("no claims file \(path)") }
            return try read(url, knownStrategies: knownStrategies)
        }
        let merged = merged(files)
        if let problem = merged.problems(knownStrategies: knownStrategies).first {
            throw CommandError.usage("claims files \(paths.joined(separator: ", ")): \(problem)")
        }
        return merged
    }

    /// Several files as one: a user's claims beside the catalogue's.
    static func merged(_ files: [ClaimsFile]) -> ClaimsFile {
        ClaimsFile(
            sources: files.flatMap(\.sources), questions: files.flatMap(\.questions),
            claims: files.flatMap(\.claims))
    }
}
