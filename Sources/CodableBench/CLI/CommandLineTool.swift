import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

/// Entry point of the `benchmarks` executable (and of a user's own executable with their own
/// strategies): parses the command line, runs it, and maps every failure to a one-line message and
/// a documented exit status: 0 success, 2 usage or input error, 3 harness failure.
public enum CommandLineTool {
    /// Runs the `benchmarks` command line (the subcommands in `configuration`) over `strategies`,
    /// and exits with its status.
    /// Call it from your executable's `main.swift`. `payloadFolders` (relative to the working
    /// directory) are searched first for the files your strategies name in `defaultFiles`.
    /// `claims` are claims files (format in results/README.md) whose questions and claims every
    /// run answers first in its reports. `arguments` replaces the process's command line (tests).
    public static func main(
        strategies: [Strategy], payloadFolders: [String] = [], claims: [String] = [],
        arguments: [String]? = nil
    ) -> Never {
        let tool = ToolContext(catalogue: strategies, payloadFolders: payloadFolders, claimsFiles: claims)
        do {
            let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
            if arguments == ForkServer.arguments {
                ForkServer.serve { try WorkerCommand(arguments: $0).run(in: tool) }
            }
            if arguments.first == WorkerCommand.name {
                try WorkerCommand(arguments: Array(arguments.dropFirst())).run(in: tool)
                SystemCalls.exit(0)
            }
            var command = try BenchmarksCommand.parseAsRoot(arguments)
            if let command = command as? any ToolCommand {
                try command.run(in: tool)
            } else {
                try command.run()
            }
            SystemCalls.exit(0)
        } catch let error as CommandError {
            fail(error.description, status: error.exitStatus)
        } catch let error as ProfileError {
            fail(error.description, status: 2)
        } catch let code as ExitCode {
            SystemCalls.exit(code.rawValue)
        } catch {
            if BenchmarksCommand.exitCode(for: error) == .success {
                BenchmarksCommand.exit(withError: error)  // --help, --version
            }
            let message = BenchmarksCommand.message(for: error)
            fail(message.split(separator: "\n").first.map(String.init) ?? message, status: 2)
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        Terminal.status("error: \(message)")
        SystemCalls.exit(status)
    }
}

struct BenchmarksCommand: ParsableCommand {
    /// Named after the executable that runs it (`benchmarks`, or a user's `my-bench`), so that
    /// every usage line and `--help` names the command the user typed.
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: executableName,
            abstract: "Verified, reproducible measurements of Swift JSON decoding strategies.",
            discussion: """
                Exit status: 0 success, 1 regression (check, ab), 2 usage or input error, 3 harness failure, \
                4 ab judged some cell by neither its exact measures nor time; \
                ended by the signal after Ctrl-C, SIGTERM or SIGHUP (130, 143, 129 in a shell).
                """,
            version: Provenance.harnessVersion,
            subcommands: [
                RunCommand.self, ListCommand.self, GenerateCommand.self, CompareCommand.self, CheckCommand.self, ABCommand.self,
                BaselineCommand.self, ReportCommand.self, ConformanceCommand.self, AcrossCommand.self, ReplayCommand.self,
                HistoryCommand.self,
            ],
            defaultSubcommand: RunCommand.self
        )
    }

    /// The running executable's file name (`benchmarks` where the process has none).
    static var executableName: String {
        CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent }.flatMap { $0.isEmpty ? nil : $0 }
            ?? "benchmarks"
    }
}
