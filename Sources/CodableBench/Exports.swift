// The library a package imports is this module: its public API is the core's (strategies,
// profiles, models), the harness's and the command line's, as one `import CodableBench`.
@_exported import CodableBenchCore
@_exported import CodableBenchHarness
