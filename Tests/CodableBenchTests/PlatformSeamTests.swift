import Foundation
import Testing

@testable import CodableBenchCore
@testable import CodableBenchHarness

/// Everything the library asks of the operating system goes through its two `Platform/` folders
/// (the harness's, and the core's symbol lookups): outside them, no glibc or Linux-only name
/// appears in code (comments may name them), so the rest compiles on Darwin as it does here.
@Suite("One platform seam")
struct PlatformSeamTests {
    static let seams = ["Sources/CodableBenchHarness/Platform/", "Sources/CodableBenchCore/Platform/"]
    static let seam = seams[0]
    /// Names that exist only with glibc or Linux, as patterns over code without comments.
    static let linuxOnly = [
        "\\bGlibc\\b", "\"/proc", "\"/sys", "LD_PRELOAD", "\\.so\"", "\\.so\\.\\d", "__priority_which_t", "\\bsched_\\w+",
        "__rlimit_resource_t", "__sigaction_handler", "GLIBC_TUNABLES", "CLOCK_MONOTONIC\\b",
    ]

    /// `file:line: name` for each Linux-only name in `text`, comments left out.
    static func violations(in text: String, file: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { number, line in
            let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
            return linuxOnly.compactMap { pattern in
                code.range(of: pattern, options: .regularExpression).map { "\(file):\(number + 1): \(code[$0])" }
            }
        }
    }

    @Test func noLinuxOnlyNameOutsideTheSeam() throws {
        let root = TestSupport.packageRoot
        var found: [String] = []
        for folder in ["Sources", "Benchmarks"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                let relative = "\(folder)/\(path)"
                guard relative.hasSuffix(".swift"), !Self.seams.contains(where: relative.hasPrefix) else { continue }
                let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
                found += Self.violations(in: text, file: relative)
            }
        }
        #expect(found.isEmpty, "Linux-only names outside \(Self.seams):\n\(found.joined(separator: "\n"))")
    }

    @Test func aPlantedLinuxNameIsFound() {
        let planted = "import Foundation\nimport Glibc\nlet exe = \"/proc/self/exe\"  // fine in a comment: /sys\n"
        #expect(
            Self.violations(in: planted, file: "X.swift") == ["X.swift:2: Glibc", "X.swift:3: \"/proc"])
        #expect(Self.violations(in: "// import Glibc, \"/proc\"\n", file: "X.swift").isEmpty)
    }

    /// The Darwin branches stay a few direct calls (`SystemCalls*.swift`, which
    /// `.ci/check-platform-seam.py` compiles against Darwin's declarations).
    @Test func darwinOnlyLinesAreFew() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent(Self.seam)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("SystemCalls") }
        #expect(files.count >= 2)
        var lines = 0
        for file in files {
            var inDarwin = false
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if line.hasPrefix("#if canImport(Darwin)") { inDarwin = true; continue }
                if line.hasPrefix("#else") || line.hasPrefix("#elseif") || line.hasPrefix("#endif") { inDarwin = false; continue }
                if inDarwin { lines += 1 }
            }
        }
        #expect(lines > 0 && lines < 80, "\(lines) Darwin-only lines")
    }
}

/// The platform's decisions, as values: Linux, Darwin and `darwin-sim` are all checked here.
@Suite("Platform decisions")
struct PlatformDecisionTests {
    @Test func linuxPinsPreloadsWithLDPreloadAndHasCallgrind() {
        let linux = Platform(.linux)
        #expect(linux.pinsTimingCPU && linux.hasGlibc && linux.hasCallgrind && linux.readsProcFiles)
        #expect(linux.preloadName == "LD_PRELOAD" && linux.libraryFileName("libX") == "libX.so")
        #expect(linux.clockStepNanoseconds == 1 && linux.notMeasured.isEmpty && linux.pinningNote == nil)
        #expect(TimingAllocator.platformDefault(on: linux) == .glibcRetained)
    }

