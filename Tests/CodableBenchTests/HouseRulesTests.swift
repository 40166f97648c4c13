import Foundation
import Testing

/// Rules of the house the compiler does not hold: no mutable global state (process-wide state
/// lives in a `static let` of a class whose fields its locks guard), no source file so long that
/// it holds more than one concern, and no Markdown or terminal markup below the reports (the core,
/// the harness and the analysis return values and `Prose`; `CodableBench/Reports` renders them).
@Suite("House rules")
struct HouseRulesTests {
    static let longestFile = 400

    /// `path: what` for each rule a Swift file breaks.
    static func violations(in text: String, file: String) -> [String] {
        var found: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() where line.contains("nonisolated(unsafe)") && !line.contains("//") {
            found.append("\(file):\(number + 1): nonisolated(unsafe)")
        }
        let count = text.count(where: { $0 == "\n" })  // as `wc -l` counts
        if count > longestFile { found.append("\(file): \(count) lines, more than \(longestFile)") }
        return found
    }

    /// The modules that return values for the reports to render.
    static let belowTheReports = ["CodableBenchCore/", "CodableBenchHarness/", "CodableBenchAnalysis/"]

    /// Markup in a string literal: a code span in backticks, bold, an HTML code tag, a table's
    /// rule, a heading, or an ANSI escape (a colour). Comments are not read.
    static let markup = [#"`[^`]+`"#, #"\*\*"#, "<code>", #"\|\s*-{3}"#, #"^#{1,6} "#, #"\\u\{0*1[bB]\}"#]
        .map { try! NSRegularExpression(pattern: $0) }

    /// `path:line: markup` for each string literal of `text` that holds markup.
    static func markup(in text: String, file: String) -> [String] {
        var found: [String] = []
        let literal = try! NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)""#)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var code = String(line)
            if code.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
            if let comment = code.range(of: "  // ") { code = String(code[..<comment.lowerBound]) }
            let range = NSRange(code.startIndex..., in: code)
            for match in literal.matches(in: code, range: range) {
                let content = String(code[Range(match.range(at: 1), in: code)!])
                let inner = NSRange(content.startIndex..., in: content)
                if markup.contains(where: { $0.firstMatch(in: content, range: inner) != nil }) {
                    found.append("\(file):\(number + 1): \(content)")
                }
            }
        }
        return found
    }

    @Test func noModuleBelowTheReportsBuildsMarkup() throws {
        let root = TestSupport.packageRoot.appendingPathComponent("Sources")
        var found: [String] = []
        for module in Self.belowTheReports {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(module).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let url = root.appendingPathComponent(module + path)
                found += Self.markup(in: try String(contentsOf: url, encoding: .utf8), file: module + path)
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func plantedMarkupIsFoundAndCodeAndCommentsAreNot() {
        let planted = [
            #"let a = "`x` vs `y`""#, #"let b = "**holds**""#, #"let c = "| a |---|""#, ###"let d = "## Answers""###,
            #"let e = "\u{1B}[31mred""#, #"let f = "<code>x</code>""#,
        ]
        for (index, line) in planted.enumerated() {
            #expect(Self.markup(in: line, file: "P.swift").count == 1, "line \(index): \(line)")
        }
        let clean = [
            #"let a: Prose = "\(code: x) vs \(code: y)""#, #"$0 == "`" || $0 == "_""#, "// `x` in a comment",
            #"let b = 1  // see `LockstepWorker`"#, #"throw CommandError.usage("unknown strategy '\(id)'")"#,
        ]
        #expect(clean.flatMap { Self.markup(in: $0, file: "C.swift") }.isEmpty)
    }

    @Test func sourcesHaveNoMutableGlobalsAndNoFileOverFourHundredLines() throws {
        let root = TestSupport.packageRoot.appendingPathComponent("Sources")
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            found += Self.violations(in: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), file: path)
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func aPlantedGlobalAndALongFileAreFound() {
        let global = "enum A {\n    nonisolated(unsafe) static var b = 1\n}\n"
        #expect(Self.violations(in: global, file: "A.swift") == ["A.swift:2: nonisolated(unsafe)"])
        let lines = String(repeating: "let x = 1\n", count: Self.longestFile)
        #expect(Self.violations(in: lines, file: "L.swift").isEmpty)
        #expect(Self.violations(in: lines + "let y = 2\n", file: "L.swift") == ["L.swift: 401 lines, more than 400"])
    }
}
