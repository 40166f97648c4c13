import Catalogue
@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation

/// Shared helpers: the committed profiles, the catalogue, and the built `benchmarks` executable.
enum TestSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let profiles = ProfileCatalog(directory: packageRoot.appendingPathComponent("Data/profiles"))

    /// The project's shared folder beside the clone (`../shared`): real-world corpora and
    /// JSONTestSuite, which nobody here wrote and no user's clone has. The tests that read it say
    /// so in their skip message (`needs ../shared/…`) and are skipped without it.
    static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    static func profile(_ name: String) throws -> Profile {
        try profiles.profile(named: name)
    }

    static func strategy(_ id: String) -> Strategy {
        Catalogue.all.first { $0.id == id }!
    }

    /// The reference of a strategy's group (nil for the reference itself), as the worker picks it.
    static func reference(for strategy: Strategy) -> Strategy? {
        Catalogue.all.reference(for: strategy)
    }

    /// The `benchmarks` binary SwiftPM built beside this test bundle: on Linux the bundle is the
    /// running executable; on macOS a loaded `.xctest` bundle (the runner is Xcode's or SwiftPM's).
    static var executable: URL {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") && $0.bundleURL.hasDirectoryPath }
        let testBinary =
            bundle.map { $0.bundleURL } ?? URL(fileURLWithPath: SystemCalls.executablePath() ?? CommandLine.arguments[0])
        return testBinary.deletingLastPathComponent().appendingPathComponent("benchmarks")
    }

    /// A fresh folder inside this test process's scratch folder, which is removed when the
    /// process exits (a full `swift test` made about thirty of them, and left them all behind).
    static func temporaryDirectory() throws -> URL {
        let url = scratchRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let scratchRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codablebench-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: TestSupport.scratchRoot) }
        return root
    }()

    struct Execution {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `benchmarks` (or another program) with arguments, from the package root (or another
    /// folder), and waits for it.
    static func run(
        _ arguments: [String], program: URL? = nil, in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Execution {
        let process = Process()
        process.executableURL = program ?? executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = directory ?? packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return Execution(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
