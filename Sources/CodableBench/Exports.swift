// The library a package imports is this module: its public API is the core's (strategies,
// profiles, models), the harness's and the command line's, as one `import CodableBench`.
// CodableBenchAnalysis (gates, claims, answers) has no public API and is not re-exported.
@_exported import CodableBenchCore
@_exported import CodableBenchHarness
