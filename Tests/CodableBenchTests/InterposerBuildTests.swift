@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

@Suite("Building malloc-interposer's library on demand")
struct InterposerBuildTests {
    /// `swift build` writes to `.build/<triple>/<configuration>`, which `.build/<configuration>`
    /// links to: a tool there gets the library beside it. The example package's tool, built with a
    /// scratch folder inside ours, does not (and under `swift test` its build waited forever for
    /// the lock on our build folder).
    @Test func onlyTheToolOfThisBuildFolderBuildsIt() throws {
        let scratch = try TestSupport.temporaryDirectory().appendingPathComponent(".build")
        let configuration = Provenance.buildConfiguration
        let products = scratch.appendingPathComponent("x86_64-unknown-linux-gnu/\(configuration)")
        try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: scratch.appendingPathComponent(configuration), withDestinationURL: products)
        #expect(InterposerBuild.builds(into: scratch, executable: scratch.appendingPathComponent("\(configuration)/benchmarks")))
        #expect(InterposerBuild.builds(into: scratch, executable: products.appendingPathComponent("benchmarks")))
        #expect(
            !InterposerBuild.builds(
                into: scratch, executable: scratch.appendingPathComponent("example-orders/\(configuration)/orders-bench")))
        #expect(!InterposerBuild.builds(into: scratch, executable: URL(fileURLWithPath: "/usr/local/bin/benchmarks")))
    }
}
