import Foundation
import Testing

/// Every link in the repository's Markdown resolves inside the repository: the file exists, and an
/// anchor names one of its headings (GitHub's rule: lowercased, punctuation dropped, spaces to
/// hyphens). Nothing links outside the clone (`../shared` is not a user's).
@Suite("Documentation links")
struct DocumentationLinksTests {
    static let root = TestSupport.packageRoot.standardizedFileURL

    static let pages: [String] =
        ["README.md", "results/README.md", "Documentation/studies/README.md", "Examples/OrdersBench/README.md"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Documentation").path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/\($0)" }

    /// The targets of `[text](target)` links outside code blocks and code spans.
    static func links(in text: String) -> [String] {
        var out: [String] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle() }
            if inBlock { continue }
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                out.append(String(rest[..<close]))
                rest = rest[close...]
            }
        }
        return out
    }

    /// GitHub's anchor for a heading.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { c -> Character? in
                if c == " " { return "-" }
                return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
            })
    }

    @Test(arguments: pages)
    func everyLinkResolvesInsideTheRepository(page: String) throws {
        let file = Self.root.appendingPathComponent(page)
        let text = try String(contentsOf: file, encoding: .utf8)
        for link in Self.links(in: text) where !link.hasPrefix("http://") && !link.hasPrefix("https://") {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target =
                parts[0].isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
            #expect(target.path.hasPrefix(Self.root.path + "/"), "\(page): \(link) leaves the repository")
            #expect(FileManager.default.fileExists(atPath: target.path), "\(page): \(link) does not exist")
            if parts.count == 2, target.pathExtension == "md", let linked = try? String(contentsOf: target, encoding: .utf8) {
                let anchors = linked.split(separator: "\n").filter { $0.hasPrefix("#") }
                    .map { Self.anchor($0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)) }
                #expect(anchors.contains(parts[1]), "\(page): \(link): no such heading")
            }
        }
    }

    @Test func theReadmeIsAGuide() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 200)
        #expect(readme.hasPrefix("# CodableBench\n\n```sh\nswift run -c release benchmarks"))
        #expect(!readme.contains("../shared"))
    }

    /// The scripts' folders, by audience: users' tools, maintainers' tools, the method's
    /// self-tests, CI's.
    static let scriptFolders = ["scripts", "scripts/maintainers", "scripts/selftests", ".ci"]

    /// Each file or folder directly in `folder` (not hidden, no caches, no CI record).
    static func entries(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { !$0.hasPrefix(".") && $0 != "__pycache__" && $0 != "checked" }.sorted()
    }

    /// The layout page names every script and script folder of the scripts' folders (in code
    /// spans) and every module folder of `Sources/`: a new one, or a renamed one, fails here until
    /// the page says what it is (it drifted by seven scripts before).
    @Test func theLayoutNamesEveryScriptAndModule() throws {
        let layout = try String(contentsOf: Self.root.appendingPathComponent("Documentation/Layout.md"), encoding: .utf8)
        let scripts = try Self.scriptFolders.flatMap { folder in try Self.entries(folder).map { (folder, $0) } }
        let modules = try Self.entries("Sources")
        #expect(scripts.count > 25 && modules.count > 5)
        for (folder, script) in scripts {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(
                atPath: Self.root.appendingPathComponent("\(folder)/\(script)").path, isDirectory: &isFolder)
            let named = isFolder.boolValue ? "`\(script)/" : "`\(script)`"
            #expect(
                layout.contains(named) || layout.contains("\(folder)/\(script)"), "Layout.md does not name \(folder)/\(script)")
        }
        for module in modules {
            #expect(layout.contains(module), "Layout.md does not name Sources/\(module)")
        }
    }

    /// Every script of the scripts' folders says in its first lines who runs it and when
    /// (`Run by: …`), so that a reader of the folder knows which are theirs.
    @Test func everyScriptSaysWhoRunsIt() throws {
        for folder in Self.scriptFolders {
            for script in try Self.entries(folder) {
                let url = Self.root.appendingPathComponent("\(folder)/\(script)")
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }  // a folder
                let head = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(12)
                #expect(head.contains { $0.contains("Run by: ") }, "\(folder)/\(script) does not say who runs it")
            }
        }
    }

    /// `scripts/` holds what users run (the README points there), `scripts/maintainers/` what
    /// only maintainers do: each script's `Run by:` line says so.
    @Test func scriptsAreKeptByAudience() throws {
        func runBy(_ path: String) -> String? {
            guard let text = try? String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8) else { return nil }
            return text.split(separator: "\n").prefix(12).first { $0.contains("Run by: ") }.map(String.init)
        }
        for script in try Self.entries("scripts") {
            guard let line = runBy("scripts/\(script)") else { continue }  // a folder
            #expect(
                line.contains("users") || line.contains("anyone") || line.hasSuffix(".sh (built with cc)."), "scripts/\(script): \(line)")
        }
        for script in try Self.entries("scripts/maintainers") {
            guard let line = runBy("scripts/maintainers/\(script)") else { continue }
            #expect(!line.contains("users") && !line.contains("anyone"), "scripts/maintainers/\(script): \(line)")
        }
    }

    @Test func linksAreFoundOutsideCodeOnly() {
        let text = "see [a](x.md) and `[b](y.md)`\n```\n[c](z.md)\n```\n[d](w.md#h)"
        #expect(Self.links(in: text) == ["x.md", "w.md#h"])
        #expect(
            Self.anchor("Cost breakdown: `costs.csv` and `Data/cost-categories.json`")
                == "cost-breakdown-costscsv-and-datacost-categoriesjson")
    }
}
