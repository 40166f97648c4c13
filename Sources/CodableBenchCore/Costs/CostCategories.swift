import Foundation

/// The categories of the cost breakdown and the rules that assign a function to one, read from a
/// committed data file (`Data/cost-categories.json`, documented in results/README.md): the
/// first rule whose conditions all hold decides; a function no rule claims is `other`.
package struct CostCategories: Sendable {
    package struct Category: Codable, Equatable, Sendable {
        package var id: String
        var title: String
        var description: String
    }

    struct Rule: Codable, Sendable {
        var category: String
        /// A regular expression tried against the function's readable name.
        var symbol: String?
        /// A regular expression tried against the name of the file the function is in.
        var object: String?
        /// Claims every function compiled into the benchmark executable.
        var inExecutable: Bool?
        /// The functions it matches claim what they call, too (see `CalleeAttribution`).
        var includeCallees: Bool?
    }

    private struct File: Codable {
        var about: String?
        var categories: [Category]
        var rules: [Rule]
    }

    static let other = Category(
        id: "other", title: "Other", description: "Functions no rule claims: the C library, threads, the rest.")

    /// In the file's order, then `other`.
    package let categories: [Category]
    private let rules: [(rule: Rule, pattern: NSRegularExpression?, object: NSRegularExpression?)]

    /// No rules: every function is `other`; a title is its id.
    package static let empty = CostCategories(categories: [other], rules: [])

    /// The default file: `Data/cost-categories.json` of the working directory, else of the
    /// checkout this binary was built from.
    package static func standard() throws -> CostCategories {
        let name = "Data/cost-categories.json"
        var url = URL(fileURLWithPath: name)
        if !FileManager.default.fileExists(atPath: url.path) { url = SourceCheckout.root.appendingPathComponent(name) }
        return try read(url)
    }

    /// Reads and validates a categories file; every problem is one line naming the file.
    static func read(_ url: URL) throws -> CostCategories {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CommandError.usage("no cost categories file \(url.path)")
        }
        do {
            return try parse(data)
        } catch let error as CommandError {
            throw CommandError.usage("\(url.lastPathComponent): \(error.description)")
        } catch {
            throw CommandError.usage("\(url.lastPathComponent): not a cost categories file (\(DecodingErrorDescription.oneLine(error)))")
        }
    }

    static func parse(_ data: Data) throws -> CostCategories {
        let file = try JSONDecoder().decode(File.self, from: data)
        let ids = file.categories.map(\.id)
        if let duplicate = ids.first(where: { id in ids.filter { $0 == id }.count > 1 }) {
            throw CommandError.usage("category '\(duplicate)' is declared twice")
        }
        if ids.contains(other.id) { throw CommandError.usage("'other' is built in (what no rule claims); do not declare it") }
        let rules = try file.rules.enumerated().map { number, rule in
            guard ids.contains(rule.category) else {
                throw CommandError.usage("rule \(number + 1) names unknown category '\(rule.category)'")
            }
            guard rule.symbol != nil || rule.object != nil || rule.inExecutable != nil else {
                throw CommandError.usage("rule \(number + 1) needs symbol, object or inExecutable")
            }
            func compiled(_ pattern: String?) throws -> NSRegularExpression? {
                guard let pattern else { return nil }
                do { return try NSRegularExpression(pattern: pattern) } catch {
                    throw CommandError.usage("rule \(number + 1): '\(pattern)' is not a regular expression")
                }
            }
            return (rule: rule, pattern: try compiled(rule.symbol), object: try compiled(rule.object))
        }
        return CostCategories(categories: file.categories + [other], rules: rules)
    }

    private init(
        categories: [Category], rules: [(rule: Rule, pattern: NSRegularExpression?, object: NSRegularExpression?)]
    ) {
        self.categories = categories
        self.rules = rules
    }

    /// The category of a function, by its readable name, the file it is in and whether that is
    /// the executable, and whether the rule that decided claims what the function calls.
    func category(
        of name: String, object: String = "", inExecutable: Bool = false
    ) -> (
        id: String, includesCallees: Bool
    ) {
        func matches(_ pattern: NSRegularExpression?, _ text: String) -> Bool {
            pattern?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for (rule, pattern, objectPattern) in rules
        where (pattern == nil || matches(pattern, name)) && (objectPattern == nil || matches(objectPattern, object))
            && (rule.inExecutable == nil || rule.inExecutable == inExecutable)
        {
            return (rule.category, rule.includeCallees ?? false)
        }
        return (Self.other.id, false)
    }

    package func title(of id: String) -> String { categories.first { $0.id == id }?.title ?? id }
}
