import Foundation
import Testing

/// The library's public surface, read from the compiler's symbol graph of the module this test
/// run built: every public symbol has a doc comment, and the listing equals the committed
/// `PublicAPI.txt`, so any change to the API is visible in review. After an intended change:
/// `UPDATE_PUBLIC_API=1 swift test --filter PublicAPITests` rewrites the file.
@Suite("Public API of the CodableBench library")
struct PublicAPITests {
    static let listingFile = TestSupport.packageRoot.appendingPathComponent("PublicAPI.txt")

    struct Symbol {
        let line: String
        let isDocumented: Bool
    }

    /// The toolchain's own target (`swift -print-target-info`), on Linux and macOS alike.
    static func targetTriple() throws -> String {
        let info = try TestSupport.run(["swift", "-print-target-info"], program: URL(fileURLWithPath: "/usr/bin/env"))
        let json = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
        let target = json?["target"] as? [String: Any]
        return try #require(target?["triple"] as? String, "swift -print-target-info: \(info.stderr)")
    }

    /// The modules `import CodableBench` brings (it re-exports the core and the harness).
    static let modules = ["CodableBenchCore", "CodableBenchHarness", "CodableBench"]

    /// `swift-symbolgraph-extract` over each module in this build's Modules folder.
    static func symbols() throws -> [Symbol] {
        try modules.flatMap(symbols(of:)).sorted { $0.line < $1.line }
    }

    /// On macOS the extractor needs the SDK the package was built against; Linux has none.
    static func sdkArguments() throws -> [String] {
        #if os(macOS)
        let sdk = try TestSupport.run(["xcrun", "--sdk", "macosx", "--show-sdk-path"], program: URL(fileURLWithPath: "/usr/bin/env"))
        return ["-sdk", sdk.stdout.trimmingCharacters(in: .whitespacesAndNewlines)]
        #else
        return []
        #endif
    }

    static func symbols(of module: String) throws -> [Symbol] {
        let modules = TestSupport.executable.deletingLastPathComponent().appendingPathComponent("Modules")
        // The build folder: <scratch>/<triple>/<configuration>/benchmarks.
        let checkouts = TestSupport.executable.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("checkouts")
        let output = try TestSupport.temporaryDirectory()
        // Through the `swift` driver, which finds the extractor in its own toolchain (with Xcode
        // alone, `swift-symbolgraph-extract` need not be on PATH).
        let extract = try TestSupport.run(
            [
                "swift", "symbolgraph-extract", "-module-name", module, "-I", modules.path,
                // The module maps of the C modules it imports (SwiftPM passes them to the compiler):
                // valgrind's client requests, and GRDB's SQLite (the history), in SwiftPM's checkouts.
                "-I", TestSupport.packageRoot.appendingPathComponent("Sources/CallgrindControl").path,
                "-I", checkouts.appendingPathComponent("GRDB.swift/Sources/GRDBSQLite").path,
                "-target", try targetTriple(), "-output-dir", output.path, "-minimum-access-level", "public",
            ] + (try sdkArguments()),
            program: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(extract.status == 0, "swift-symbolgraph-extract: \(extract.stderr)")
        var symbols: [Symbol] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".symbols.json") {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent(file))) as? [String: Any]
            for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
                // Members the compiler synthesizes (hashValue, ==) have no location: not ours to document.
                guard symbol["location"] != nil else { continue }
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
                let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                symbols.append(Symbol(line: "\(path): \(declaration)", isDocumented: symbol["docComment"] != nil))
            }
        }
        return symbols
    }

    @Test func everyPublicSymbolHasADocComment() throws {
        let undocumented = try Self.symbols().filter { !$0.isDocumented }.map(\.line)
        #expect(undocumented.isEmpty, "undocumented public symbols:\n\(undocumented.joined(separator: "\n"))")
    }

    @Test func listingMatchesTheCommittedFile() throws {
        let listing = try Self.symbols().map(\.line).joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["UPDATE_PUBLIC_API"] == "1" {
            try listing.write(to: Self.listingFile, atomically: true, encoding: .utf8)
        }
        let committed = (try? String(contentsOf: Self.listingFile, encoding: .utf8)) ?? ""
        let added = Set(listing.split(separator: "\n")).subtracting(committed.split(separator: "\n")).sorted()
        let removed = Set(committed.split(separator: "\n")).subtracting(listing.split(separator: "\n")).sorted()
        #expect(
            added.isEmpty && removed.isEmpty,
            "public API changed (UPDATE_PUBLIC_API=1 swift test --filter PublicAPITests to accept):\n+ \(added.joined(separator: "\n+ "))\n- \(removed.joined(separator: "\n- "))"
        )
    }
}
