import Foundation
import Testing

/// Rules of the house the compiler does not hold: no mutable global state (process-wide state
/// lives in a `static let` of a class whose fields its locks guard), and no source file so long
/// that it holds more than one concern.
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