    @Test func darwinNeitherPinsNorHasGlibcNorCallgrind() {
        let darwin = Platform(.darwin)
        #expect(!darwin.pinsTimingCPU && !darwin.hasGlibc && !darwin.hasCallgrind && !darwin.readsProcFiles)
        #expect(darwin.preloadName == "DYLD_INSERT_LIBRARIES" && darwin.libraryFileName("libX") == "libX.dylib")
        #expect(TimingAllocator.platformDefault(on: darwin) == .system && darwin.pinningNote != nil && !darwin.notMeasured.isEmpty)
        #expect(darwin.jemallocLibraries.allSatisfy { $0.hasSuffix(".dylib") })
    }

    @Test func darwinSimRunsDarwinPoliciesWithLinuxMechanisms() {
        let sim = Platform(.darwinSimulated)
        #expect(!sim.pinsTimingCPU && !sim.hasGlibc && !sim.hasCallgrind && !sim.readsProcFiles)
        #expect(sim.preloadVariable == "DYLD_INSERT_LIBRARIES" && sim.preloadName == "LD_PRELOAD")
        #expect(sim.sharedLibrarySuffix == ".dylib" && sim.libraryFileName("libX") == "libX.so")
        #expect(sim.clockStepNanoseconds == 1_000 && TimingAllocator.platformDefault(on: sim) == .system)
        #expect(sim.jemallocLibraries == Platform(.linux).jemallocLibraries)
    }
}

/// A run in `darwin-sim`: Darwin's decisions carried out on Linux, end to end.
@Suite("darwin-sim end to end")
struct DarwinSimulationTests {
    @Test(.enabled(if: Platform.current.kind != .darwin, "darwin-sim runs on Linux"))
    func aRunSaysWhatItsPlatformDoesNotMeasureAndCountsThroughTheInterposer() throws {
        let out = try TestSupport.temporaryDirectory()
        let run = try TestSupport.run(
            [
                "run", "--allow-debug", "--quick", "--profile", "tiny", "--out", out.path, "--strategy", "synthesized",
                "--strategy", "selftest-allocates-1000",
            ], environment: [Platform.simulationVariable: "darwin-sim"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note (darwin-sim): no CPU pinning on this platform"))
        // No counter to read (darwin-sim has none, as an Intel Mac or a VM): said, not silent.
        #expect(run.stderr.contains("note: no exact measures in this run (this CPU's instruction counter cannot be read"))
        let rows = try ResultsCSV.read(out.appendingPathComponent("latest/results.csv"))
        #expect(rows.allSatisfy { $0.provenance.allocator == "system" && $0.provenance.countingBackend == "interposer" })
        let allocations = rows.first { $0.cell.strategy == "selftest-allocates-1000" && $0.metric == .allocations }
        #expect(allocations?.summary?.median == 1000)
        #expect(!rows.contains { $0.metric == .peakHeapBytes })  // absent, never zero
        let info = try #require(RunJSON.read(from: out.appendingPathComponent("latest")))
        #expect(info.platform == "darwin-sim" && info.platformNotes == Platform(.darwinSimulated).reportNotes)
        let report = try String(contentsOf: out.appendingPathComponent("latest/report.md"), encoding: .utf8)
        #expect(report.contains("measured on darwin-sim, which lacks what Linux measures"))
        #expect(report.contains("not measured on this platform: the instruction breakdown by category"))
        #expect(report.contains("the system's malloc through malloc-interposer (the default on macOS)"))
        let instructions = try TestSupport.run(
            ["run", "--allow-debug", "--quick", "--profile", "tiny", "--out", out.path, "--instructions"],
            environment: [Platform.simulationVariable: "darwin-sim"])
        #expect(instructions.status == 2)
        #expect(
            instructions.stderr
                == "error: --instructions needs valgrind's callgrind (Linux) or a readable instruction counter (macOS on Apple silicon); this platform has neither\n"
        )
    }
}

/// Where the tests find the `benchmarks` executable: one function for every runner, tested here
/// on both layouts, Linux's and macOS's, through the same code.
@Suite("The built executable beside the test code")
struct BuiltProductTests {
    @Test(arguments: [
        // Linux: the test code is the `.xctest` executable itself.
        "debug/CodableBenchPackageTests.xctest",
        // macOS: SwiftPM's testing helper loads the binary inside the bundle.
        "debug/CodableBenchPackageTests.xctest/Contents/MacOS/CodableBenchPackageTests",
    ])
    func isFoundInTheBuildFolderAboveTheTestCode(image: String) {
        let build = "/work/.build/arm64-apple-macosx/"
        let executables: Set<String> = [build + "debug/benchmarks"]
        let found = TestSupport.builtProduct(
            "benchmarks", besideImage: URL(fileURLWithPath: build + image), isExecutable: executables.contains)
        #expect(found?.path == build + "debug/benchmarks")
        #expect(
            TestSupport.builtProduct("benchmarks", besideImage: URL(fileURLWithPath: build + image), isExecutable: { _ in false })
                == nil)
    }

