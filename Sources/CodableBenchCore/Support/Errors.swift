/// The errors every command ends with, and their exit statuses (`CommandLineTool.main` maps them;
/// `benchmarks --help` documents them): 0 success, 1 a regression (check, ab), 2 a usage or input
/// error, 3 the harness itself failed, 4 `ab` could judge some cell by neither measure. Each prints
/// as one line.

/// A mistake in what the user asked for: one line, exit status 2.
package struct UsageError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// The harness itself failed (cannot write results, cannot start a worker): exit status 3.
package struct HarnessFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
