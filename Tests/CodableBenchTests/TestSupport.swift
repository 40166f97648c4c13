import Catalogue
@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

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

    /// The `benchmarks` binary SwiftPM built beside this test code. The test code's own file is
    /// found from the loader (`dladdr` of this image's handle), the one way that holds on every
    /// runner: on Linux it is the `.xctest` executable in the build folder; on macOS SwiftPM's
    /// testing helper `dlopen`s `….xctest/Contents/MacOS/…`, for which no `Bundle` exists, and the
    /// running executable is the helper inside the toolchain.
    static var executable: URL {
        guard let image = imagePath(of: #dsohandle),
            let found = builtProduct("benchmarks", besideImage: URL(fileURLWithPath: image))
        else { return URL(fileURLWithPath: "benchmarks-not-found-beside-the-test-bundle") }
        return found
    }

    /// `dladdr`'s answer (`Dl_info`: the same four pointers in glibc and Darwin).
    private struct ImageInfo {
        var fileName: UnsafePointer<CChar>? = nil
        var base: UnsafeMutableRawPointer? = nil
        var symbolName: UnsafePointer<CChar>? = nil
        var symbolAddress: UnsafeMutableRawPointer? = nil
    }

    /// The file of the loaded image that holds `address`, from `dladdr`, looked up at run time:
    /// Swift's Glibc module leaves it out (a GNU extension there), Darwin's has it.
    static func imagePath(of address: UnsafeRawPointer) -> String? {
        typealias Dladdr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
        guard let symbol = DynamicSymbols.symbol("dladdr") else { return nil }
        var info = ImageInfo()
        let found = withUnsafeMutablePointer(to: &info) { unsafeBitCast(symbol, to: Dladdr.self)(address, $0) }
        return found != 0 ? info.fileName.map { String(cString: $0) } : nil
    }

    /// The executable `name` in the nearest folder above `image` that holds one: SwiftPM's build
    /// folder, where products and test bundles lie side by side.
    static func builtProduct(
        _ name: String, besideImage image: URL,
        isExecutable: (String) -> Bool = { FileManager.default.isExecutableFile(atPath: $0) }
    ) -> URL? {
        var folder = image.deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            let candidate = folder.appendingPathComponent(name)
            if isExecutable(candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
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
        SystemCalls.atExit { try? FileManager.default.removeItem(at: TestSupport.scratchRoot) }
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
        let errData = Locked(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errData.withLock { $0 = data }
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Execution(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
    }
}

/// Tests that take whole runs of the executable or build another package: minutes together, where
/// the rest of the suite takes about one. `swift test` skips them; `CODABLEBENCH_SLOW_TESTS=1 swift
/// test` runs them, and `.ci/heavy` does (its check `slow-tests`) whenever a file they cover changed.
extension Trait where Self == ConditionTrait {
    static var slow: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["CODABLEBENCH_SLOW_TESTS"] == "1",
            "slow: CODABLEBENCH_SLOW_TESTS=1 swift test runs it")
    }
}