    @Test func theRunningTestsFindTheRealOne() {
        #expect(FileManager.default.isExecutableFile(atPath: TestSupport.executable.path), "\(TestSupport.executable.path)")
    }
}

/// The instructions pass through the CPU's counter (macOS), on readings given by hand: the region
/// sized from one decode's count, and one read of the counter subtracted.
@Suite("The retired-instructions region")
struct RetiredRegionTests {
    @Test func aTinyDecodeIsCountedOverManyAndTheReadIsSubtracted() {
        // A decode of 1,000 instructions: 10,000 decodes (the cap) to reach 50M; one of 2M: 25.
        #expect(RetiredRegion.decodes(first: 0, warmed: 1_000, atLeast: 50_000_000) == 10_000)
        #expect(RetiredRegion.decodes(first: 0, warmed: 2_000_000, atLeast: 50_000_000) == 25)
        #expect(RetiredRegion.decodes(first: 0, warmed: 900_000_000, atLeast: 50_000_000) == 10)
        // A counter that did not move is one decode of 1 instruction, not a division by zero.
        #expect(RetiredRegion.decodes(first: 5, warmed: 5, atLeast: 50_000_000) == 10_000)
        // 10 decodes of 1,000 instructions and a read of 300: (10,300 - 300) / 10.
        #expect(RetiredRegion.perDecode(empty: (100, 400), region: (1_000, 11_300), decodes: 10) == 1_000)
        // A counter that went backwards, or a region no longer than an empty read, gives nothing.
        #expect(RetiredRegion.perDecode(empty: (100, 400), region: (1_000, 900), decodes: 10) == nil)
        #expect(RetiredRegion.perDecode(empty: (100, 400), region: (1_000, 1_200), decodes: 10) == nil)
    }
}

/// The allocation canary's verdict on hand-given readings.
@Suite("The allocation canary")
struct AllocationCanaryTests {
    @Test func aCanaryPassesOnlyOnExactlyWhatItMakes() {
        let exact = AllocationCanaryReading(expected: [3000, 0], read: [[3000, 3000, 3000], [0, 0, 0]])
        #expect(exact.passed)
        #expect(
            exact.sentence
                == "the allocation counter read 3000 of the canary's 3000 allocations (1000 objects, 1000 arrays, 1000 strings) and 0 where it makes none"
        )
        let missed = AllocationCanaryReading(expected: [3000, 0], read: [[3, 3, 3], [0, 0, 0]])
        #expect(!missed.passed)
        #expect(
            missed.sentence.hasSuffix(
                "read 3 of the canary's 3000 allocations (1000 objects, 1000 arrays, 1000 strings) and 0 where it makes none: allocations are not reported in this run"
            ))
        // One decode off, or a canary that was not counted at all, fails too.
        #expect(!AllocationCanaryReading(expected: [3000, 0], read: [[3000, 3001, 3000], [0, 0, 0]]).passed)
        let uncounted = AllocationCanaryReading(expected: [3000, 0], read: [[], [0, 0, 0]])
        #expect(!uncounted.passed && uncounted.sentence.contains("read nothing of the canary's 3000"))
        // The planted counter misses a third.
        #expect(Plant.counted(AllocationCount(allocations: 3000, allocatedBytes: 1, peakBytes: nil), byJemalloc: true).allocations == 3000)
    }
}

