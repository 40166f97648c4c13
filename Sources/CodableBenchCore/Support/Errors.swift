/// The error every command ends with: one line and its exit status (`CommandLineTool.main` prints
/// it and exits with it; `benchmarks --help` documents the statuses): 0 success, 1 a regression
/// (check, ab), 2 a usage or input error, 3 the harness itself failed, 4 `ab` could judge some cell
/// by neither measure.
package struct CommandError: Error, CustomStringConvertible {
    package let description: String
    package let exitStatus: Int32

    /// A mistake in what the user asked for: exit status 2.
    package static func usage(_ description: String) -> CommandError {
        CommandError(description: description, exitStatus: 2)
    }

    /// A file the user named that cannot be read as what it should be (a results folder, a
    /// baseline, a replayed run): exit status 2, as for any input the user gave.
    package static func input(_ description: String) -> CommandError {
        CommandError(description: description, exitStatus: 2)
    }

    /// The harness itself failed (cannot write results, cannot start a worker): exit status 3.
    package static func harness(_ description: String) -> CommandError {
        CommandError(description: description, exitStatus: 3)
    }
}
