import Foundation
import Testing

/// The library's four modules follow the data flow (the compiler holds that: each imports only
/// those before it), and so do the folders inside them: no folder uses a folder above it. A type
/// declared in one folder and named in another is an edge, and every edge must point down this
/// order. Read from the sources as text (declarations at the start of a line; comments and string
/// literals left out), so it needs no build of its own.
@Suite("Modules and folders along the data flow")
struct DependencyDirectionTests {
    /// Lowest first, by module: a folder may use the folders before it, never those after it.
    static let modules: [(module: String, folders: [String])] = [
        ("CodableBenchCore", ["Platform", "Support", "Model", "Profile", "Generator", "Statistics", "Strategy", "Verification", "Costs"]),
        (
            "CodableBenchHarness",
            [
                "Platform", "System", "Results", "Measurement", "Worker", "Records", "Cells", "Lockstep", "Passes", "Canaries",
                "Sampling", "Run", "Conformance", "History",
            ]
        ),
        ("CodableBenchAnalysis", ["Summaries", "Gates", "Claims", "Replay", "Across", "History"]),
        ("CodableBench", ["Reports", "CLI"]),
    ]
    /// Every folder as `Module/Folder` (both Core and the harness have a `Platform`), lowest first.
    static let order = modules.flatMap { module, folders in folders.map { "\(module)/\($0)" } }
    static func directory(of module: String) -> URL {
        TestSupport.packageRoot.appendingPathComponent("Sources/\(module)")
    }

    /// Each folder's Swift sources, comments and string literals removed.
    static func sources() throws -> [(folder: String, text: String)] {
        var out: [(String, String)] = []
        for (module, folders) in modules {
            try out += folders.flatMap { folder in
                try sources(of: folder, in: directory(of: module)).map { ("\(module)/\(folder)", $0.text) }
            }
        }
        return out
    }

    static func sources(of folder: String, in library: URL) throws -> [(folder: String, text: String)] {
        let fm = FileManager.default
        var out: [(String, String)] = []
        let directory = library.appendingPathComponent(folder)
        for file in (try? fm.contentsOfDirectory(atPath: directory.path)) ?? [] where file.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            out.append((folder, strip(text)))
        }
        return out
    }

    static func strip(_ text: String) -> String {
        let comment = try! NSRegularExpression(pattern: "//[^\\n]*")
        let literal = try! NSRegularExpression(pattern: "\"(?:[^\"\\\\\\n]|\\\\.)*\"")
        var s = text
        for pattern in [comment, literal] {
            s = pattern.stringByReplacingMatches(in: s, range: NSRange(s.startIndex..., in: s), withTemplate: "\"\"")
        }
        return s
    }

    static func matches(_ pattern: String, in text: String, group: Int = 0) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    /// (from, to, the names that make the edge) for every pair of folders.
    static func edges() throws -> [(from: String, to: String, names: Set<String>)] {
        let sources = try sources()
        var declaredIn: [String: Set<String>] = [:]
        let declaration =
            "^(?:public |package |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol|typealias|actor)\\s+([A-Z]\\w*)"
        for (folder, text) in sources {
            for name in matches(declaration, in: text, group: 1) { declaredIn[name, default: []].insert(folder) }
        }
        var found: [String: [String: Set<String>]] = [:]
        for (folder, text) in sources {
            for name in Set(matches("\\b[A-Z]\\w*\\b", in: text)) {
                for other in declaredIn[name] ?? [] where other != folder { found[folder, default: [:]][other, default: []].insert(name) }
            }
        }
        return found.flatMap { from, targets in targets.map { (from, $0.key, $0.value) } }
    }

    @Test func everyFolderHasItsPlace() throws {
        for (module, order) in Self.modules {
            let folders = try FileManager.default.contentsOfDirectory(atPath: Self.directory(of: module).path)
                .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".swift") }
            #expect(Set(folders) == Set(order), "place new folders of \(module) in DependencyDirectionTests.modules")
        }
    }

    /// The compiler's half: each module's target depends only on the modules before it.
    @Test func modulesDependOnlyOnThoseBelow() throws {
        let manifest = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let names = Self.modules.map(\.module)
        for (rank, module) in names.enumerated() {
            let target = try #require(
                DependencyDirectionTests.matches("\\.target\\(\\s*name: \"\(module)\"[^)]*", in: manifest).first, "no target \(module)")
            let uses = names.filter { target.contains("\"\($0)\"") && $0 != module }
            #expect(uses.allSatisfy { names.firstIndex(of: $0)! < rank }, "\(module) depends on \(uses)")
        }
    }

    @Test func noFolderUsesAFolderAboveIt() throws {
        let rank = Dictionary(uniqueKeysWithValues: Self.order.enumerated().map { ($0.element, $0.offset) })
        let upward = try Self.edges().filter { (rank[$0.from] ?? 0) < (rank[$0.to] ?? 0) }
        for edge in upward {
            Issue.record("\(edge.from) uses \(edge.to), above it: \(edge.names.sorted().joined(separator: ", "))")
        }
        #expect(try Self.edges().count > 20)  // the reading found the library's edges
    }

    /// Strategy targets use the library as a user's package would: no type the library declares
    /// `package` (visible here only because they share its package) is named in `Benchmarks/`.
    @Test func strategyTargetsUseOnlyThePublicSurface() throws {
        var packageTypes: Set<String> = []
        for (_, text) in try Self.sources() {
            packageTypes.formUnion(
                Self.matches("^\\s*package (?:final )?(?:struct|enum|class|protocol|typealias|actor)\\s+([A-Z]\\w*)", in: text, group: 1))
        }
        #expect(packageTypes.contains("Platform"))  // the reading found them
        let benchmarks = TestSupport.packageRoot.appendingPathComponent("Benchmarks")
        var used: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: benchmarks.path)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = Self.strip(try String(contentsOf: benchmarks.appendingPathComponent(path), encoding: .utf8))
            used += Set(Self.matches("\\b[A-Z]\\w*\\b", in: text)).intersection(packageTypes).map { "\(path): \($0)" }
        }
        #expect(used.isEmpty, "strategy targets name package types: \(used.sorted())")
    }

    @Test func aBackEdgeIsFound() {
        let text = Self.strip("let a = Runner() // Reports\nlet s = \"Terminal\"\n")
        #expect(Set(Self.matches("\\b[A-Z]\\w*\\b", in: text)) == ["Runner"])
    }
}