/// The exact canary's verdict on hand-given readings (`ExactCanaryReading`).
@Suite("The exact canary")
struct ExactCanaryTests {
    @Test func aCanaryPassesOnlyWhereEveryTurnIsSeenAlikeTwiceAndInBothLoops() {
        // 6 instructions a turn, 12 around the loop.
        let exact = ExactCanaryReading(read: [12, 6_000_012, 6_000_012, 12_000_012])
        #expect(exact.passed)
        #expect(
            exact.sentence
                == "the exact measure read 12 instructions for a canary loop of no turns, 6000012 and 6000012 for 1000000 turns (two processes), and 2.0000 times the turns' count for twice the turns"
        )
        // A counter that reads 0, or fewer instructions than turns: it does not see the region.
        let zero = ExactCanaryReading(read: [0, 0, 0, 0])
        #expect(!zero.passed && zero.sentence.hasSuffix("(two processes): exact measures are not reported in this run"))
        #expect(!ExactCanaryReading(read: [12, 900_012, 900_012, 1_800_012]).passed)
        // Drifting between two readings of one loop by more than 0.1% of the turns' count.
        #expect(!ExactCanaryReading(read: [12, 6_000_012, 6_060_012, 12_000_012]).passed)
        #expect(ExactCanaryReading(read: [12, 6_000_012, 6_005_012, 12_000_012]).passed)
        // Not linear: twice the turns read 2.5 times as many.
        #expect(!ExactCanaryReading(read: [12, 6_000_012, 6_000_012, 15_000_012]).passed)
        // A canary not counted at all.
        let missing = ExactCanaryReading(read: [12, nil, 6_000_012, 12_000_012])
        #expect(!missing.passed && missing.sentence.contains("nothing and 6000012 for 1000000 turns"))
        #expect(!ExactCanaryReading(read: []).passed)
    }
}

/// What moved one build's exact counts between two runs on one host: installing any package
/// rewrites `/etc/ld.so.cache`, which the loader maps before the libraries, so every library moved
/// and the Swift runtime's address-keyed hash maps probed otherwise (2-3% on `missing-and-defaults`).
/// A counted worker finds its libraries through a library path instead, and never opens the cache.
@Suite("The counted worker's environment")
struct CountedEnvironmentTests {
    /// `LD_DEBUG=libs` makes the loader say where it searched: "search cache=/etc/ld.so.cache"
    /// where it consulted the cache. Without the library path it does (so this can fail).
    @Test(.enabled(if: Platform.current.readsProcFiles, "Linux's loader"))
    func aCountedWorkerNeverReadsTheLoadersCache() throws {
        func loaderLog(_ environment: [String: String]) throws -> String {
            let variables = (environment.merging(["LD_DEBUG": "libs", "PATH": "/usr/bin:/bin"]) { $1 }).sorted { $0.key < $1.key }
            let run = try TestSupport.run(
                ["-i"] + variables.map { "\($0.key)=\($0.value)" } + [TestSupport.executable.path, "--version"],
                program: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(run.status == 0, "\(run.stderr)")
            return run.stderr
        }
        let counted = CountingPasses.countedEnvironment
        let links = (counted["LD_LIBRARY_PATH"] ?? "").split(separator: ":").map { "/" + $0.split(separator: "/").joined(separator: "/") }
        let folders = links.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: $0) }
        #expect(folders.count == links.count && folders.contains { $0.hasSuffix("-linux-gnu") || $0.hasSuffix("lib64") })
        #expect(!(try loaderLog(counted)).contains("search cache="))
        #expect(try loaderLog(["SWIFT_DETERMINISTIC_HASHING": "1"]).contains("search cache="))
    }

    /// Every library this process has mapped, not those of `/proc/self/maps`' first 4 KB (what
    /// `String(contentsOfFile:)` read of it).
    @Test(.enabled(if: Platform.current.readsProcFiles, "Linux's /proc"))
    func everyLoadedLibraryIsRead() throws {
        let maps = try TestSupport.run(
            ["/proc/\(ProcessInfo.processInfo.processIdentifier)/maps"], program: URL(fileURLWithPath: "/bin/cat")
        ).stdout
        let listed = Set(
            maps.split(separator: "\n").compactMap { $0.split(separator: " ").dropFirst(5).first.map(String.init) }
                .filter { $0.hasPrefix("/") && $0.contains(".so") })
        #expect(maps.utf8.count > 4096 && listed.count > 10)
        #expect(Set(SystemFiles.loadedLibraries() ?? []) == listed)
    }

    /// Wherever the toolchain is installed, the library path is the same string: each folder
    /// through a link named by the libraries loaded from it, padded to one length.
    @Test(.enabled(if: Platform.current.readsProcFiles, "Linux's library path"))
    func theLibraryPathIsTheSameWhereverTheLibrariesAre() throws {
        func folder(_ name: String, bytes: Int) throws -> String {
            let folder = try TestSupport.temporaryDirectory().appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(count: bytes).write(to: folder.appendingPathComponent("libMade.so"))
            return folder.path
        }
        let here = try folder("toolchain", bytes: 100 + Int(ProcessInfo.processInfo.processIdentifier))
        let there = try folder("a-toolchain-in-a-longer-folder", bytes: 100 + Int(ProcessInfo.processInfo.processIdentifier))
        let first = CountedLibraryFolders.libraryPath(for: [here + "/libMade.so", "/lib64/ld-linux-x86-64.so.2"])
        let link = first.map { "/" + $0.split(separator: ":")[0].split(separator: "/").joined(separator: "/") }
        #expect(first?.count == 1024 && link?.hasPrefix("/tmp/codablebench-libraries-") == true)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link ?? "") == here)
        let second = CountedLibraryFolders.libraryPath(for: [there + "/libMade.so", "/lib64/ld-linux-x86-64.so.2"])
        #expect(second == first)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link ?? "") == there)
        // Other libraries, or the same of another size, are another link.
        let other = try folder("other", bytes: 99)
        let otherPath = CountedLibraryFolders.libraryPath(for: [other + "/libMade.so"]) ?? ""
        #expect(!otherPath.contains(link ?? ""))
        for made in [link ?? "", "/" + otherPath.split(separator: "/").joined(separator: "/")] {
            try? FileManager.default.removeItem(atPath: made)
        }
    }
}

/// callgrind counts a copy of the executable without its debug sections, which valgrind 3.19
/// cannot misread whatever DWARF a C dependency carries (`ExecutableWithoutDebugInfo`).
@Suite("The executable callgrind counts")
struct ExecutableWithoutDebugInfoTests {
    @Test(.enabled(if: Platform.current.hasCallgrind, "Linux's ELF executables"))
    func theCopyKeepsTheNameAndDropsTheDebugSectionsInAFolderNamedByTheBuild() throws {
        let original = TestSupport.executable.resolvingSymlinksInPath()
        let copy = ExecutableWithoutDebugInfo.copy(of: original)
        #expect(copy.problem == nil, "\(copy.problem ?? "")")
        #expect(copy.url != original && copy.url.lastPathComponent == original.lastPathComponent)
        // One path for one build, wherever its checkout is.
        let folder = copy.url.deletingLastPathComponent().path
        #expect(folder.hasPrefix("/tmp/codablebench-counted-") && folder.count == "/tmp/codablebench-counted-".count + 16)
        func sections(_ file: URL) throws -> String {
            try TestSupport.run(["readelf", "-S", "-W", file.path], program: URL(fileURLWithPath: "/usr/bin/env")).stdout
        }
        #expect(try sections(original).contains(".debug_info"))
        let stripped = try sections(copy.url)
        #expect(!stripped.contains(".debug_") && stripped.contains(".symtab") && stripped.contains(".text"))
    }
}

/// What valgrind presents to the counted process, read from the loader's diagnostics.
@Suite("The CPU valgrind presents")
struct PresentedCPUTests {
    @Test func isReadFromTheLoadersDiagnostics() {
        let diagnostics = """
            dl_platform="haswell"
            x86.cpu_features.basic.kind=0x1
            x86.cpu_features.basic.max_cpuid=0xd
            x86.cpu_features.basic.family=0x6
            x86.cpu_features.basic.model=0x3c
            x86.cpu_features.basic.stepping=0x3
            """
        #expect(PresentedCPU.describe(diagnostics: diagnostics) == "Intel family 6 model 60 stepping 3 (haswell)")
        #expect(PresentedCPU.describe(diagnostics: "dl_platform=\"x86_64\"\n") == nil)
    }

    @Test(.enabled(if: Platform.current.hasCallgrind && InstructionRegion.valgrindPath() != nil, "needs valgrind"))
    func valgrindPresentsACPUOfItsOwn() throws {
        let valgrind = try #require(InstructionRegion.valgrindPath())
        let presented = try #require(PresentedCPU.read(valgrind: valgrind))
        #expect(presented.contains("family") && presented.contains("model"))
    }
}
